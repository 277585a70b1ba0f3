import { z } from 'zod';
import { PHONE_CHARACTERS, PHONE_CHARACTERS_MESSAGE } from '../documents';

/*
 * /test (DOMAIN 4: the SPEC 6 "admin route" rule): the health of the API, its database, the telephony
 * adapter and the realtime bridge, as this node sees them, and a test call through the adapter.
 */

/** `GET /api/{country}/diagnostics`. Every block answers even when its component is down (`ok: false`). */
export const diagnosticsResponseSchema = z.object({
  api: z.object({
    status: z.literal('ok'),
    /** The server package's version. */
    version: z.string(),
    /** The web build this node serves (`builds/latest.json`), null when none is deployed. */
    build_id: z.string().nullable(),
    /** Seconds since this node started. */
    uptime_s: z.number(),
    /** ISO date-time (UTC) of the answer. */
    checked_at: z.string(),
  }),
  database: z.object({
    driver: z.enum(['pglite', 'postgres']),
    ok: z.boolean(),
    /** Round trip of `select 1`. */
    latency_ms: z.number(),
    detail: z.string(),
  }),
  telephony: z.object({
    adapter: z.enum(['simulator', 'neotel']),
    ok: z.boolean(),
    latency_ms: z.number(),
    detail: z.string(),
  }),
  realtime: z.object({
    enabled: z.boolean(),
    path: z.string(),
    /** Whether this node has its socket server attached (it listens). */
    attached: z.boolean(),
    /** Sockets connected to this node. */
    clients: z.number().int(),
    /** How rooms reach other nodes: socket.io's in-memory adapter (PGlite) or PostgreSQL LISTEN/NOTIFY. */
    adapter: z.enum(['memory', 'postgres']),
  }),
});
export type DiagnosticsResponse = z.infer<typeof diagnosticsResponseSchema>;

/** `POST /api/{country}/diagnostics/test-call`: the number to call from the signed-in user's telephony user. */
export const testCallBodySchema = z.object({
  cellphone: z
    .string({ error: 'Indica el celular' })
    .regex(PHONE_CHARACTERS, PHONE_CHARACTERS_MESSAGE)
    .transform((value) => value.replace(/\D/g, ''))
    .pipe(z.string().min(6, 'Celular inválido').max(15, 'Celular inválido')),
});
export type TestCallBody = z.input<typeof testCallBodySchema>;

export const testCallResponseSchema = z.object({
  ok: z.literal(true),
  /** The recorded call (calls table). */
  call_id: z.number().int(),
  /** ISO date-time (UTC). */
  started_at: z.string(),
  detail: z.string(),
});
export type TestCallResponse = z.infer<typeof testCallResponseSchema>;
