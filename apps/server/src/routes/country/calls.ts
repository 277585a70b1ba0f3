import {
  canAccess,
  callActionResponseSchema,
  callIdQuerySchema,
  callResultSchema,
  findRole,
  hangUpBodySchema,
  isSeller,
  isSellerOrWoAssignation,
  nationalPhone,
  onlyDigits,
  scheduleCallsResponseSchema,
  startCallBodySchemas,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, MESSAGES } from '../../lib/errors';
import { signedInUser, type AuthUser } from '../../plugins/app/auth';
import type { CallBackChange } from '../../repositories/calls';
import { TelephonyError, createTelephony, placeCall } from '../../services/telephony';
import { CALL_ERRORS } from './call-errors';
import type { CountryOptions } from './options';
import { SESSION_SECURITY, errorResponses } from '../responses';

const errors = errorResponses(400, 401, 403, 404, 409, 502);

/**
 * Call reminders (SPEC 4 "Call reminder flow") and click-to-call (SPEC 5, 7).
 *
 * resolve-call and postpone-call are GETs with side effects because SPEC 7 says so and the web calls them
 * that way: they require the XSRF header as a POST does (`config.xsrf`), so a link on another site (a
 * top-level navigation carries the Lax session cookie) cannot resolve or postpone a seller's call.
 */
const callsRoutes: FastifyPluginAsyncZod<CountryOptions> = async (app, { country }) => {
  const telephony = createTelephony(app.config.telephony);
  const postponeMinutes = app.config.callPostponeMinutes;

  /** SPEC 6: only the seller role gets call reminders. */
  const sellerOnly = (user: AuthUser) => {
    if (!isSeller(country, user.role)) throw new HttpError(403, CALL_ERRORS.onlySellers);
  };

  const answer = (change: CallBackChange) => {
    if (!change.ok) {
      if (change.reason === 'not_found') throw new HttpError(404, CALL_ERRORS.notFound);
      if (change.reason === 'not_yours') throw new HttpError(403, CALL_ERRORS.notYours);
      throw new HttpError(409, CALL_ERRORS.notPending);
    }
    // The lead's next call moved (or it has none left): so did its place in the lists sorted by it.
    app.leadLists[country].reordered();
    return {
      id: change.id,
      lead_id: change.leadId,
      status: change.status,
      next: change.next ? { id: change.next.id, schedule_time: change.next.scheduleTime.toISOString() } : null,
    };
  };

  /** The body's telephony user must be the signed-in user's own, and that one must exist (> 0). */
  const ownTelephonyUser = (user: AuthUser, bodyUser: number) => {
    if (user.neotelId <= 0) throw new HttpError(403, CALL_ERRORS.noNeotelUser);
    if (bodyUser !== user.neotelId) throw new HttpError(403, CALL_ERRORS.wrongNeotelUser);
  };

  app.get(
    '/sales/schedule-calls',
    {
      onRequest: app.authenticate,
      config: { background: true },
      schema: {
        tags: ['calls'],
        summary: 'Recordatorio de llamada: la llamada programada vencida más antigua del vendedor, o {} si no hay',
        security: SESSION_SECURITY,
        response: { 200: scheduleCallsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      sellerOnly(user);
      void reply.header('cache-control', 'no-store');
      return (await app.calls.due(country, user.id)) ?? {};
    },
  );

  app.get(
    '/sales/resolve-call',
    {
      onRequest: app.authenticate,
      config: { xsrf: true },
      schema: {
        tags: ['calls'],
        summary: 'Marca resuelta una llamada programada propia y pendiente; queda en el historial del lead',
        security: SESSION_SECURITY,
        querystring: callIdQuerySchema,
        response: { 200: callActionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      sellerOnly(user);
      return answer(await app.calls.resolve(country, request.query.id, user.id));
    },
  );

  app.get(
    '/sales/postpone-call',
    {
      onRequest: app.authenticate,
      config: { xsrf: true },
      schema: {
        tags: ['calls'],
        summary: `Pospone una llamada programada propia y pendiente (CALL_POSTPONE_MINUTES, hoy ${postponeMinutes} min); queda en el historial`,
        security: SESSION_SECURITY,
        querystring: callIdQuerySchema,
        response: { 200: callActionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      sellerOnly(user);
      return answer(await app.calls.postpone(country, request.query.id, user.id, postponeMinutes));
    },
  );

  app.post(
    '/customers/calls/hang-up',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['calls'],
        summary: 'Corta la llamada en curso del usuario de telefonía (el propio); 502 si la telefonía falla',
        security: SESSION_SECURITY,
        body: hangUpBodySchema,
        response: { 200: callResultSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      ownTelephonyUser(user, request.body.user);
      try {
        await telephony.hangUp(user.neotelId);
      } catch (error) {
        if (!(error instanceof TelephonyError)) throw error;
        request.log.warn({ err: error, adapter: telephony.name }, 'telephony hang-up failed');
        throw new HttpError(502, CALL_ERRORS.hangUpFailed);
      }
      const ended = await app.calls.endOpen(country, user.id);
      const last = ended.at(-1);
      return { call_id: last?.id ?? null, status: 'ended' as const, lead_id: last?.leadId ?? null };
    },
  );

  app.post(
    '/customers/calls/start',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['calls'],
        summary: 'Inicia una llamada desde el usuario de telefonía (el propio) al celular; queda registrada y en el historial del lead',
        security: SESSION_SECURITY,
        body: startCallBodySchemas[country],
        response: { 200: callResultSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      // `cellphone`: the country's national number (the body schema refused anything abroad, premium or special).
      const { user: neotelUser, cellphone, lead_id: leadIdParam, loan_id: loanIdParam } = request.body;
      ownTelephonyUser(user, neotelUser);
      const ownLeadsOnly = isSellerOrWoAssignation(country, user.role);
      const refuse = (statusCode: number, message: string) => new HttpError(statusCode, message, [{ field: 'cellphone', message }]);
      let leadId: number | null = null;
      let loanId: number | null = null;
      if (loanIdParam !== undefined) {
        // A collection's call: whoever opens /collection-detail, a collector only on a loan of their queue.
        if (!canAccess('collection-detail', country, user.role)) throw new HttpError(403, MESSAGES.forbidden);
        const loan = await app.collections.access(country, loanIdParam);
        if (!loan) throw new HttpError(404, CALL_ERRORS.loanNotFound);
        if (findRole(country, user.role)?.kind === 'collector' && loan.collectorId !== user.id)
          throw new HttpError(403, CALL_ERRORS.notYourLoan);
        const stored = loan.cellphone ? onlyDigits(nationalPhone(loan.cellphone, country)) : '';
        if (!stored) throw refuse(409, CALL_ERRORS.loanWithoutCellphone(loan.id));
        if (stored !== cellphone) throw refuse(409, CALL_ERRORS.notLoansCellphone(loan.id));
        loanId = loan.id;
        leadId = loan.leadId;
      } else if (leadIdParam !== undefined) {
        const row = await app.calls.leadToCall(country, leadIdParam);
        if (!row) throw new HttpError(404, MESSAGES.leadNotFound);
        if (ownLeadsOnly && row.sellerId !== user.id) throw new HttpError(403, MESSAGES.notYourLead(row.sellerId));
        // The lead's customer's own number, however it was written; anything else would dial a stranger and
        // put the call on this lead's record.
        const stored = row.cellphone ? onlyDigits(nationalPhone(row.cellphone, country)) : '';
        if (!stored) throw refuse(409, CALL_ERRORS.leadWithoutCellphone(row.id));
        if (stored !== cellphone) throw refuse(409, CALL_ERRORS.notLeadsCellphone(row.id));
        leadId = row.id;
      } else {
        // SPEC 7's body is only {user, cellphone}: a seller's call goes on their lead's timeline when one of
        // their customers has that number.
        if (ownLeadsOnly) leadId = await app.calls.leadByCellphone(country, user.id, cellphone);
        // A number nobody's lead has: only an admin. Not a seller, whom SPEC 6 lets open /test in col: their
        // calls go to their own customers (the test call, /test's own route, stays a diagnostics tool).
        if (leadId === null && (ownLeadsOnly || findRole(country, user.role)?.kind !== 'admin')) {
          throw refuse(403, ownLeadsOnly ? CALL_ERRORS.notYourCustomer : CALL_ERRORS.leadRequired);
        }
      }
      let call;
      try {
        call = await placeCall(app.calls, telephony, {
          country,
          userId: user.id,
          neotelUser: user.neotelId,
          cellphone,
          leadId,
          adapter: telephony.name,
        });
      } catch (error) {
        if (!(error instanceof TelephonyError)) throw error;
        request.log.warn({ err: error, adapter: telephony.name }, 'telephony start failed');
        throw new HttpError(502, CALL_ERRORS.startFailed);
      }
      if (!call.placed) throw new HttpError(409, CALL_ERRORS.callInProgress);
      if (loanId !== null) await app.collections.recordCall(country, loanId, user.id, call.id, cellphone);
      return { call_id: call.id, status: 'started' as const, lead_id: leadId };
    },
  );
};

export default callsRoutes;
