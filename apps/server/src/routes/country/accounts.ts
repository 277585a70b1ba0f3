import {
  activeSessionsResponseSchema,
  changePasswordBodySchema,
  disableSecondFactorBodySchema,
  endedSessionsSchema,
  errorBodySchema,
  okSchema,
  secondFactorCodeBodySchema,
  secondFactorConfirmedSchema,
  secondFactorEnrolmentSchema,
  secondFactorStatusSchema,
  secondFactorVerifiedSchema,
  sessionIdParamsSchema,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/errors';
import { deviceOf } from '../../lib/user-agent';
import { sessionTokenOf, signedInUser } from '../../plugins/app/auth';
import { ACCOUNT_MESSAGES, AccountsService } from '../../services/accounts';
import { SecondFactorService } from '../../services/second-factor';
import type { CountryOptions } from './options';
import { SESSION_SECURITY, errorResponses } from '../responses';

const errors = errorResponses(400, 401, 403, 404);

/** The signed-in user's own account (ASVS V2/V3): their password and their active sessions. */
const accountRoutes: FastifyPluginAsyncZod<CountryOptions> = async (app, { country }) => {
  const accounts = new AccountsService(app);
  const secondFactor = new SecondFactorService(app);
  const ownRow = async (id: number) => {
    const row = await app.users.findById(country, id);
    if (!row) throw new HttpError(401, ACCOUNT_MESSAGES.userNotFound(id));
    return row;
  };

  app.get(
    '/auth/sessions',
    {
      onRequest: app.authorize('account'),
      schema: {
        tags: ['auth'],
        summary: 'Las sesiones activas del usuario',
        security: SESSION_SECURITY,
        response: { 200: activeSessionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const rows = await app.sessions.listActive(signedInUser(request).id, sessionTokenOf(request));
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
      schema: {
        tags: ['auth'],
        summary: 'Cierra una sesión del usuario',
        security: SESSION_SECURITY,
        params: sessionIdParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      // Another user's session id is simply not found: the answer does not tell it exists.
      if (!(await app.sessions.endById(user.id, request.params.id))) throw new HttpError(404, ACCOUNT_MESSAGES.sessionNotFound);
      await app.securityEvents.record({
        country,
        type: 'session_ended',
        userId: user.id,
        ip: request.ip,
        details: { reason: 'revoked', session: request.params.id },
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/sessions/end-others',
    {
      onRequest: app.authorize('account'),
      schema: {
        tags: ['auth'],
        summary: 'Cierra todas las demás sesiones del usuario',
        security: SESSION_SECURITY,
        response: { 200: endedSessionsSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const ended = await app.sessions.endAll(user.id, sessionTokenOf(request));
      if (ended > 0)
        await app.securityEvents.record({
          country,
          type: 'session_ended',
          userId: user.id,
          ip: request.ip,
          details: { reason: 'revoked_others', count: ended },
        });
      return { ended };
    },
  );

  // The second factor (ASVS V2.8). Its enrolment answers a session held to it (a role that requires one), and a
  // session held to a password change too (either may come first); the code at sign-in answers the held session.
  const enrolment = { secondFactorEnrol: true, passwordChange: true };

  app.get(
    '/auth/second-factor',
    {
      onRequest: app.authenticate,
      config: enrolment,
      schema: {
        tags: ['auth'],
        summary: 'Si el usuario tiene verificación en dos pasos',
        security: SESSION_SECURITY,
        response: { 200: secondFactorStatusSchema, ...errors },
      },
    },
    async (request) => secondFactor.status(country, await ownRow(signedInUser(request).id)),
  );

  app.post(
    '/auth/second-factor/enrolment',
    {
      onRequest: app.authenticate,
      config: enrolment,
      schema: {
        tags: ['auth'],
        summary: 'Genera el secreto de la verificación en dos pasos (texto y código QR); se confirma con un primer código',
        security: SESSION_SECURITY,
        response: { 200: secondFactorEnrolmentSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => secondFactor.startEnrolment(country, await ownRow(signedInUser(request).id)),
  );

  app.post(
    '/auth/second-factor/enrolment/confirm',
    {
      onRequest: app.authenticate,
      config: enrolment,
      schema: {
        tags: ['auth'],
        summary: 'Confirma la verificación en dos pasos con un primer código; responde los códigos de recuperación, una vez',
        security: SESSION_SECURITY,
        body: secondFactorCodeBodySchema,
        response: { 200: secondFactorConfirmedSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) =>
      secondFactor.confirmEnrolment(
        country,
        await ownRow(signedInUser(request).id),
        request.body.code,
        request.ip,
        sessionTokenOf(request),
      ),
  );

  app.post(
    '/auth/second-factor',
    {
      onRequest: app.authenticate,
      config: { secondFactorVerify: true, passwordChange: true },
      schema: {
        tags: ['auth'],
        summary: 'El código de la verificación en dos pasos (o uno de recuperación) que completa el ingreso',
        security: SESSION_SECURITY,
        body: secondFactorCodeBodySchema,
        response: { 200: secondFactorVerifiedSchema, ...errors, 409: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      if (!user.secondFactorPending) throw new HttpError(409, ACCOUNT_MESSAGES.signedInAlready);
      const { failedAttempts, recoveryCodesLeft } = await secondFactor.verifySignIn(
        country,
        await ownRow(user.id),
        request.body.code,
        sessionTokenOf(request)!,
        request.ip,
      );
      return {
        ok: true as const,
        ...(failedAttempts > 0 ? { failed_attempts: failedAttempts } : {}),
        ...(recoveryCodesLeft !== undefined ? { recovery_codes_left: recoveryCodesLeft } : {}),
      };
    },
  );

  app.post(
    '/auth/second-factor/disable',
    {
      onRequest: app.authorize('account'),
      schema: {
        tags: ['auth'],
        summary: 'Desactiva la verificación en dos pasos con un código actual o la contraseña',
        security: SESSION_SECURITY,
        body: disableSecondFactorBodySchema,
        response: { 200: okSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => {
      await secondFactor.disable(country, await ownRow(signedInUser(request).id), request.body, request.ip);
      return { ok: true as const };
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
        security: SESSION_SECURITY,
        body: changePasswordBodySchema,
        response: { 200: endedSessionsSchema, ...errors },
      },
    },
    async (request) => {
      const row = await app.users.findById(country, signedInUser(request).id);
      if (!row) throw new HttpError(401, ACCOUNT_MESSAGES.userNotFound(signedInUser(request).id));
      const { current_password: current, new_password: next } = request.body;
      const ended = await accounts.changePassword(country, row, current, next, sessionTokenOf(request), request.ip);
      return { ended };
    },
  );
};

export default accountRoutes;
