import rateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, MESSAGES } from '../../lib/errors';
import { RateLimitCounters, type RateLimitHit } from '../../repositories/rate-limit-counters';

type Callback = (error: Error | null, result?: RateLimitHit) => void;

/**
 * The plugin's store over the database's counters: each route counts apart (its method and path prefix the
 * key), and every node counts the same rows.
 */
class DatabaseStore implements FastifyRateLimitStore {
  constructor(
    private readonly counters: RateLimitCounters,
    private readonly prefix = '',
  ) {}

  incr(key: string, callback: Callback, timeWindow: number): void {
    this.counters.hit(this.prefix + key, timeWindow).then((hit) => callback(null, hit), callback);
  }

  read(key: string, callback: Callback): void {
    this.counters.peek(this.prefix + key).then((hit) => callback(null, hit), callback);
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): DatabaseStore {
    // What the plugin passes is the route's limit settings with the route as `routeInfo` (its types say
    // otherwise).
    const route = (routeOptions as unknown as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
    return new DatabaseStore(this.counters, `${this.prefix}${String(route.method ?? '')} ${String(route.url ?? '')} `);
  }
}

/**
 * Opt-in per route (`config.rateLimit`). The counters live in the database (repositories/rate-limit-counters.ts),
 * as sign-in throttling does: a limit holds across every app node, whichever a balancer sends a request to.
 */
export default fp(
  async (app) => {
    const counters = new RateLimitCounters(app.db);
    await app.register(rateLimit, {
      global: false,
      store: class extends DatabaseStore {
        constructor() {
          super(counters);
        }
      },
      // The plugin has already set Retry-After; the error handler gives the usual body.
      errorResponseBuilder: () => new HttpError(429, MESSAGES.tooManyRequests),
    });
  },
  { name: 'rate-limit', dependencies: ['db'] },
);

/** The signed-in user (several people can share an office's address); the address only for anonymous ones. */
function userKey(request: FastifyRequest): string {
  return request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
}

/**
 * `config.rateLimit` for a signed-in route: at most `max` requests a minute per user (0 = no limit), each
 * route counted apart. The route's own `onRequest` must authenticate: the limit's hook runs after it, so
 * it knows the user and requests refused as anonymous or forbidden are not counted. One count for all the
 * app nodes.
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
export function perUserRateLimit(
  max: number,
  timeWindow = '1 minute',
  /** The 429's message, told the limit and the seconds left (Retry-After says them too). */
  message?: (max: number, waitSeconds: number) => string,
): RateLimitOptions | false {
  if (max <= 0) return false;
  const refusal = message
    ? {
        errorResponseBuilder: (_: FastifyRequest, context: { max: number; ttl: number }) =>
          new HttpError(429, message(context.max, Math.max(1, Math.ceil(context.ttl / 1000)))),
      }
    : {};
  return { max, timeWindow, keyGenerator: userKey, ...refusal };
}
