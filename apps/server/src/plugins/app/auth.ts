import { canAccess, findRole, type Country, type RoleId, type Screen } from '@backoffice/shared';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../../db/schema';
import { HttpError, MESSAGES } from '../../lib/errors';
import { roleFromDb } from '../../lib/roles';
import type { FoundSession } from '../../repositories/sessions';

export const SESSION_COOKIE = 'sid';

/** The signed-in user as routes see it: role already in the country's form (arg number, col string). */
export interface AuthUser {
  id: number;
  country: Country;
  role: RoleId;
  name: string;
  email: string;
  neotelId: number;
  /** An admin set the password: until the user changes it, only `passwordChange` routes answer. */
  mustChangePassword?: boolean;
  /** Signed in with the password only: until the code is given, only `secondFactorVerify` routes answer. */
  secondFactorPending?: boolean;
  /** The role's kind requires a second factor the user has not set up: only `secondFactorEnrol` routes answer. */
  mustEnrolSecondFactor?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The web app calls this route on its own, on a timer: it does not count as use for the idle timeout. */
    background?: boolean;
    /** Answers a session that must change its password first (user-info, the change itself). */
    passwordChange?: boolean;
    /** Answers a session still waiting for its second factor's code (the code itself, user-info). */
    secondFactorVerify?: boolean;
    /** Answers a session whose role requires a second factor not yet set up (the enrolment, user-info). */
    secondFactorEnrol?: boolean;
  }
  interface FastifyRequest {
    /** Set by `authenticate`; null on public routes. */
    user: AuthUser | null;
    /** The country of the path (`/api/arg/...`), set by the country route scope. */
    routeCountry: Country | null;
  }
  interface FastifyInstance {
    /** onRequest hook: 401 without a valid session, 403 when the session's country is not the path's. */
    authenticate: onRequestHookHandler;
    /** onRequest hook: `authenticate`, then 403 unless the shared role table lets the role see `screen`. */
    authorize: (screen: Screen) => onRequestHookHandler;
    /** The signed-in user if any, without refusing anonymous requests (error log, logout). */
    currentUser: (request: FastifyRequest) => Promise<AuthUser | null>;
    setSessionCookie: (reply: FastifyReply, token: string) => void;
    clearSessionCookie: (reply: FastifyReply) => void;
  }
}

/** The session's user with what its second factor still asks of it. */
export function sessionUser(found: FoundSession): AuthUser {
  const user = toAuthUser(found.user);
  const kind = findRole(user.country, user.role)?.kind;
  return {
    ...user,
    secondFactorPending: found.secondFactorPending,
    mustEnrolSecondFactor: !found.secondFactorEnrolled && kind !== undefined && found.secondFactorKinds.includes(kind),
  };
}

/** Whether the session may do nothing but finish signing in (a code, an enrolment, a password change). */
export function sessionHeld(user: AuthUser): boolean {
  return !!(user.secondFactorPending || user.mustEnrolSecondFactor || user.mustChangePassword);
}

export function toAuthUser(row: UserRow): AuthUser {
  const country = row.country as Country;
  return {
    id: row.id,
    country,
    role: roleFromDb(country, row.role),
    name: row.name,
    email: row.email,
    neotelId: row.neotelId,
    mustChangePassword: row.mustChangePassword,
  };
}

/** API clients send `Authorization: Bearer <token>`; browsers carry the httpOnly cookie. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? request.cookies[SESSION_COOKIE] ?? undefined;
}

/** Scopes a plugin to one country: its routes' `authenticate` checks the user belongs to it. */
export function countryScope(country: Country): onRequestHookHandler {
  return async (request) => {
    request.routeCountry = country;
  };
}

export default fp(
  async (app) => {
    const { cookieSecure, sessionTtlHours } = app.config;
    app.decorateRequest('user', null);
    app.decorateRequest('routeCountry', null);

    /** A session that ran out (lifetime or idle timeout) is on the security log as ended, once. */
    const logLapsedSession = async (request: FastifyRequest, token: string) => {
      const lapsed = await app.sessions.endLapsed(token);
      if (!lapsed) return;
      await app.securityEvents.record({
        country: lapsed.country,
        type: 'session_ended',
        userId: lapsed.userId,
        ip: request.ip,
        details: { reason: lapsed.reason },
      });
    };

    const currentUser = async (request: FastifyRequest): Promise<AuthUser | null> => {
      if (request.user) return request.user;
      const token = sessionTokenOf(request);
      if (!token) return null;
      // A background poll (the call reminders') is no sign the user is there: it does not keep the session alive.
      const found = await app.sessions.findUser(token, { touch: request.routeOptions.config?.background !== true });
      if (!found) {
        await logLapsedSession(request, token);
        return null;
      }
      request.user = sessionUser(found);
      return request.user;
    };

    const authenticate: onRequestHookHandler = async function (request) {
      const user = await currentUser(request);
      if (!user) throw new HttpError(401, MESSAGES.notSignedIn);
      if (request.routeCountry && user.country !== request.routeCountry) throw new HttpError(403, MESSAGES.wrongCountry);
      const config = request.routeOptions.config;
      // Enforced here, not by the web app, in this order: the second factor's code proves who signs in, then a
      // role that requires one sets it up, then a reset password is replaced; until then nothing else answers.
      if (user.secondFactorPending && config?.secondFactorVerify !== true) throw new HttpError(403, MESSAGES.secondFactorPending);
      if (user.mustEnrolSecondFactor && config?.secondFactorEnrol !== true) throw new HttpError(403, MESSAGES.mustEnrolSecondFactor);
      if (user.mustChangePassword && config?.passwordChange !== true) throw new HttpError(403, MESSAGES.mustChangePassword);
    };

    // An answer given to a session (its data, or its refusal) must not stay in a shared or browser cache.
    app.addHook('onSend', async (request, reply) => {
      if ((request.user || sessionTokenOf(request)) && request.url.startsWith('/api/')) void reply.header('cache-control', 'no-store');
    });

    app.decorate('currentUser', currentUser);
    app.decorate('authenticate', authenticate);
    app.decorate('authorize', (screen: Screen): onRequestHookHandler => {
      return async function (request, reply) {
        await authenticate.call(this, request, reply, () => {});
        if (!canAccess(screen, signedInUser(request).country, signedInUser(request).role)) throw new HttpError(403, MESSAGES.forbidden);
      };
    });
    app.decorate('setSessionCookie', (reply: FastifyReply, token: string) => {
      reply.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: cookieSecure,
        maxAge: Math.round(sessionTtlHours * 3600),
      });
    });
    app.decorate('clearSessionCookie', (reply: FastifyReply) => {
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: cookieSecure });
    });
  },
  { name: 'auth', dependencies: ['cookie', 'repositories', 'config'] },
);

/** The user of a route behind `app.authenticate`, whose onRequest hook has answered 401 without one. */
export function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user)
    throw new Error(`${request.routeOptions.url ?? request.url}: a signed-in user asked of a route without app.authenticate`);
  return request.user;
}
