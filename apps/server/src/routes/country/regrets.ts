import {
  regretCandidateSchema,
  regretCreateBodySchema,
  regretDetailSchema,
  regretListQuerySchema,
  regretParamsSchema,
  regretQuoteSchema,
  regretRowSchema,
  regretStatusesOf,
  regretTransitionBodySchema,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidData } from '../../lib/errors';
import { regretList } from '../../lists/legal';
import { listRoutes } from '../../lists/routes';
import type { CountryOptions } from './options';
import { SESSION_SECURITY, errorResponses } from '../responses';
import { signedInUser } from '../../plugins/app/auth';

const errors = errorResponses(400, 401, 403, 404, 409);
const loanRefQuery = z.object({
  loan_id: z.preprocess((v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v), z.number().int().positive().optional()),
  lead_id: z.preprocess((v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v), z.number().int().positive().optional()),
});

/** Regrets (issue 36): the queue on the list engine, the deadline quote, filing, and the return request's transitions. */
const regretRoutes: FastifyPluginAsyncZod<CountryOptions> = async (app, { country }) => {
  const known = new Set(regretStatusesOf(country).map((s) => s.id));
  listRoutes(app, {
    country,
    path: '/regrets',
    screen: 'regrets',
    tag: 'regrets',
    summary: 'Arrepentimientos con su plazo legal',
    query: regretListQuerySchema,
    row: regretRowSchema,
    definition: regretList,
    filters: (q) => {
      if (q.status?.some((s) => !known.has(s))) throw invalidData([{ field: 'status', message: 'Estado desconocido' }]);
      return { status: q.status, deadlineFrom: q.deadline_from, deadlineTo: q.deadline_to, overdue: q.overdue };
    },
  });

  app.get(
    '/regrets/candidates',
    {
      onRequest: app.authorize('regrets'),
      schema: {
        tags: ['regrets'],
        summary: 'Préstamos dentro de su plazo legal sin arrepentimiento abierto (los más recientes, hasta 20)',
        security: SESSION_SECURITY,
        response: { 200: z.array(regretCandidateSchema), ...errors },
      },
    },
    async (request) => app.regrets.candidates(country, signedInUser(request)),
  );

  app.get(
    '/regrets/quote',
    {
      onRequest: app.authorize('regrets'),
      schema: {
        tags: ['regrets'],
        summary: 'Plazo legal de arrepentimiento de un préstamo (por loan_id o lead_id) y lo que habría que devolver',
        security: SESSION_SECURITY,
        querystring: loanRefQuery,
        response: { 200: regretQuoteSchema, ...errors },
      },
    },
    async (request) => {
      const { loan_id, lead_id } = request.query;
      if (loan_id === undefined && lead_id === undefined) throw invalidData([{ field: 'loan_id', message: 'Indica loan_id o lead_id' }]);
      return app.regrets.quote(country, signedInUser(request), { loan_id, lead_id });
    },
  );

  app.post(
    '/regrets',
    {
      onRequest: app.authorize('regrets'),
      schema: {
        tags: ['regrets'],
        summary: 'Registra un arrepentimiento (409 con el motivo si venció el plazo legal); devuelve el código de revocación',
        security: SESSION_SECURITY,
        body: regretCreateBodySchema,
        response: { 201: regretDetailSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await app.regrets.file(country, signedInUser(request), request.body)),
  );

  app.get(
    '/regrets/:id',
    {
      onRequest: app.authorize('regrets'),
      schema: {
        tags: ['regrets'],
        summary: 'Un arrepentimiento con su historial',
        security: SESSION_SECURITY,
        params: regretParamsSchema,
        response: { 200: regretDetailSchema, ...errors },
      },
    },
    async (request) => app.regrets.detail(country, signedInUser(request), request.params.id),
  );

  app.post(
    '/regrets/:id/transition',
    {
      onRequest: app.authorize('regrets'),
      schema: {
        tags: ['regrets'],
        summary: 'Cambia el estado de la solicitud de devolución según la tabla de transiciones (roles, motivo, versión)',
        security: SESSION_SECURITY,
        params: regretParamsSchema,
        body: regretTransitionBodySchema,
        response: { 200: regretDetailSchema, ...errors },
      },
    },
    async (request) => app.regrets.transition(country, signedInUser(request), request.params.id, request.body),
  );
};

export default regretRoutes;
