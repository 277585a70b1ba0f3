import rateLimit from '@fastify/rate-limit';
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
