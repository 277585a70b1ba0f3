import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../lib/errors';

const statusSchema = z.object({ status: z.literal('ok') });
const livenessSchema = z.object({
  /** 'degraded': the process answers but its database is away (requests that need it answer 503). */
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unavailable']).optional(),
});

/** While the database is away, the liveness answer looks again at most this often (the way back is noticed without traffic). */
const RECHECK_MS = 1000;

const health: FastifyPluginAsyncZod = async (app) => {
  let lastCheck = 0;
  const databaseAway = async (): Promise<boolean> => {
    const availability = app.database.availability;
    if (!availability?.away) return false;
    if (Date.now() - lastCheck >= RECHECK_MS) {
      lastCheck = Date.now();
      // A connection made marks it back (the pool's 'connect'); a failure leaves it away.
      await app.db.execute(sql`select 1`).then(
        () => availability.markBack(),
        () => {},
      );
    }
    return availability.away;
  };

  // Liveness: no query while the database is fine (load balancers and the benchmark's trivial reference); while
  // it is away, 'degraded' (the process itself is alive and must not be restarted for it).
  app.get('/health', { schema: { tags: ['health'], response: { 200: livenessSchema } } }, async () =>
    (await databaseAway()) ? { status: 'degraded' as const, database: 'unavailable' as const } : { status: 'ok' as const },
  );

  // Readiness: the database answers.
  app.get('/health/ready', { schema: { tags: ['health'], response: { 200: statusSchema } } }, async (request) => {
    try {
      await app.db.execute(sql`select 1`);
    } catch (error) {
      request.log.error({ err: error }, 'readiness check failed');
      app.database.availability?.markAway();
      throw new HttpError(503, 'Base de datos no disponible');
    }
    return { status: 'ok' as const };
  });
};

export default health;
