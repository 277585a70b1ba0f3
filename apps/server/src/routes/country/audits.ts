import {
  AUDIT_MESSAGES,
  auditDecisionBodySchema,
  auditDetailSchema,
  auditLeadParamsSchema,
  auditQueueQuerySchema,
  auditQueueResponseSchema,
  auditQueueStatusIds,
  auditStatusesOf,
  decisionStatusId,
  type AuditDetail,
  type Country,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CountCache } from '../../lib/count-cache';
import { sendJsonText, type JsonText } from '../../lib/json-text';
import { HttpError, MESSAGES, invalidData } from '../../lib/errors';
import { perUserRateLimit } from '../../plugins/external/rate-limit';
import { claimOf, type OpenRound } from '../../repositories/audits';
import type { CountryOptions } from './options';
import { SESSION_SECURITY, errorResponses } from '../responses';
import { signedInUser } from '../../plugins/app/auth';

const errors = errorResponses(400, 401, 403, 404, 409);

export const AUDIT_ROUTE_MESSAGES = {
  notInAudit: 'El lead no está esperando auditoría',
  notAuditCase: 'El lead no pasó por auditoría: no es un caso de auditoría',
  heldBy: (name: string) => `Este caso ya lo tomó ${name}. Elige otro de la cola.`,
  notClaimed: 'Toma el caso antes de decidir: nadie lo tiene tomado.',
  changed: 'El caso cambió mientras decidías (otra persona lo tomó o lo resolvió): revisa cómo quedó.',
  unknownStatus: 'Estado de auditoría desconocido',
} as const;

/** 409 naming who holds the case (or saying nobody does). */
function notYours(open: OpenRound): HttpError {
  if (open.auditorId !== null && open.auditorName !== null) return new HttpError(409, AUDIT_ROUTE_MESSAGES.heldBy(open.auditorName));
  return new HttpError(409, AUDIT_ROUTE_MESSAGES.notClaimed);
}

/**
 * The auditors' queue and the audit decision (issue 4, section 4). Claims keep two auditors off the same
 * case; decisions are workflow transitions (`app.workflow`) whose audit row is written in the transition's
 * own transaction.
 */
const auditRoutes: FastifyPluginAsyncZod<CountryOptions> = async (app, { country }) => {
  // The queue's counts by filter, per node, as the lists keep theirs: a count reads up to 10,001 index
  // entries, a page a few dozen rows. A status
  // change or a claim through this node drops them; other nodes' changes show within countCacheSeconds.
  const counts = new CountCache(app.config.countCacheSeconds);
  const stop = app.workflow.onStatusChange((changed) => {
    if (changed === country) counts.clear();
  });
  app.addHook('onClose', async () => stop());

  /**
   * The case as JSON text: the lead's own text as PostgreSQL rendered it (as GET /leads/:id sends it, never
   * parsed here) and the rounds. Serialising the whole lead again, timeline included, cost the server more
   * than the rest of the request.
   */
  const detail = async (leadId: number): Promise<JsonText<AuditDetail>> => {
    const [found, rounds] = await Promise.all([app.leads.detail(country, leadId), app.audits.rounds(country, leadId)]);
    if (!found) throw new HttpError(404, MESSAGES.leadNotFound);
    // Only an audit case (a round open or closed): auditors read no other application through it.
    if (rounds.length === 0) throw new HttpError(404, AUDIT_ROUTE_MESSAGES.notAuditCase);
    const openOne = rounds.find((r) => r.open !== null);
    const open = openOne?.open ?? null;
    const rest: Omit<AuditDetail, 'lead'> = {
      current: openOne?.round ?? null,
      claim: open ? claimOf(open.auditorId, open.auditorName, open.claimedAt, open.active) : null,
      history: rounds.filter((r) => r.open === null).map((r) => r.round),
    };
    return `{"lead":${found.json},${JSON.stringify(rest).slice(1)}`;
  };

  /** The statuses asked for, all of the country's audit statuses (400 naming `status` otherwise). */
  const statusesOf = (country: Country, asked: number[] | undefined): number[] => {
    if (!asked || asked.length === 0) return auditQueueStatusIds(country);
    const known = new Set(auditStatusesOf(country).map((s) => s.id));
    if (asked.some((id) => !known.has(id))) throw invalidData([{ field: 'status', message: AUDIT_ROUTE_MESSAGES.unknownStatus }]);
    return asked;
  };

  app.get(
    '/audits',
    {
      onRequest: app.authorize('audits'),
      config: { rateLimit: perUserRateLimit(app.config.rateLimits.lists, '1 minute', MESSAGES.tooManyPages) },
      schema: {
        tags: ['audits'],
        summary: 'Cola de auditoría: leads en AUDIT_PENDING y AUDIT_RETRY, el más antiguo primero',
        description:
          'Filtros: status (estados de auditoría del país; por omisión los de la cola) y claim ' +
          '(all, unclaimed, claimed, mine). Orden: desde cuándo el lead está en su estado. Paginada por posición. ' +
          'El total se cuenta hasta el umbral de las listas (`exact: false` más allá); exactCount=true cuenta todos.',
        security: SESSION_SECURITY,
        querystring: auditQueueQuerySchema,
        response: { 200: auditQueueResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { page, pageSize, claim, exactCount } = request.query;
      const filters = { statuses: statusesOf(country, request.query.status), claim };
      const userId = signedInUser(request).id;
      const countKey = JSON.stringify([filters.statuses, claim, claim === 'mine' ? userId : null, exactCount === true]);
      const [rows, count] = await Promise.all([
        app.audits.queue(country, userId, filters, page, pageSize),
        counts.get(countKey) ??
          app.audits.count(country, userId, filters, exactCount ? undefined : app.config.listCountThreshold).then((fresh) => {
            counts.set(countKey, fresh);
            return fresh;
          }),
      ]);
      return { rows, count, pageInfo: { page, pageSize, nextCursor: null, prevCursor: null } };
    },
  );

  app.get(
    '/audits/:leadId',
    {
      onRequest: app.authorize('audit-detail'),
      schema: {
        tags: ['audits'],
        summary: 'Solicitud a auditar: lead, cliente, línea de tiempo, ronda de auditoría abierta y anteriores',
        security: SESSION_SECURITY,
        params: auditLeadParamsSchema,
        response: { 200: auditDetailSchema, ...errors },
      },
    },
    async (request, reply) => sendJsonText(reply, await detail(request.params.leadId)),
  );

  app.post(
    '/audits/:leadId/claim',
    {
      onRequest: app.authorize('audit-detail'),
      schema: {
        tags: ['audits'],
        summary: 'Toma el caso (409 con el nombre de quien lo tiene si otro auditor lo tomó)',
        description: 'La toma vence a los 30 minutos: después otro auditor puede tomar el caso.',
        security: SESSION_SECURITY,
        params: auditLeadParamsSchema,
        response: { 200: auditDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { leadId } = request.params;
      const taken = await app.audits.claim(country, leadId, signedInUser(request).id);
      if (taken) counts.clear();
      else {
        const open = await app.audits.openRound(country, leadId);
        if (!open) {
          if (!(await app.leads.find(country, leadId))) throw new HttpError(404, MESSAGES.leadNotFound);
          throw new HttpError(409, AUDIT_ROUTE_MESSAGES.notInAudit);
        }
        throw notYours(open);
      }
      return sendJsonText(reply, await detail(leadId));
    },
  );

  app.post(
    '/audits/:leadId/release',
    {
      onRequest: app.authorize('audit-detail'),
      schema: {
        tags: ['audits'],
        summary: 'Devuelve el caso a la cola (solo quien lo tiene tomado)',
        security: SESSION_SECURITY,
        params: auditLeadParamsSchema,
        response: { 200: auditDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { leadId } = request.params;
      const released = await app.audits.release(country, leadId, signedInUser(request).id);
      if (released) counts.clear();
      else {
        const open = await app.audits.openRound(country, leadId);
        if (!open) {
          if (!(await app.leads.find(country, leadId))) throw new HttpError(404, MESSAGES.leadNotFound);
          throw new HttpError(409, AUDIT_ROUTE_MESSAGES.notInAudit);
        }
        // Nobody holds it: releasing is already done.
        if (open.auditorId !== null) throw notYours(open);
      }
      return sendJsonText(reply, await detail(leadId));
    },
  );

  app.post(
    '/audits/:leadId/decision',
    {
      onRequest: app.authorize('audit-detail'),
      schema: {
        tags: ['audits'],
        summary: 'Decide la auditoría: aprobar (→ transferencia), rechazar, re-auditar o pedir información (→ DEVUELTO)',
        description:
          'Solo quien tiene tomado el caso. Comentario obligatorio salvo al aprobar; aprobar exige el checklist completo. ' +
          'El cambio de estado pasa por el motor de workflow y la ronda de auditoría se escribe en la misma transacción.',
        security: SESSION_SECURITY,
        params: auditLeadParamsSchema,
        body: auditDecisionBodySchema,
        response: { 200: auditDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { leadId } = request.params;
      const user = signedInUser(request);
      const { decision, checklist, comment, version } = request.body;
      const open = await app.audits.openRound(country, leadId);
      if (!open) {
        if (!(await app.leads.find(country, leadId))) throw new HttpError(404, MESSAGES.leadNotFound);
        throw new HttpError(409, AUDIT_ROUTE_MESSAGES.notInAudit);
      }
      // An expired claim still lets its holder decide as long as nobody else took the case.
      if (open.auditorId !== user.id) throw notYours(open);
      await app.workflow.transition({
        country,
        leadId,
        user,
        to: decisionStatusId(country, decision),
        version,
        reason: comment,
        auditDecision: true,
        within: async (tx) => {
          // Read in the transaction that moves the lead: an account cleared meanwhile rolls the approval back.
          if (decision === 'approve' && !(await app.audits.hasBankAccount(tx, country, leadId))) {
            throw new HttpError(409, AUDIT_MESSAGES.noBankAccount);
          }
          const recorded = await app.audits.recordDecision(tx, {
            roundId: open.id,
            userId: user.id,
            decision,
            checklist,
            comment: comment ?? null,
          });
          if (!recorded) throw new HttpError(409, AUDIT_ROUTE_MESSAGES.changed);
        },
      });
      return sendJsonText(reply, await detail(leadId));
    },
  );
};

export default auditRoutes;
