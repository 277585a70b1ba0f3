import { z } from 'zod';
import { STATUSES, stepsOf, type StepEntry } from '../catalogues/statuses';
import { addDays, daysBetween, laterDay, todayIn } from '../calendar';
import type { Country } from '../countries';
import { findRole, type RoleId, type RoleKind } from '../roles';
import type { FieldError } from './common';
import { isoDateSchema } from './list';

/*
 * The dashboard at `/` (issue 4, section 6): what it asks (`from`/`to`), what it answers, and which blocks
 * each role sees. The server computes only the blocks of the caller's role; the web shows what it gets.
 */

/** The blocks of the dashboard. */
export const DASHBOARD_BLOCKS = [
  'funnel',
  'daily',
  'conversion',
  'audit_queue',
  'seller_ranking',
  'stage_failures',
  'collections',
] as const;
export type DashboardBlock = (typeof DASHBOARD_BLOCKS)[number];

/** `own`: only the leads assigned to the caller; `country`: every lead of the country. */
export type DashboardScope = 'own' | 'country';

/**
 * The one table of who sees what. Sellers (the three seller kinds) see their own numbers; everyone else
 * the whole country. The seller ranking is for the people who manage sellers; the audit queue for those
 * who work or watch it; the automated stages that failed for the back office, who runs them by hand;
 * collectors follow disbursements (their future loans). The collections block (portfolio at risk, money
 * recovered, promises kept and broken) is for the roles of /collections; a collector's covers their own loans.
 */
export const DASHBOARD_ACCESS: Record<RoleKind, { scope: DashboardScope; blocks: readonly DashboardBlock[] }> = {
  admin: { scope: 'country', blocks: ['funnel', 'daily', 'conversion', 'audit_queue', 'seller_ranking', 'stage_failures', 'collections'] },
  supervisor: {
    scope: 'country',
    blocks: ['funnel', 'daily', 'conversion', 'audit_queue', 'seller_ranking', 'stage_failures', 'collections'],
  },
  operator: { scope: 'country', blocks: ['funnel', 'daily', 'conversion', 'audit_queue', 'stage_failures'] },
  auditor: { scope: 'country', blocks: ['audit_queue', 'funnel', 'daily'] },
  atc: { scope: 'country', blocks: ['funnel', 'daily', 'conversion', 'collections'] },
  risk: { scope: 'country', blocks: ['funnel', 'daily', 'conversion'] },
  webservice: { scope: 'country', blocks: ['funnel', 'daily', 'conversion'] },
  collector: { scope: 'country', blocks: ['collections', 'daily'] },
  seller: { scope: 'own', blocks: ['funnel', 'daily', 'conversion'] },
  seller_wo_assignation: { scope: 'own', blocks: ['funnel', 'daily', 'conversion'] },
  seller_renovator: { scope: 'own', blocks: ['funnel', 'daily', 'conversion'] },
};

/** What a role sees (an unknown role: nothing). */
export function dashboardAccessOf(country: Country, roleId: RoleId): { scope: DashboardScope; blocks: readonly DashboardBlock[] } {
  const kind = findRole(country, roleId)?.kind;
  return kind ? DASHBOARD_ACCESS[kind] : { scope: 'own', blocks: [] };
}

function idOf(country: Country, name: string): number {
  const status = STATUSES[country].find((s) => s.name === name);
  if (!status) throw new Error(`Unknown ${country} status ${name}`);
  return status.id;
}
const ids = (country: Country, names: readonly string[]): number[] => names.map((name) => idOf(country, name));

/**
 * The status whose history rows count as disbursements: arg DISBURSED (23). col has no DISBURSED; its
 * pipeline ends when the money is sent, TRANSFERRED (22), which is the same business event.
 */
export const DISBURSED_STATUS: Record<Country, number> = {
  arg: idOf('arg', 'DISBURSED'),
  col: idOf('col', 'TRANSFERRED'),
};

/** The audit queue: applications waiting for an auditor. */
export const AUDIT_QUEUE_STATUSES: Record<Country, number[]> = {
  arg: ids('arg', ['AUDIT_PENDING', 'AUDIT_RETRY']),
  col: ids('col', ['AUDIT_PENDING', 'AUDIT_RETRY']),
};

/**
 * ACCEPTED and every status an application can only reach after it (audit, transfer, disbursement and
 * their outcomes): a lead "converted" when its history has any of them.
 */
const AFTER_ACCEPTED = [
  'AUDIT_PENDING',
  'AUDIT_APPROVAL',
  'AUDIT_RETRY',
  'AUDIT_REJECTED',
  'REQUEST_INFORMATION',
  'TRANSFER_IN_PROGRESS',
  'TRANSFER_REJECTED',
  'TRANSFER_FAILED',
];
export const CONVERTED_STATUSES: Record<Country, number[]> = {
  arg: ids('arg', ['ACCEPTED', ...AFTER_ACCEPTED, 'TRANSFERED', 'DISBURSED']),
  col: ids('col', ['ACCEPTED', ...AFTER_ACCEPTED, 'TRANSFER_RETRY', 'TRANSFER_MANUAL', 'TRANSFERRED']),
};

/** Labels that are not "Paso N", in pipeline order (the lead-cards columns of issue 4 use the same). */
const TAIL_STEPS = ['AUDITORIA', 'TRANSFERENCIA', 'DEVUELTO', 'RE-AUDITORIA', 'RECHAZO', 'RECHAZO-AUDITORIA', 'EXPIRADO'];

/** The country's steps in pipeline order: Paso 2 … Paso 12, then audit, transfer and the outcomes. */
export function funnelStepsOf(country: Country): StepEntry[] {
  const rank = (label: string) => {
    const paso = /^Paso (\d+)$/.exec(label);
    return paso ? Number(paso[1]) : 100 + TAIL_STEPS.indexOf(label);
  };
  return [...stepsOf(country)].sort((a, b) => rank(a.label) - rank(b.label));
}

/** `POST /stage-runs/retry`: the stopped stage runs queued again (the roles that see the stage failures block). */
export const retryStoppedStagesResponseSchema = z.object({ queued: z.number().int().nonnegative() });
export type RetryStoppedStagesResponse = z.infer<typeof retryStoppedStagesResponseSchema>;

/** Applications listed by the stage failures block (those the system stopped retrying first). */
export const STAGE_FAILURES_LISTED = 10;

export const DASHBOARD_DEFAULT_DAYS = 30;
/**
 * Longest range asked at once: any calendar quarter. At a million leads, conversion and the seller
 * ranking over a year take ten times a quarter's time (the cohort's leads are hashed against the
 * converted ones), and a per-day chart of a year is no longer readable anyway.
 */
export const DASHBOARD_MAX_DAYS = 92;

export const dashboardQuerySchema = z.object({
  /** First calendar day (country time zone), inclusive. Default: 29 days before `to`. */
  from: isoDateSchema.optional(),
  /** Last calendar day, inclusive. Default: today in the country. */
  to: isoDateSchema.optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/**
 * The range a query means, defaults applied (the last 30 days of the country, today included), or the
 * fields that make it unusable. Server and web read ranges through this one function.
 */
export function resolveDashboardRange(
  country: Country,
  query: DashboardQuery,
  now = new Date(),
): { from: string; to: string; errors?: undefined } | { errors: FieldError[] } {
  // A `from` in the future with no `to` asks for that one day rather than an empty, inverted range.
  const to = query.to ?? (query.from ? laterDay(query.from, todayIn(country, now)) : todayIn(country, now));
  const from = query.from ?? addDays(to, -(DASHBOARD_DEFAULT_DAYS - 1));
  if (to < from) return { errors: [{ field: 'to', message: 'La fecha hasta no puede ser anterior a la fecha desde' }] };
  if (daysBetween(from, to) > DASHBOARD_MAX_DAYS) {
    return { errors: [{ field: 'from', message: `El rango admite hasta ${DASHBOARD_MAX_DAYS} días` }] };
  }
  return { from, to };
}

const count = z.number().int().nonnegative();
/** Converted / created, 0 when nothing was created. */
const rate = z.number().min(0).max(1);

export const funnelStepSchema = z.object({ step_id: z.number().int(), status: z.string(), label: z.string(), count });

/** Money in the country's minor units (centavos), formatted by `format.ts`. */
const amount = z.number().int().nonnegative();

export const dailyPointSchema = z.object({
  date: z.string(),
  created: count,
  disbursed: count,
  /** What the day's new applications asked for. */
  requested_amount: amount,
  /** What the day's disbursements paid out (the offer, or the requested amount when there was none). */
  disbursed_amount: amount,
});

/** The daily block's totals over one period (the range asked, or the one of equal length just before it). */
const dailyTotalsSchema = z.object({
  created_total: count,
  disbursed_total: count,
  requested_amount_total: amount,
  disbursed_amount_total: amount,
});

/** The period of equal length that ends the day before `from`: what each KPI is compared with. */
export function previousRange(range: { from: string; to: string }): { from: string; to: string } {
  const days = daysBetween(range.from, range.to);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/*
 * "Mi trabajo de hoy" (issue 39): what the signed-in user has to do today, by role kind, counted on the server
 * over what that user may see (a seller: their own call backs; a collector: their own loans). Each count has
 * its label here, so the web names it the same way wherever it shows.
 */
export const MY_WORK_COUNTS = {
  call_backs_overdue: 'Llamadas vencidas',
  call_backs_today: 'Llamadas para hoy',
  team_call_backs_overdue: 'Llamadas vencidas del equipo',
  unassigned_leads: 'Solicitudes sin asignar',
  audits_claimed: 'Casos que tomaste',
  audits_unclaimed: 'Casos sin tomar',
  promises_due: 'Promesas que vencen hoy o antes',
  next_actions_due: 'Próximas acciones para hoy',
  loans_unassigned: 'Préstamos en mora sin cobrador',
  stages_stopped: 'Etapas detenidas',
  risk_manual: 'Solicitudes en revisión manual de riesgo',
} as const;
export type MyWorkCount = keyof typeof MY_WORK_COUNTS;

/**
 * Each role kind's work: its counts, and which items it lists (the first MY_WORK_LISTED): a seller their
 * call backs due today or overdue; an auditor the open cases they claimed; a collector their loans with a
 * promise or a next action due; the people who manage the team the team's overdue call backs; the operator
 * (and the API role) the automated stages stopped; ATC the country's promises due (customers who call about
 * them); risk the applications waiting for a manual decision.
 */
export const MY_WORK_ITEM_KINDS = ['call_back', 'audit', 'collection', 'stage', 'risk'] as const;
export type MyWorkItemKind = (typeof MY_WORK_ITEM_KINDS)[number];
export const MY_WORK: Record<RoleKind, { counts: readonly MyWorkCount[]; items: MyWorkItemKind }> = {
  seller: { counts: ['call_backs_overdue', 'call_backs_today'], items: 'call_back' },
  seller_renovator: { counts: ['call_backs_overdue', 'call_backs_today'], items: 'call_back' },
  seller_wo_assignation: { counts: ['call_backs_overdue', 'call_backs_today', 'unassigned_leads'], items: 'call_back' },
  auditor: { counts: ['audits_claimed', 'audits_unclaimed'], items: 'audit' },
  collector: { counts: ['promises_due', 'next_actions_due'], items: 'collection' },
  admin: { counts: ['team_call_backs_overdue', 'unassigned_leads', 'audits_unclaimed', 'loans_unassigned'], items: 'call_back' },
  supervisor: { counts: ['team_call_backs_overdue', 'unassigned_leads', 'audits_unclaimed', 'loans_unassigned'], items: 'call_back' },
  operator: { counts: ['stages_stopped', 'unassigned_leads'], items: 'stage' },
  webservice: { counts: ['stages_stopped', 'unassigned_leads'], items: 'stage' },
  atc: { counts: ['promises_due', 'loans_unassigned'], items: 'collection' },
  risk: { counts: ['risk_manual'], items: 'risk' },
};
export const MY_WORK_LISTED = 5;

/** Applications waiting for a person of risk to decide (arg has no RISK_MANUAL: its exception is that). */
export const RISK_REVIEW_STATUSES: Record<Country, number[]> = {
  arg: ids('arg', ['RISK_EXCEPTION']),
  col: ids('col', ['RISK_MANUAL', 'RISK_EXCEPTION']),
};

export const myWorkItemSchema = z.object({
  kind: z.enum(MY_WORK_ITEM_KINDS),
  /** The application's id (call back, audit, stage, risk) or the loan's (collection): what the link opens. */
  id: z.number().int(),
  customer: z.string(),
  /** When it is due: an ISO date-time, or for a promise its ISO day; null when it has no time. */
  due_at: z.string().nullable(),
  /** Due before now (a call back, a next action) or before today (a promise). */
  overdue: z.boolean(),
  /** A collection's promise (or overdue amount), minor units; null otherwise. */
  amount: amount.nullable(),
  /** For a collection: what is due ('promise' or 'next_action'). */
  reason: z.enum(['promise', 'next_action']).nullable(),
});
export type MyWorkItem = z.infer<typeof myWorkItemSchema>;

export const myWorkSchema = z.object({
  counts: z.array(z.object({ id: z.enum(Object.keys(MY_WORK_COUNTS) as [MyWorkCount, ...MyWorkCount[]]), count })),
  items: z.array(myWorkItemSchema),
});
export type MyWork = z.infer<typeof myWorkSchema>;

export const dashboardResponseSchema = z.object({
  scope: z.enum(['own', 'country']),
  /** The blocks of the caller's role, in display order; only these are present below. */
  blocks: z.array(z.enum(DASHBOARD_BLOCKS)),
  from: z.string(),
  to: z.string(),
  /** When the oldest number in the answer was computed (answers may come from a cache seconds old). */
  generated_at: z.string(),
  /** The user's work of today (MY_WORK of their role kind): always present, never cached across users. */
  my_work: myWorkSchema,
  /** Current leads by step, in pipeline order (every step, zeros included). */
  funnel: z.array(funnelStepSchema).optional(),
  /** Applications created and disbursed per calendar day of the range (every day, zeros included). */
  daily: z
    .object({
      /** The status whose history rows are counted as disbursements (arg DISBURSED, col TRANSFERRED). */
      disbursed_status: z.number().int(),
      ...dailyTotalsSchema.shape,
      days: z.array(dailyPointSchema),
      /** The same totals over the period of equal length just before (`previousRange`). */
      previous: dailyTotalsSchema.extend({ from: z.string(), to: z.string() }),
    })
    .optional(),
  /**
   * Leads created in the range, and how many of them reached ACCEPTED or a later status (at any time since);
   * `previous`: the same over the period of equal length just before.
   */
  conversion: z
    .object({ created: count, converted: count, rate, previous: z.object({ created: count, converted: count, rate }) })
    .optional(),
  /** AUDIT_PENDING + AUDIT_RETRY now; ages since each lead entered its current status (status history). */
  audit_queue: z
    .object({
      size: count,
      /** When the longest-waiting lead entered the queue; null when the queue is empty. */
      oldest_since: z.string().nullable(),
      oldest_hours: z.number().nullable(),
      median_hours: z.number().nullable(),
    })
    .optional(),
  /**
   * Automated stages whose runs failed (their service did not answer), now: those the system still retries
   * and those it stopped retrying, which a person must run; up to STAGE_FAILURES_LISTED of them, the stopped
   * ones first, then by the next retry.
   */
  stage_failures: z
    .object({
      retrying: count,
      stopped: count,
      leads: z.array(
        z.object({
          lead_id: z.number().int(),
          status_id: z.number().int(),
          attempts: z.number().int(),
          /** ISO date-time of the next retry; null: stopped. */
          retry_at: z.string().nullable(),
        }),
      ),
    })
    .optional(),
  /** Collections (the roles of /collections; a collector's own loans): now at risk, recovered per day, promises. */
  collections: z
    .object({
      /** Loans in collections now and what they owe, by bucket (every bucket, zeros included). */
      at_risk: z.array(z.object({ bucket: z.string(), label: z.string(), count, amount: z.number().int().nonnegative() })),
      /** Payments received per day of the range (every day), minor units. */
      recovered: z.object({
        total: z.number().int().nonnegative(),
        days: z.array(z.object({ date: z.string(), amount: z.number().int().nonnegative() })),
      }),
      /** Promises that fell due in the range: kept, broken, still pending; by collector too. */
      promises: z.object({
        kept: count,
        broken: count,
        pending: count,
        by_collector: z.array(
          z.object({ collector: z.object({ id: z.number().int(), name: z.string() }), kept: count, broken: count, pending: count }),
        ),
      }),
    })
    .optional(),
  /** Sellers by conversion over the range (best first; ties: more conversions, then more leads), top 10. */
  seller_ranking: z
    .array(z.object({ seller: z.object({ id: z.number().int(), name: z.string() }), created: count, converted: count, rate }))
    .optional(),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
export type FunnelStep = z.infer<typeof funnelStepSchema>;
export type DailyPoint = z.infer<typeof dailyPointSchema>;
export const SELLER_RANKING_SIZE = 10;
