import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, MESSAGES } from '../../lib/errors';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET with a side effect (SPEC 7 fixes the method of resolve-call, postpone-call and logout): checked
     * as a POST is, so a link or image on another site cannot trigger it with the session cookie.
     */
    xsrf?: boolean;
  }
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32,128}$/;

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * A Bearer header without cookies cannot come from a forged browser request (browsers never add that
 * header by themselves, and a cross-site script cannot set it without CORS, which we do not allow).
 */
function isBearerOnly(request: FastifyRequest): boolean {
  return /^Bearer\s+\S/i.test(request.headers.authorization ?? '') && !request.headers.cookie;
}

/**
 * Double-submit XSRF protection. Every response hands out an `XSRF-TOKEN` cookie (readable by the page's
 * script) if the request had none; every state-changing request (unsafe methods, and the GETs whose route
 * says `config: { xsrf: true }`) must echo it in `X-XSRF-TOKEN`. A
 * cross-site page can make the browser send the cookie but cannot read it to copy it into the header.
 * Runs in onRequest: before body parsing, validation and the handler, for sign-in too.
 */
export default fp(
  async (app) => {
    const secure = app.config.cookieSecure;
    app.addHook('onRequest', async (request, reply) => {
      const cookieToken = request.cookies[XSRF_COOKIE];
      const validCookie = cookieToken !== undefined && TOKEN_SHAPE.test(cookieToken);
      const bearerOnly = isBearerOnly(request);
      // API clients (Bearer header, no cookies) never need the cookie: do not mint one per request.
      if (!validCookie && !bearerOnly) {
        reply.setCookie(XSRF_COOKIE, randomBytes(32).toString('base64url'), {
          path: '/',
          sameSite: 'lax',
          httpOnly: false,
          secure,
        });
      }
      const checked = UNSAFE_METHODS.has(request.method) || request.routeOptions.config?.xsrf === true;
      if (!checked || bearerOnly) return;
      const header = request.headers[XSRF_HEADER];
      if (!validCookie || typeof header !== 'string' || !sameToken(header, cookieToken)) {
        throw new HttpError(403, MESSAGES.xsrf);
      }
    });
  },
  { name: 'xsrf', dependencies: ['cookie', 'config'] },
);
