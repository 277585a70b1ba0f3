import {
  BUCKETS,
  DISBURSED_STATUS,
  dashboardAccessOf,
  dashboardQuerySchema,
  dashboardResponseSchema,
  daysBetween,
  addDays,
  findRole,
  funnelStepsOf,
  previousRange,
  resolveDashboardRange,
  retryStoppedStagesResponseSchema,
  type DashboardResponse,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AggregateCache } from '../../lib/aggregate-cache';
import { HttpError, MESSAGES, invalidData } from '../../lib/errors';
import type { DashboardScope, DayCount, DayRange } from '../../repositories/dashboard';
import type { CountryOptions } from './options';
import { SESSION_SECURITY, errorResponses } from '../responses';
import { signedInUser } from '../../plugins/app/auth';

const errors = errorResponses(400, 401, 403);

const ratio = (converted: number, created: number) => (created === 0 ? 0 : converted / created);
const hours = (ms: number) => Math.round(ms / 36_000) / 100;

/** Every day of the range with its counts and amounts (zeros included), so charts get a continuous axis. */
function perDay(range: DayRange, created: DayCount[], disbursed: DayCount[]) {
  const createdBy = new Map(created.map((d) => [d.date, d]));
  const disbursedBy = new Map(disbursed.map((d) => [d.date, d]));
  return Array.from({ length: daysBetween(range.from, range.to) }, (_, i) => {
    const date = addDays(range.from, i);
    return {
      date,
      created: createdBy.get(date)?.count ?? 0,
      disbursed: disbursedBy.get(date)?.count ?? 0,
      requested_amount: createdBy.get(date)?.amount ?? 0,
      disbursed_amount: disbursedBy.get(date)?.amount ?? 0,
    };
  });
}

function totalsOf(days: ReturnType<typeof perDay>) {
  const sum = (key: 'created' | 'disbursed' | 'requested_amount' | 'disbursed_amount') => days.reduce((total, d) => total + d[key], 0);
  return {
    created_total: sum('created'),
    disbursed_total: sum('disbursed'),
    requested_amount_total: sum('requested_amount'),
    disbursed_amount_total: sum('disbursed_amount'),
  };
}

/** The collections block: every bucket and every day of the range, zeros included. */
function collectionsBlock(
  range: DayRange,
  risk: { bucket: string; count: number; amount: number }[],
  recovered: { date: string; amount: number }[],
  promises: { collector: { id: number; name: string }; kept: number; broken: number; pending: number }[],
): NonNullable<DashboardResponse['collections']> {
  const byBucket = new Map(risk.map((r) => [r.bucket, r]));
  const byDay = new Map(recovered.map((d) => [d.date, d.amount]));
  const days = Array.from({ length: daysBetween(range.from, range.to) }, (_, i) => {
    const date = addDays(range.from, i);
    return { date, amount: byDay.get(date) ?? 0 };
  });
  const sum = (key: 'kept' | 'broken' | 'pending') => promises.reduce((total, row) => total + row[key], 0);
  return {
    at_risk: BUCKETS.map((b) => ({
      bucket: b.id,
      label: b.label,
      count: byBucket.get(b.id)?.count ?? 0,
      amount: byBucket.get(b.id)?.amount ?? 0,
    })),
    recovered: { total: days.reduce((total, d) => total + d.amount, 0), days },
    promises: { kept: sum('kept'), broken: sum('broken'), pending: sum('pending'), by_collector: promises },
  };
}

const dashboardRoutes: FastifyPluginAsyncZod<CountryOptions> = async (app, { country }) => {
  const cache = new AggregateCache(app.config.dashboardCacheSeconds);

  app.get(
    '/dashboard',
    {
      onRequest: app.authorize('index'),
      schema: {
        tags: ['dashboard'],
        summary:
          'Tablero de inicio: mi trabajo de hoy, embudo por paso, creadas y desembolsadas (cantidades y montos) por día, conversión, ' +
          'cola de auditoría, etapas automáticas con fallas',
        description:
          'Los bloques dependen del rol (DASHBOARD_ACCESS); los vendedores ven solo sus leads. Rango por defecto: ' +
          'los últimos 30 días del país; cada cifra trae la del período anterior de igual duración. Cada nodo reutiliza ' +
          'los agregados unos segundos (`generated_at`), salvo `my_work` (MY_WORK del rol), que es de cada usuario y se calcula siempre.',
        security: SESSION_SECURITY,
        querystring: dashboardQuerySchema,
        response: { 200: dashboardResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const access = dashboardAccessOf(country, user.role);
      const range = resolveDashboardRange(country, request.query);
      if (range.errors) throw invalidData(range.errors);
      const scope: DashboardScope = { country, ownSellerId: access.scope === 'own' ? user.id : undefined };
      // Blocks are cached one by one: roles that share a scope (every non-seller) share the entries, and
      // the blocks that do not depend on the range are reused across ranges.
      const prefix = `${country}|${scope.ownSellerId === undefined ? 'country' : `seller:${scope.ownSellerId}`}|`;
      const days = `${range.from}|${range.to}`;
      // Each KPI is compared with the period of equal length just before.
      const before = previousRange(range);
      const repo = app.dashboard;
      const shows = new Set(access.blocks);
      const when = <T>(show: boolean, key: string, compute: () => Promise<T>) => (show ? cache.get(prefix + key, compute) : undefined);

      // A collector's collections figures are their own loans'.
      const kind = findRole(country, user.role)?.kind;
      const ownCollector = kind === 'collector' ? user.id : undefined;
      const [myWork, funnel, daily, conversion, audit, ranking, stages, collections] = await Promise.all([
        // Not cached: it is this user's alone, and what they just did (a call back resolved, a case decided)
        // must leave it at once. Small index ranges.
        kind ? repo.myWork(country, kind, user.id, new Date()) : { counts: [], items: [] },
        when(shows.has('funnel'), 'funnel', () => repo.funnel(scope)),
        when(shows.has('daily'), `daily|${days}`, async (): Promise<NonNullable<DashboardResponse['daily']>> => {
          const [created, disbursed, createdBefore, disbursedBefore] = await Promise.all([
            repo.createdPerDay(scope, range),
            repo.disbursedPerDay(scope, range),
            repo.createdPerDay(scope, before),
            repo.disbursedPerDay(scope, before),
          ]);
          const series = perDay(range, created, disbursed);
          return {
            disbursed_status: DISBURSED_STATUS[country],
            ...totalsOf(series),
            days: series,
            previous: { ...before, ...totalsOf(perDay(before, createdBefore, disbursedBefore)) },
          };
        }),
        when(shows.has('conversion'), `conversion|${days}`, async () => {
          const [now, previous] = await Promise.all([repo.conversion(scope, range), repo.conversion(scope, before)]);
          return { now, previous };
        }),
        // The queue is the country's (no seller role sees it).
        when(shows.has('audit_queue'), 'audit_queue', () => repo.auditQueue(country, new Date())),
        when(shows.has('seller_ranking'), `ranking|${days}`, () => repo.sellerRanking(country, range)),
        // Not cached: a small table, and what the back office just retried must show at once.
        shows.has('stage_failures') ? app.stageRuns.failures(country).then((value) => ({ value, at: Date.now() })) : undefined,
        shows.has('collections')
          ? cache.get(`${country}|collections|${ownCollector ?? 'country'}|${days}`, async () => {
              const [risk, recovered, promises] = await Promise.all([
                app.collections.portfolioAtRisk(country, ownCollector),
                app.collections.recoveredPerDay(country, range, ownCollector),
                app.collections.promiseRates(country, range, ownCollector),
              ]);
              return collectionsBlock(range, risk, recovered, promises);
            })
          : undefined,
      ]);

      const computed = [funnel, daily, conversion, audit, ranking, stages, collections].filter((entry) => entry !== undefined);
      const answer: DashboardResponse = {
        scope: access.scope,
        blocks: [...access.blocks],
        from: range.from,
        to: range.to,
        generated_at: new Date(Math.min(Date.now(), ...computed.map((entry) => entry.at))).toISOString(),
        my_work: myWork,
      };
      if (funnel) {
        const counts = new Map(funnel.value.map((row) => [row.statusId, row.count]));
        answer.funnel = funnelStepsOf(country).map((step) => ({
          step_id: step.id,
          status: step.status,
          label: step.label,
          count: counts.get(step.id) ?? 0,
        }));
      }
      if (daily) answer.daily = daily.value;
      if (conversion) {
        const { now, previous } = conversion.value;
        answer.conversion = {
          ...now,
          rate: ratio(now.converted, now.created),
          previous: { ...previous, rate: ratio(previous.converted, previous.created) },
        };
      }
      if (audit) {
        const { size, oldestSince, medianHours } = audit.value;
        answer.audit_queue = {
          size,
          oldest_since: oldestSince?.toISOString() ?? null,
          // Ages as of when the numbers were taken, like the median.
          oldest_hours: oldestSince ? hours(audit.at - oldestSince.getTime()) : null,
          median_hours: medianHours === null ? null : Math.round(medianHours * 100) / 100,
        };
      }
      if (ranking) {
        answer.seller_ranking = ranking.value.map((row) => ({
          seller: { id: row.sellerId, name: row.name },
          created: row.created,
          converted: row.converted,
          rate: ratio(row.converted, row.created),
        }));
      }
      if (collections) answer.collections = collections.value;
      if (stages) {
        const { retrying, stopped, leads } = stages.value;
        answer.stage_failures = {
          retrying,
          stopped,
          leads: leads.map((row) => ({
            lead_id: row.leadId,
            status_id: row.statusId,
            attempts: row.attempts,
            retry_at: row.retryAt,
          })),
        };
      }
      return answer;
    },
  );

  app.post(
    '/stage-runs/retry',
    {
      onRequest: app.authorize('index'),
      schema: {
        tags: ['dashboard'],
        summary: 'Vuelve a encolar las etapas automáticas que el sistema dejó de reintentar (tras una caída de su servicio)',
        description: 'Para los roles que ven el bloque de etapas con fallas del tablero (DASHBOARD_ACCESS). Sus intentos vuelven a cero.',
        security: SESSION_SECURITY,
        response: { 200: retryStoppedStagesResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (!dashboardAccessOf(country, signedInUser(request).role).blocks.includes('stage_failures'))
        throw new HttpError(403, MESSAGES.forbidden);
      const queued = await app.stageRuns.retryStopped(country);
      request.log.info({ country, queued, userId: signedInUser(request).id }, 'stopped stage runs queued again');
      // This node starts on them at once rather than at its next look.
      if (queued > 0)
        void app.stageWorker.runOnce().catch((error: unknown) => request.log.error({ err: error }, 'stage worker run failed'));
      return { queued };
    },
  );
};

export default dashboardRoutes;
