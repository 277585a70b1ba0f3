import { errorLogSchema, okSchema } from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const ERROR_LOG_BODY_LIMIT = 64 * 1024;
export const ERROR_LOG_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

/** POST /api/log/error: front-end errors (SPEC 7), from signed-in users or not (the login page fails too). */
const log: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/log/error',
    {
      bodyLimit: ERROR_LOG_BODY_LIMIT,
      // A broken page can loop on errors; 30 a minute per address is plenty for a person.
      config: { rateLimit: ERROR_LOG_RATE_LIMIT },
      schema: { tags: ['log'], body: errorLogSchema, response: { 201: okSchema } },
    },
    async (request, reply) => {
      const user = await app.currentUser(request);
      await app.errorLogs.create(request.body, {
        userId: user?.id,
        country: user?.country,
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      return reply.code(201).send({ ok: true });
    },
  );
};

export default log;
