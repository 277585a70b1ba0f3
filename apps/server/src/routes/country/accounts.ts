import {
  activeSessionsResponseSchema,
  changePasswordBodySchema,
  endedSessionsSchema,
  errorBodySchema,
  okSchema,
  sessionIdParamsSchema,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/errors';
import { deviceOf } from '../../lib/user-agent';
import { sessionTokenOf } from '../../plugins/app/auth';
import { ACCOUNT_MESSAGES, AccountsService } from '../../services/accounts';
import type { CountryOptions } from './options';

const security: { [label: string]: string[] }[] = [{ cookie: [] }, { bearer: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** The signed-in user's own account (ASVS V2/V3): their password and their active sessions. */
const accountRoutes: FastifyPluginAsyncZod<CountryOptions> = async (app, { country }) => {
  const accounts = new AccountsService(app);

  app.get(
    '/auth/sessions',
    {
      onRequest: app.authorize('account'),
      schema: { tags: ['auth'], summary: 'Las sesiones activas del usuario', security, response: { 200: activeSessionsResponseSchema, ...errors } },
    },
    async (request) => {
      const rows = await app.sessions.listActive(request.user!.id, sessionTokenOf(request));
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          device: deviceOf(row.userAgent),
          ip: row.ip,
          created_at: row.createdAt.toISOString(),
          last_used_at: row.lastUsedAt.toISOString(),
          current: row.current,
        })),
      };
    },
  );

  app.delete(
    '/auth/sessions/:id',
    {
      onRequest: app.authorize('account'),
      schema: { tags: ['auth'], summary: 'Cierra una sesión del usuario', security, params: sessionIdParamsSchema, response: { 200: okSchema, ...errors } },
    },
    async (request) => {
      const user = request.user!;
      // Another user's session id is simply not found: the answer does not tell it exists.
      if (!(await app.sessions.endById(user.id, request.params.id))) throw new HttpError(404, ACCOUNT_MESSAGES.sessionNotFound);
      await app.securityEvents.record({ country, type: 'session_ended', userId: user.id, ip: request.ip, details: { reason: 'revoked', session: request.params.id } });
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/sessions/end-others',
    {
      onRequest: app.authorize('account'),
      schema: { tags: ['auth'], summary: 'Cierra todas las demás sesiones del usuario', security, response: { 200: endedSessionsSchema, ...errors } },
    },
    async (request) => {
      const user = request.user!;
      const ended = await app.sessions.endAll(user.id, sessionTokenOf(request));
      if (ended > 0) await app.securityEvents.record({ country, type: 'session_ended', userId: user.id, ip: request.ip, details: { reason: 'revoked_others', count: ended } });
      return { ended };
    },
  );

  app.post(
    '/auth/password',
    {
      onRequest: app.authenticate,
      // The one thing a session whose password an admin reset may do (besides user-info and signing out).
      config: { passwordChange: true },
      schema: {
        tags: ['auth'],
        summary: 'Cambia la contraseña del usuario; cierra sus demás sesiones',
        security,
        body: changePasswordBodySchema,
        response: { 200: endedSessionsSchema, ...errors },
      },
    },
    async (request) => {
      const row = await app.users.findById(country, request.user!.id);
      if (!row) throw new HttpError(401, ACCOUNT_MESSAGES.userNotFound(request.user!.id));
      const { current_password: current, new_password: next } = request.body;
      const ended = await accounts.changePassword(country, row, current, next, sessionTokenOf(request), request.ip);
      return { ended };
    },
  );
};

export default accountRoutes;
