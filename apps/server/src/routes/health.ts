import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../lib/errors';

const statusSchema = z.object({ status: z.literal('ok') });

const health: FastifyPluginAsyncZod = async (app) => {
  // Liveness: never touches the database (load balancers and the benchmark's trivial reference).
  app.get('/health', { schema: { tags: ['health'], response: { 200: statusSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  // Readiness: the database answers.
  app.get('/health/ready', { schema: { tags: ['health'], response: { 200: statusSchema } } }, async (request) => {
    try {
      await app.db.execute(sql`select 1`);
    } catch (error) {
      request.log.error({ err: error }, 'readiness check failed');
      throw new HttpError(503, 'Base de datos no disponible');
    }
    return { status: 'ok' as const };
  });
};

export default health;
