import {
  IDEMPOTENCY_MESSAGES,
  SCREEN_ACCESS,
  debtFreeCreateBodySchema,
  debtFreeListQuerySchema,
  debtFreeParamsSchema,
  debtFreeRejectBodySchema,
  debtFreeRowSchema,
  debtFreeVerifyQuerySchema,
  debtFreeVerifySchema,
  errorBodySchema,
  idempotencyHeadersSchema,
  okSchema,
  type RoleKind,
} from '@backoffice/shared';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, MESSAGES } from '../../lib/errors';
import { debtFreeList } from '../../lists/legal';
import { listRoutes } from '../../lists/routes';
import { perUserRateLimit } from '../../plugins/external/rate-limit';
import { requestHashOf } from '../../repositories/idempotency-keys';
import { kindOfUser } from '../../services/debt-frees';
import type { CountryOptions } from './options';
import { SESSION_SECURITY, errorResponses } from '../responses';
import { signedInUser } from '../../plugins/app/auth';

const errors = errorResponses(400, 401, 403, 404, 409);
const createdSchema = z.object({ id: z.number(), processed: z.number(), customer_id: z.number() });

/**
 * Debt-free certificates (issue 36): the queue on the list engine, raising a request (staff from a lead, the
 * webservice by document, idempotent with Idempotency-Key), the one decision, the stored PDF, and the public
 * verification of a certificate's code.
 */
const debtFreeRoutes: FastifyPluginAsyncZod<CountryOptions> = async (app, { country }) => {
  const access = SCREEN_ACCESS['debt-frees'];
  const raisers: readonly RoleKind[] = [...('kinds' in access ? access.kinds : []), 'webservice'];
  /** The screen's roles, and the webservice user, which raises requests over the API. */
  const mayRaise: onRequestHookHandler = async function (request, reply) {
    await app.authenticate.call(this, request, reply, () => {});
    const kind = kindOfUser(signedInUser(request));
    if (!kind || !raisers.includes(kind)) throw new HttpError(403, MESSAGES.forbidden);
  };

  listRoutes(app, {
    country,
    path: '/debt-frees',
    screen: 'debt-frees',
    tag: 'debt-frees',
    summary: 'Solicitudes de libre deuda',
    query: debtFreeListQuerySchema,
    row: debtFreeRowSchema,
    definition: debtFreeList,
    filters: (q) => ({ processed: q.processed, from: q.from, to: q.to, q: q.q, customer: q.customer }),
  });

  app.post(
    '/debt-frees',
    {
      onRequest: mayRaise,
      schema: {
        tags: ['debt-frees'],
        summary: 'Solicita un libre deuda para el cliente de un lead (lead_id) o por documento (doc_number)',
        description:
          'Con `Idempotency-Key`, repetir la misma solicitud con la misma clave devuelve la primera (`Idempotent-Replayed: true`).',
        security: SESSION_SECURITY,
        headers: idempotencyHeadersSchema,
        body: debtFreeCreateBodySchema,
        response: { 201: createdSchema, ...errors, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const key = request.headers['idempotency-key'];
      const created = await app.debtFrees.create(
        country,
        user,
        request.body,
        key === undefined ? undefined : { userId: user.id, key, requestHash: requestHashOf(request.body) },
      );
      if (created.outcome === 'keyReused')
        throw new HttpError(422, IDEMPOTENCY_MESSAGES.reused, [{ field: 'idempotency-key', message: IDEMPOTENCY_MESSAGES.reused }]);
      if (created.outcome === 'replayed') void reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(created.answer);
    },
  );

  app.post(
    '/debt-frees/:id/accept',
    {
      onRequest: app.authorize('debt-frees'),
      schema: {
        tags: ['debt-frees'],
        summary: 'Acepta la solicitud y emite el certificado (409 si algún préstamo del cliente tiene saldo o si ya se resolvió)',
        security: SESSION_SECURITY,
        params: debtFreeParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await app.debtFrees.accept(country, signedInUser(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/debt-frees/:id/reject',
    {
      onRequest: app.authorize('debt-frees'),
      schema: {
        tags: ['debt-frees'],
        summary: 'Rechaza la solicitud con un motivo (409 si ya se resolvió)',
        security: SESSION_SECURITY,
        params: debtFreeParamsSchema,
        body: debtFreeRejectBodySchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await app.debtFrees.reject(country, signedInUser(request), request.params.id, request.body.reason);
      return { ok: true as const };
    },
  );

  app.get(
    '/debt-frees/:id/certificate',
    {
      onRequest: app.authorize('debt-frees'),
      schema: {
        tags: ['debt-frees'],
        summary: 'El certificado en PDF, idéntico byte a byte en cada descarga',
        security: SESSION_SECURITY,
        params: debtFreeParamsSchema,
        produces: ['application/pdf'],
        response: errors,
      },
    },
    async (request, reply) => {
      const found = await app.debtFrees.certificate(country, signedInUser(request), request.params.id);
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="libre-deuda-${found.code}.pdf"`)
          .header('etag', `"${found.sha256}"`)
          .header('x-content-sha256', found.sha256)
          // The stored bytes as they are: no response schema serialises a PDF.
          .send(found.pdf as never)
      );
    },
  );

  app.get(
    '/debt-frees/verify',
    {
      config: { rateLimit: perUserRateLimit(app.config.legal.verifyRateLimit) },
      schema: {
        tags: ['debt-frees'],
        summary: 'Verificación pública de un certificado por su código (sin sesión; limitada por dirección)',
        description: 'Un código desconocido responde `found: false` y nada más.',
        querystring: debtFreeVerifyQuerySchema,
        response: { 200: debtFreeVerifySchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return app.debtFrees.verify(country, request.query.code);
    },
  );
};

export default debtFreeRoutes;
