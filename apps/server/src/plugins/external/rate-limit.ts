import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, MESSAGES } from '../../lib/errors';

/**
 * Opt-in per route (`config.rateLimit`). Counters are in memory, per node: fine for flood protection of
 * cheap endpoints; sign-in throttling, which must hold across nodes, lives in the database instead.
 */
export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      // The plugin has already set Retry-After; the error handler gives the usual body.
      errorResponseBuilder: () => new HttpError(429, MESSAGES.tooManyRequests),
    });
  },
  { name: 'rate-limit' },
);

/** The signed-in user (several people can share an office's address); the address only for anonymous ones. */
function userKey(request: FastifyRequest): string {
  return request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
}

/**
 * `config.rateLimit` for a signed-in route: at most `max` requests a minute per user (0 = no limit), each
 * route counted apart. The route's own `onRequest` must authenticate: the limit's hook runs after it, so
 * it knows the user and requests refused as anonymous or forbidden are not counted. Per node, like every
 * counter here: behind a balancer spreading one user over n nodes the ceiling is up to n times `max`.
 *
 * Sizes (CUSTOMER_LOOKUP_RATE_LIMIT, SEARCHER_RATE_LIMIT): the new-lead form looks a document up once it
 * is well formed, and caches the answer for 30 s, so a seller typing documents makes a few lookups a
 * minute; 30 is several times a busy working pace, and still a reading of other sellers' customers a
 * thousand times slower than the 1,050 lookups in 4.2 s a review made. The searcher runs 300 ms after the
 * last keystroke: someone refining a search makes a request every few seconds, 60 a minute is a search a
 * second sustained, while a script walking documents or names is stopped within a minute. A test call
 * (TEST_CALL_RATE_LIMIT, an hour) dials any national number from the user's line, where every other call
 * is the user's own customer's: checking a line takes a call or two, 10 an hour leaves room for retries and
 * keeps /test (which SPEC 6 opens to col sellers) from being a way round that rule.
 */
export function perUserRateLimit(max: number, timeWindow = '1 minute'): RateLimitOptions | false {
  return max > 0 ? { max, timeWindow, keyGenerator: userKey } : false;
}
