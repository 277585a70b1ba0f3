import {
  BRANCH_ID,
  loginBodySchema,
  loginResponseSchema,
  okSchema,
  userInfoSchema,
  type LoginResponse,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, MESSAGES, invalidData } from '../../lib/errors';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords';
import { sessionTokenOf, toAuthUser, type AuthUser } from '../../plugins/app/auth';
import type { CountryOptions } from './index';

/** SPEC 3: arg answers role_id (number), col answers role (string). */
function loginUser(user: AuthUser): LoginResponse['user'] {
  const base = { id: user.id, name: user.name, neotel_id: user.neotelId };
  return user.country === 'arg' ? { ...base, role_id: Number(user.role) } : { ...base, role: String(user.role) };
}

const auth: FastifyPluginAsyncZod<CountryOptions> = async (app, { country }) => {
  app.post(
    '/auth/login',
    { schema: { tags: ['auth'], body: loginBodySchema, response: { 200: loginResponseSchema } } },
    async (request, reply) => {
      const { email, password, branch_id: branchId } = request.body;
      if (branchId !== BRANCH_ID[country]) {
        throw invalidData([{ field: 'branch_id', message: `debe ser ${BRANCH_ID[country]} en ${country}` }]);
      }

      const ip = request.ip;
      // Reserved before anything is read: concurrent attempts cannot all pass the limit (LoginThrottle).
      const attempt = await app.loginThrottle.reserve(country, email, ip);
      if (!attempt.allowed) {
        const waitSeconds = attempt.retryAfterSeconds;
        throw new HttpError(429, MESSAGES.tooManyLoginFailures(Math.ceil(waitSeconds / 60)), undefined, {
          'retry-after': String(waitSeconds),
        });
      }

      let row: Awaited<ReturnType<typeof app.users.findByEmail>>;
      let passwordOk: boolean;
      try {
        // A user of the other country is simply not found here: same answer as an unknown email.
        row = await app.users.findByEmail(country, email);
        passwordOk = row
          ? await verifyPassword(row.passwordHash, password)
          : (await burnPasswordCheck(password), false);
      } catch (error) {
        // Not judged (the database failed, say): the attempt is no failure of the user's.
        await app.loginThrottle.release(attempt.id).catch(() => {});
        throw error;
      }
      if (!row || !passwordOk) {
        await app.loginThrottle.recordFailure(country, email, ip);
        throw new HttpError(401, MESSAGES.invalidCredentials);
      }
      // Only someone who knows the password learns the account is disabled.
      if (!row.active) {
        await app.loginThrottle.release(attempt.id);
        throw new HttpError(403, MESSAGES.inactiveUser);
      }

      // Forgives the account's failures, this attempt's reservation among them.
      await app.loginThrottle.clearAccount(country, email);
      await app.sessions.deleteExpired(row.id);
      const { token } = await app.sessions.create({
        userId: row.id,
        country,
        ttlHours: app.config.sessionTtlHours,
        ip,
        userAgent: request.headers['user-agent'],
      });
      app.setSessionCookie(reply, token);
      return { token, user: loginUser(toAuthUser(row)) };
    },
  );

  app.get(
    '/auth/user-info',
    { onRequest: app.authenticate, schema: { tags: ['auth'], response: { 200: userInfoSchema } } },
    async (request) => {
      const user = request.user!;
      return { id: user.id, role: user.role, name: user.name, email: user.email, neotel_id: user.neotelId };
    },
  );

  // GET as SPEC 7 says, XSRF-checked as a POST (a link elsewhere must not sign the user out). Always ok: the
  // goal (no session) is reached whether or not there was one.
  app.get('/auth/logout', { config: { xsrf: true }, schema: { tags: ['auth'], response: { 200: okSchema } } }, async (request, reply) => {
    const token = sessionTokenOf(request);
    if (token) await app.sessions.delete(token);
    app.clearSessionCookie(reply);
    return { ok: true as const };
  });
};

export default auth;
