import { Readable } from 'node:stream';
import {
  findRole,
  okSchema,
  securityEventFiltersSchema,
  securityEventListQuerySchema,
  securityEventListResponseSchema,
  userIdParamsSchema,
} from '@backoffice/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, MESSAGES } from '../../lib/errors';
import { perUserRateLimit } from '../../plugins/external/rate-limit';
import { toSecurityEvent } from '../../repositories/security-events';
import type { CountryOptions } from './options';
import { SESSION_SECURITY, errorResponses } from '../responses';
import { signedInUser } from '../../plugins/app/auth';

const errors = errorResponses(400, 401, 403, 404, 429);

const SECURITY_MESSAGES = {
  adminsOnly: 'Solo un administrador puede ver el registro de seguridad o desbloquear cuentas',
  userNotFound: (id: number) => `No existe el usuario ${id} en este país`,
} as const;

/** A CSV cell: `;`-separated like the lists' exports, quoted when it holds a separator, quote or line break. */
function cell(value: unknown): string {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The security log for admins (ASVS V7): browse it with filters, export it, and unlock an account whose
 * sign-ins are being slowed down. The role check is the server's: no SPEC screen covers these.
 */
const securityRoutes: FastifyPluginAsyncZod<CountryOptions> = async (app, { country }) => {
  const adminOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    await app.authenticate.call(app, request, reply, () => {});
    if (findRole(country, signedInUser(request).role)?.kind !== 'admin') throw new HttpError(403, SECURITY_MESSAGES.adminsOnly);
  };

  app.get(
    '/security-events',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['security'],
        summary: 'Registro de seguridad del país, más reciente primero, con filtros (solo administradores)',
        security: SESSION_SECURITY,
        querystring: securityEventListQuerySchema,
        response: { 200: securityEventListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { page, page_size: pageSize, ...filters } = request.query;
      const { rows, total } = await app.securityEvents.list(country, filters, page, pageSize);
      return { rows: rows.map(toSecurityEvent), total, page, page_size: pageSize };
    },
  );

  app.get(
    '/security-events/export',
    {
      onRequest: adminOnly,
      config: { rateLimit: perUserRateLimit(app.config.rateLimits.exports, '1 hour', MESSAGES.tooManyExports) },
      schema: {
        tags: ['security'],
        summary: 'Exporta el registro de seguridad filtrado (CSV UTF-8 con BOM y ";"), en streaming',
        security: SESSION_SECURITY,
        querystring: securityEventFiltersSchema,
        response: { 200: z.any().describe('El archivo CSV'), ...errors },
      },
    },
    async (request, reply) => {
      const filters = request.query;
      const { total } = await app.securityEvents.list(country, filters, 1, 1);
      await app.securityEvents.record({
        country,
        type: 'export',
        userId: signedInUser(request).id,
        ip: request.ip,
        details: { list: 'seguridad', format: 'csv', rows: total, filters },
      });
      const batches = app.securityEvents.all(country, filters, app.config.exportBatch);
      async function* lines() {
        yield '\ufeffid;fecha;tipo;usuario;actor;ip;detalle\r\n';
        for await (const batch of batches) {
          yield batch
            .map((e) => [e.id, e.createdAt.toISOString(), e.type, e.userId, e.actorId, e.ip, e.details].map(cell).join(';') + '\r\n')
            .join('');
        }
      }
      return reply
        .header('content-disposition', `attachment; filename="seguridad-${country}.csv"`)
        .header('x-total-count', String(total))
        .type('text/csv; charset=utf-8')
        .send(Readable.from(lines()));
    },
  );

  app.post(
    '/users/:id/unlock',
    {
      // Part of the user administration (issue 40): its screen's rule, SPEC 6's admin route rule.
      onRequest: app.authorize('users'),
      schema: {
        tags: ['security'],
        summary: 'Quita las demoras de ingreso de una cuenta (sus intentos fallidos) y lo deja en el registro',
        security: SESSION_SECURITY,
        params: userIdParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const target = await app.users.findById(country, request.params.id);
      if (!target) throw new HttpError(404, SECURITY_MESSAGES.userNotFound(request.params.id));
      const cleared = await app.loginThrottle.clearAccount(country, target.email);
      await app.securityEvents.record({
        country,
        type: 'account_unlocked',
        userId: target.id,
        actorId: signedInUser(request).id,
        ip: request.ip,
        details: { cleared },
      });
      return { ok: true as const };
    },
  );
};

export default securityRoutes;
