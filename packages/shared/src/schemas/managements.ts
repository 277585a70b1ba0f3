import { z } from 'zod';
import { COLLECTION_OUTCOMES, MANAGEMENT_CHANNEL_IDS, MANAGEMENT_CHANNELS, catalogueLabel } from '../catalogues/loans';
import type { Country } from '../countries';
import { formatDateTime } from '../format';
import { MANAGEMENT_STATUSES } from '../catalogues/filters';
import { idSchema } from './common';
import { searchTextSchema } from './leads';
import { csvOf, isoDateSchema, listQuerySchema } from './list';

/*
 * Daily managements ("gestiones"): every contact attempt a seller or collector records on an application
 * (result: SPEC 9's management status) or a loan (result: a collection outcome), listed on
 * /daily-managements, summed up for a supervisor's day and opened on /daily-management?id=.
 */

export const MANAGEMENT_SORT_FIELDS = ['created_at'] as const;

/** What a management's result may be: an application's management status or a loan's collection outcome. */
export const MANAGEMENT_RESULTS: readonly string[] = [...MANAGEMENT_STATUSES, ...COLLECTION_OUTCOMES.map((o) => o.id)];

/** The result as users read it (a collection outcome's label; a management status is its own label). */
export function managementResultLabel(result: string): string {
  return COLLECTION_OUTCOMES.find((o) => o.id === result)?.label ?? result;
}

/**
 * A management as the application's timeline tells it, in one entry: 'No responde · WhatsApp', the next
 * action's time and the note on lines below.
 */
export function managementTimelineText(
  country: Country,
  m: { result: string; channel: string; nextActionAt?: Date | string | null; note?: string | null },
): string {
  const lines = [`${managementResultLabel(m.result)} · ${catalogueLabel(MANAGEMENT_CHANNELS, m.channel)}`];
  if (m.nextActionAt) lines.push(`Próxima acción: ${formatDateTime(country, m.nextActionAt)}`);
  if (m.note) lines.push(m.note);
  return lines.join('\n');
}

/**
 * The filters of the list and of the day's summary. Without `from` and `to` the server takes today on the
 * country's clock; `role` is a role id of the country (arg numbers, col names) as text.
 */
export const managementFilters = {
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  user: csvOf(idSchema),
  role: csvOf(z.string().trim().min(1).max(40)),
  channel: csvOf(z.enum(MANAGEMENT_CHANNEL_IDS, { error: 'Canal desconocido' })),
  result: csvOf(
    z
      .string()
      .max(60)
      .refine((value) => MANAGEMENT_RESULTS.includes(value), { message: 'Resultado desconocido' }),
  ),
  /** Managements of applications ('lead') or of loans ('loan'). */
  subject: z.enum(['lead', 'loan'], { error: 'Usa lead o loan' }).optional(),
  lead_id: idSchema.optional(),
  loan_id: idSchema.optional(),
  /** The customer's name or document. */
  q: searchTextSchema.optional(),
};

export const managementListQuerySchema = listQuerySchema(MANAGEMENT_SORT_FIELDS, managementFilters);
export type ManagementListQuery = z.infer<typeof managementListQuerySchema>;

export const managementSummaryQuerySchema = z.object(managementFilters);
export type ManagementSummaryQuery = z.infer<typeof managementSummaryQuerySchema>;

const personSchema = z.object({ id: z.number().int(), name: z.string() });

export const managementCustomerSchema = z.object({
  id: z.number().int(),
  doc_number: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

export const managementRowSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  user: personSchema.nullable(),
  /** The user's role id as text. */
  role: z.string().nullable(),
  lead_id: z.number().int().nullable(),
  loan_id: z.number().int().nullable(),
  customer: managementCustomerSchema.nullable(),
  channel: z.string(),
  result: z.string(),
  note: z.string().nullable(),
  next_action_at: z.string().nullable(),
  call_id: z.number().int().nullable(),
});
export type ManagementRow = z.infer<typeof managementRowSchema>;

/** `GET /daily-managements/summary`: the filtered range's work per user (supervisor, admin, ATC). */
export const managementSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Managements per user per hour of the day (0-23, the country's clock). */
  by_hour: z.array(
    z.object({ user_id: z.number().int().nullable(), user_name: z.string(), hour: z.number().int(), count: z.number().int() }),
  ),
  /** Managements per user per result. */
  by_result: z.array(
    z.object({ user_id: z.number().int().nullable(), user_name: z.string(), result: z.string(), count: z.number().int() }),
  ),
  /** Managements made in the range. */
  contacts: z.number().int(),
  /** Next actions (of any earlier management in scope) due in the range, and of them those followed by another management since. */
  next_actions_due: z.number().int(),
  next_actions_done: z.number().int(),
});
export type ManagementSummary = z.infer<typeof managementSummarySchema>;

/** What happened on the lead or loan after a management: later managements and status changes. */
export const managementAfterSchema = z.object({
  type: z.enum(['management', 'status']),
  at: z.string(),
  /** The management's id, or null for a status change. */
  id: z.number().int().nullable(),
  user: z.string().nullable(),
  /** The result or the status reached (a lead's status id as text, a loan's status code). */
  text: z.string(),
  channel: z.string().nullable(),
});

export const managementCallSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  cellphone: z.string(),
  adapter: z.string(),
  outcome: z.string().nullable(),
  external_id: z.string().nullable(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
});

export const managementDetailSchema = z.object({
  management: managementRowSchema,
  lead: z
    .object({ id: z.number().int(), status_id: z.number().int(), management_status: z.string().nullable(), seller: z.string().nullable() })
    .nullable(),
  loan: z.object({ id: z.number().int(), status: z.string(), days_past_due: z.number().int(), outstanding: z.number().int() }).nullable(),
  customer: managementCustomerSchema.extend({ cellphone: z.string().nullable(), email: z.string().nullable() }).nullable(),
  call: managementCallSchema.nullable(),
  after: z.array(managementAfterSchema),
});
export type ManagementDetail = z.infer<typeof managementDetailSchema>;

export const managementIdParamsSchema = z.object({ id: idSchema });
