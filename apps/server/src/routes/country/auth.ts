import { BRANCH_ID, loginBodySchema, loginResponseSchema, okSchema, userInfoSchema, type LoginResponse } from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, MESSAGES, invalidData } from '../../lib/errors';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords';
import { sessionTokenOf, toAuthUser, type AuthUser, signedInUser } from '../../plugins/app/auth';
import { SecondFactorService } from '../../services/second-factor';
import type { CountryOptions } from './options';

/** SPEC 3: arg answers role_id (number), col answers role (string). */
function loginUser(user: AuthUser): LoginResponse['user'] {
  const base = { id: user.id, name: user.name, neotel_id: user.neotelId };
  return user.country === 'arg' ? { ...base, role_id: Number(user.role) } : { ...base, role: String(user.role) };
}

const auth: FastifyPluginAsyncZod<CountryOptions> = async (app, { country }) => {
  const secondFactor = new SecondFactorService(app);
  app.post(
    '/auth/login',
    { schema: { tags: ['auth'], body: loginBodySchema, response: { 200: loginResponseSchema } } },
    async (request, reply) => {
      const { email, password, branch_id: branchId } = request.body;
      if (branchId !== BRANCH_ID[country]) {
        throw invalidData([{ field: 'branch_id', message: `debe ser ${BRANCH_ID[country]} en ${country}` }]);
      }

      const ip = request.ip;
      const log = (
        type: 'login_success' | 'login_failure' | 'login_slowed',
        userId: number | null,
        details: Record<string, unknown> = {},
      ) => app.securityEvents.record({ country, type, userId, ip, details });
      // Reserved before anything is read: concurrent attempts cannot all pass the delays (LoginThrottle).
      const attempt = await app.loginThrottle.reserve(country, email, ip);
      if (!attempt.allowed) {
        const waitSeconds = attempt.retryAfterSeconds;
        const named = await app.users.findByEmail(country, email);
        await log('login_slowed', named?.id ?? null, { key: attempt.key, failures: attempt.failures, retry_after: waitSeconds });
        throw new HttpError(429, MESSAGES.tooManyLoginFailures(waitSeconds), undefined, {
          'retry-after': String(waitSeconds),
        });
      }

      let row: Awaited<ReturnType<typeof app.users.findByEmail>>;
      let passwordOk: boolean;
      try {
        // A user of the other country is simply not found here: same answer as an unknown email.
        row = await app.users.findByEmail(country, email);
        passwordOk = row ? await verifyPassword(row.passwordHash, password) : (await burnPasswordCheck(password), false);
      } catch (error) {
        // Not judged (the database failed, say): the attempt is no failure of the user's.
        await app.loginThrottle.release(attempt.id).catch(() => {});
        throw error;
      }
      if (!row || !passwordOk) {
        await app.loginThrottle.recordFailure(country, email, ip);
        // The email itself is not logged (personal data, and often a password typed in the wrong field).
        await log('login_failure', row?.id ?? null, { reason: row ? 'password' : 'unknown_account' });
        throw new HttpError(401, MESSAGES.invalidCredentials);
      }
      // Only someone who knows the password learns the account is disabled.
      if (!row.active) {
        await app.loginThrottle.release(attempt.id);
        await log('login_failure', row.id, { reason: 'inactive' });
        throw new HttpError(403, MESSAGES.inactiveUser);
      }

      /** A new session for this user (its expired ones dropped), set as the cookie too. */
      const openSession = async (extra: { secondFactorPending?: boolean } = {}) => {
        await app.sessions.deleteExpired(row.id);
        const { token } = await app.sessions.create({
          userId: row.id,
          country,
          ttlHours: app.config.sessionTtlHours,
          ip,
          userAgent: request.headers['user-agent'],
          ...extra,
        });
        app.setSessionCookie(reply, token);
        return token;
      };

      const factor = await app.secondFactors.find(row.id);
      if (factor?.confirmedAt) {
        // The password was right, but this is no sign-in yet: the account's failures stay until the code is right,
        // so a known password does not reset the count of guessed codes.
        await app.loginThrottle.release(attempt.id);
        const token = await openSession({ secondFactorPending: true });
        return { token, user: loginUser(toAuthUser(row)), second_factor_required: true };
      }

      // Forgives the account's failures, this attempt's reservation among them.
      await app.loginThrottle.clearAccount(country, email);
      const failedAttempts = await app.securityEvents.failuresSinceLastSuccess(row.id);
      await log('login_success', row.id);
      const token = await openSession();
      const mustEnrol = await secondFactor.requiredFor(country, row);
      return {
        token,
        user: loginUser(toAuthUser(row)),
        ...(failedAttempts > 0 ? { failed_attempts: failedAttempts } : {}),
        ...(row.mustChangePassword ? { must_change_password: true } : {}),
        ...(mustEnrol ? { second_factor_enrolment_required: true } : {}),
      };
    },
  );

  app.get(
    '/auth/user-info',
    {
      onRequest: app.authenticate,
      // The web app asks it whatever the session is held to, and shows the one form that session may use.
      config: { passwordChange: true, secondFactorVerify: true, secondFactorEnrol: true },
      schema: { tags: ['auth'], response: { 200: userInfoSchema } },
    },
    async (request) => {
      const user = signedInUser(request);
      return {
        id: user.id,
        role: user.role,
        name: user.name,
        email: user.email,
        neotel_id: user.neotelId,
        idle_timeout_minutes: Math.ceil(app.config.sessionIdleMinutes),
        // Only when set, as `failed_attempts` at sign-in: the usual answer stays SPEC 7's.
        ...(user.mustChangePassword ? { must_change_password: true } : {}),
        ...(user.secondFactorPending ? { second_factor_required: true } : {}),
        ...(user.mustEnrolSecondFactor ? { second_factor_enrolment_required: true } : {}),
      };
    },
  );

  // GET as SPEC 7 says, XSRF-checked as a POST (a link elsewhere must not sign the user out). Always ok: the
  // goal (no session) is reached whether or not there was one.
  app.get('/auth/logout', { config: { xsrf: true }, schema: { tags: ['auth'], response: { 200: okSchema } } }, async (request, reply) => {
    const token = sessionTokenOf(request);
    if (token) {
      const found = await app.sessions.findUser(token);
      await app.sessions.delete(token);
      if (found)
        await app.securityEvents.record({
          country,
          type: 'session_ended',
          userId: found.user.id,
          ip: request.ip,
          details: { reason: 'logout' },
        });
    }
    app.clearSessionCookie(reply);
    return { ok: true as const };
  });
};

export default auth;
