import { z } from 'zod';
import { dialableCellphone } from './calls';

/*
 * /test (DOMAIN 4: the SPEC 6 "admin route" rule): the health of the API, its database, the telephony
 * adapter, the realtime bridge and the automated stages, as this node sees them, and a test call through
 * the telephony adapter.
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
  /** The automated stages (prefilter, killer, risk, identity, transfer) and their runs that failed. */
  stages: z.object({
    adapter: z.enum(['simulator']),
    /** A stage runs as soon as a lead reaches it (WORKFLOW_AUTORUN). */
    auto_run: z.boolean(),
    /** How often this node looks for runs due (retries); 0: it does not. */
    worker_seconds: z.number(),
    /** The country's failed runs the system retries, and those it stopped retrying. */
    retrying: z.number().int(),
    stopped: z.number().int(),
    /** No failed run in the country. */
    ok: z.boolean(),
  }),
});
export type DiagnosticsResponse = z.infer<typeof diagnosticsResponseSchema>;

/**
 * `POST /api/{country}/diagnostics/test-call`: the number to call from the signed-in user's telephony user.
 * Any number of the country that a call may dial (no customer needed: a test line, one's own phone), never one
 * abroad, premium-rate or special: a test call costs what any call does.
 */
export const testCallBodySchemas = {
  arg: z.object({ cellphone: dialableCellphone('arg') }),
  col: z.object({ cellphone: dialableCellphone('col') }),
} as const;
export type TestCallBody = z.input<(typeof testCallBodySchemas)['arg']>;

export const testCallResponseSchema = z.object({
  ok: z.literal(true),
  /** The recorded call (calls table). */
  call_id: z.number().int(),
  /** ISO date-time (UTC). */
  started_at: z.string(),
  detail: z.string(),
});
export type TestCallResponse = z.infer<typeof testCallResponseSchema>;
