import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  MESSAGES as SHARED_MESSAGES,
  diagnosticsResponseSchema,
  errorBodySchema,
  testCallBodySchemas,
  testCallResponseSchema,
} from '@backoffice/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/errors';
import { perUserRateLimit } from '../../plugins/external/rate-limit';
import { TelephonyError, createTelephony, placeCall } from '../../services/telephony';
import { CALL_ERRORS } from './call-errors';
import type { CountryOptions } from './options';
import { SESSION_SECURITY, errorResponses } from '../responses';
import { signedInUser } from '../../plugins/app/auth';

const errors = errorResponses(400, 401, 403, 502);

/** Spanish, shown by the web as the server's statusMessage. */
export const DIAGNOSTIC_ERRORS = {
  /** SPEC 5's exact text: the page shows it as the call flow does. */
  noNeotelUser: SHARED_MESSAGES.noNeotelUser,
  hangUpFailed: (reason: string) => `La llamada de prueba falló al cortar la llamada anterior: ${reason}`,
  startFailed: (reason: string) => `La llamada de prueba no se pudo iniciar: ${reason}`,
} as const;

/** Read once: the version cannot change while the process runs. */
const VERSION = (() => {
  try {
    const raw = readFileSync(new URL('../../../package.json', import.meta.url), 'utf8');
    return String((JSON.parse(raw) as { version?: unknown }).version ?? 'desconocida');
  } catch {
    return 'desconocida';
  }
})();

const elapsed = (from: bigint) => Math.round(Number(process.hrtime.bigint() - from) / 1e4) / 100;

/**
 * /test (DOMAIN 4: SPEC 6's admin route rule): what this node sees of its API, database, telephony adapter,
 * realtime bridge and automated stages, and a test call through the telephony adapter. Each block reports its own failure instead of
 * failing the whole answer: the page exists to show what is down.
 */
const diagnosticsRoutes: FastifyPluginAsyncZod<CountryOptions> = async (app, { country }) => {
  // Same configuration as the calls routes' adapter, so the test exercises what real calls use.
  const telephony = createTelephony(app.config.telephony);
  const { realtime: realtimeConfig, webDist } = app.config;

  /** The web build this node serves; it may be deployed after start, so read on each check. */
  const buildId = async (): Promise<string | null> => {
    try {
      const raw = await readFile(join(webDist, 'builds', 'latest.json'), 'utf8');
      const id = (JSON.parse(raw) as { id?: unknown }).id;
      return typeof id === 'string' ? id : null;
    } catch {
      return null;
    }
  };

  app.get(
    '/diagnostics',
    {
      onRequest: app.authorize('test'),
      schema: {
        tags: ['diagnostics'],
        summary: 'Estado de la API, la base de datos, la telefonía, el puente en tiempo real (este nodo) y las etapas automáticas',
        security: SESSION_SECURITY,
        response: { 200: diagnosticsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const dbStarted = process.hrtime.bigint();
      let database: { ok: boolean; detail: string };
      try {
        await app.db.execute(sql`select 1`);
        database = { ok: true, detail: 'select 1 respondió' };
      } catch (error) {
        request.log.error({ err: error }, 'diagnostics: database check failed');
        database = { ok: false, detail: 'La base de datos no responde' };
      }
      const dbLatency = elapsed(dbStarted);

      const telStarted = process.hrtime.bigint();
      const tel = await telephony.health();
      const telLatency = elapsed(telStarted);

      const io = app.realtime.server;
      const failures = database.ok ? await app.stageRuns.failures(country) : { retrying: 0, stopped: 0 };
      void reply.header('cache-control', 'no-store');
      return {
        api: {
          status: 'ok' as const,
          version: VERSION,
          build_id: await buildId(),
          uptime_s: Math.round(process.uptime()),
          checked_at: new Date().toISOString(),
        },
        database: { driver: app.database.driver, ok: database.ok, latency_ms: dbLatency, detail: database.detail },
        telephony: { adapter: telephony.name, ok: tel.ok, latency_ms: telLatency, detail: tel.detail },
        realtime: {
          enabled: realtimeConfig.enabled,
          path: realtimeConfig.path,
          attached: io !== null,
          // Authenticated sockets of the default namespace on this node (other nodes count their own).
          clients: io ? io.of('/').sockets.size : 0,
          adapter: app.config.databaseUrl ? ('postgres' as const) : ('memory' as const),
        },
        stages: {
          adapter: 'simulator' as const,
          auto_run: app.config.workflowAutoRun,
          worker_seconds: app.config.workflowAutoRun ? app.config.stageRuns.workerSeconds : 0,
          retrying: failures.retrying,
          stopped: failures.stopped,
          ok: database.ok && failures.retrying + failures.stopped === 0,
        },
      };
    },
  );

  app.post(
    '/diagnostics/test-call',
    {
      onRequest: app.authorize('test'),
      // Per user and hour: it dials any national number (plugins/external/rate-limit.ts).
      config: { rateLimit: perUserRateLimit(app.config.rateLimits.testCall, '1 hour') },
      schema: {
        tags: ['diagnostics'],
        summary: 'Llamada de prueba desde el usuario de telefonía propio: corta la anterior, inicia y la registra',
        security: SESSION_SECURITY,
        body: testCallBodySchemas[country],
        response: { 200: testCallResponseSchema, ...errors, 429: errorBodySchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      if (user.neotelId <= 0) throw new HttpError(400, DIAGNOSTIC_ERRORS.noNeotelUser);
      const { cellphone } = request.body;
      // As the web's call flow: hang up whatever is in progress, then start.
      try {
        await telephony.hangUp(user.neotelId);
      } catch (error) {
        if (!(error instanceof TelephonyError)) throw error;
        request.log.warn({ err: error, adapter: telephony.name }, 'diagnostics: telephony hang-up failed');
        throw new HttpError(502, DIAGNOSTIC_ERRORS.hangUpFailed(error.message));
      }
      await app.calls.endOpen(country, user.id);

      // A test call belongs to no lead: it is recorded in `calls` only, like any other start.
      const startedAt = new Date();
      let call;
      try {
        call = await placeCall(app.calls, telephony, {
          country,
          userId: user.id,
          neotelUser: user.neotelId,
          cellphone,
          leadId: null,
          adapter: telephony.name,
        });
      } catch (error) {
        if (!(error instanceof TelephonyError)) throw error;
        request.log.warn({ err: error, adapter: telephony.name }, 'diagnostics: telephony start failed');
        throw new HttpError(502, DIAGNOSTIC_ERRORS.startFailed(error.message));
      }
      // Only a start at the same moment (the open calls were just ended) can hold the user's one open call.
      if (!call.placed) throw new HttpError(409, CALL_ERRORS.callInProgress);
      const { id, externalId } = call;
      return {
        ok: true as const,
        call_id: id,
        started_at: startedAt.toISOString(),
        detail: `Llamada de prueba iniciada con ${telephony.name === 'simulator' ? 'el simulador' : 'Neotel'} desde el usuario ${user.neotelId} a ${cellphone}${externalId ? ` (id ${externalId})` : ''}`,
      };
    },
  );
};

export default diagnosticsRoutes;
