import { okSchema, securityEventListQuerySchema, securityEventSchema, userIdParamsSchema } from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/errors';
import { listRoutes } from '../../lists/routes';
import { securityEventsList } from '../../lists/security-events';
import type { CountryOptions } from './options';
import { SESSION_SECURITY, errorResponses } from '../responses';
import { signedInUser } from '../../plugins/app/auth';

const errors = errorResponses(400, 401, 403, 404);

const SECURITY_MESSAGES = {
  userNotFound: (id: number) => `No existe el usuario ${id} en este país`,
} as const;

/**
 * The security log for admins (ASVS V7): its page and export on the list engine, and the unlock of an
 * account whose sign-ins are being slowed down.
 */
const securityRoutes: FastifyPluginAsyncZod<CountryOptions> = async (app, { country }) => {
  listRoutes(app, {
    country,
    path: '/security-events',
    screen: 'security-log',
    tag: 'security',
    summary: 'Registro de seguridad del país, más reciente primero, con filtros (solo administradores)',
    query: securityEventListQuerySchema,
    row: securityEventSchema,
    definition: securityEventsList,
    filters: ({ type, user_id, ip, from, to }) => ({ type, user_id, ip, from, to }),
  });

  app.post(
    '/users/:id/unlock',
    {
      // Part of the user administration (issue 40): its screen's rule, SPEC 6's admin route rule.
      onRequest: app.authorize('users'),
      schema: {
        tags: ['security'],
        summary:
          'Quita las demoras de ingreso de una cuenta (sus intentos fallidos) y las de las direcciones desde donde fallaron, y lo deja en el registro',
        security: SESSION_SECURITY,
        params: userIdParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const target = await app.users.findById(country, request.params.id);
      if (!target) throw new HttpError(404, SECURITY_MESSAGES.userNotFound(request.params.id));
      const { cleared, addresses } = await app.loginThrottle.unlockAccount(country, target.email);
      await app.securityEvents.record({
        country,
        type: 'account_unlocked',
        userId: target.id,
        actorId: signedInUser(request).id,
        ip: request.ip,
        details: { cleared, addresses },
      });
      return { ok: true as const };
    },
  );
};

export default securityRoutes;
