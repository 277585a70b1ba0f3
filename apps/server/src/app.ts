import { STATUS_CODES } from 'node:http';
import { COUNTRIES, type ErrorBody } from '@backoffice/shared';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './config';
import { MESSAGES } from './lib/errors';
import auth from './plugins/app/auth';
import leadLists from './plugins/app/lead-lists';
import lists from './plugins/app/lists';
import messaging from './plugins/app/messaging';
import massive from './plugins/app/massive';
import realtime from './plugins/app/realtime';
import repositories from './plugins/app/repositories';
import securityLog from './plugins/app/security-log';
import textGuard from './plugins/app/text-guard';
import workflow from './plugins/app/workflow';
import delinquency from './plugins/app/delinquency';
import xsrf from './plugins/app/xsrf';
import cookie from './plugins/external/cookie';
import db from './plugins/external/db';
import errorHandler, { answerClientError } from './plugins/external/error-handler';
import helmet from './plugins/external/helmet';
import rateLimit from './plugins/external/rate-limit';
import staticWeb from './plugins/external/static-web';
import swagger from './plugins/external/swagger';
import countryRoutes from './routes/country/index';
import health from './routes/health';
import log from './routes/log';
import realtimeRoutes from './routes/realtime';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

// Validation messages reach users ('Datos inválidos: email: ...'): say them in Spanish.
z.config(z.locales.es());

/** The router's own refusals, answered with the one error body. */
function answerRouterError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const statusCode = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const body: ErrorBody = {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message: MESSAGES.badUrl,
    statusMessage: MESSAGES.badUrl,
  };
  void reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

/**
 * The whole server, not listening: `server.ts` listens, tests call `inject` (which waits for `ready`).
 * Registration order matters: the error handler and security hooks come first so they cover every route;
 * swagger before the routes it documents; the SPA fallback last.
 */
export async function buildApp(config: AppConfig) {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // Start-up applies pending migrations, and one that rewrites a large table (e.g. a new generated
    // column over a million customers) takes minutes, not Fastify's default 10 s.
    pluginTimeout: 15 * 60_000,
    // What the router refuses before any route runs (an address with a malformed escape such as '%zz', a
    // parameter over the length limit): the same error body as everything else, in Spanish.
    frameworkErrors: answerRouterError,
    // What Node's HTTP parser refuses before Fastify sees a request (a request head over 16 KiB: 431), likewise.
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(
    fp(
      async (instance) => {
        instance.decorate('config', config);
      },
      { name: 'config' },
    ),
  );
  await app.register(errorHandler);
  await app.register(helmet);
  await app.register(cookie);
  await app.register(swagger);
  await app.register(db);
  // Its counters are in the database.
  await app.register(rateLimit);
  await app.register(repositories);
  await app.register(workflow);
  await app.register(delinquency);
  await app.register(leadLists);
  await app.register(lists);
  await app.register(messaging);
  await app.register(xsrf);
  await app.register(textGuard);
  await app.register(auth);
  await app.register(securityLog);
  await app.register(realtime);
  await app.register(massive);

  await app.register(health, { prefix: '/api' });
  await app.register(log, { prefix: '/api' });
  await app.register(realtimeRoutes, { prefix: '/api' });
  for (const country of COUNTRIES) {
    await app.register(countryRoutes, { prefix: `/api/${country}`, country });
  }

  await app.register(staticWeb);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
