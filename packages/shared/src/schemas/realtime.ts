import { z } from 'zod';
import { massiveBatchProgressSchema } from './massive';

/*
 * The realtime bridge (DOMAIN 5 "Messaging bridge"; SPEC 4 "Call reminder flow"): socket.io on the API
 * server. Signed-in staff are in the rooms `user:<id>` and `country:<arg|col>`; the server emits these
 * events (names and payloads below) and the web app refreshes the screens they concern. Clients only ask
 * to join and leave a customer's room (`RealtimeClientEvents`).
 */

/** A call back that fell due (scheduled_calls): the web app asks schedule-calls again and shows the modal. */
export const callReminderDueSchema = z.object({
  id: z.number().int(),
  lead_id: z.number().int(),
  /** ISO date-time (UTC). */
  schedule_time: z.string(),
});

/**
 * A pending call back cancelled or moved to another time from the sale detail (by its seller or the back
 * office): the seller's reminders ask schedule-calls again (one shown for it goes) and the application's
 * screens reload.
 */
export const callReminderChangedSchema = z.object({
  id: z.number().int(),
  lead_id: z.number().int(),
  change: z.enum(['cancelled', 'rescheduled']),
  /** ISO date-time (UTC): when it is due now (rescheduled), or was (cancelled). */
  schedule_time: z.string(),
});

/** A lead now belongs to `seller_id`: reassigned by a supervisor/admin, or taken by the seller from the pool. */
export const leadAssignedSchema = z.object({
  lead_id: z.number().int(),
  seller_id: z.number().int(),
  source: z.enum(['reassign', 'take']),
  /** Who did it (the seller themself when taking). */
  by: z.object({ id: z.number().int(), name: z.string() }),
});

/**
 * Many applications moved at once (a massive batch's chunk): one message per seller rather than one per lead,
 * sent to the seller they now belong to and, with the ones taken from them, to each seller they were taken from.
 */
export const leadsAssignedSchema = z.object({
  seller_id: z.number().int(),
  /** Up to 100 of the applications (`count` says how many). */
  lead_ids: z.array(z.number().int()).max(100),
  count: z.number().int().min(1),
  by: z.object({ id: z.number().int(), name: z.string() }),
});

/**
 * Loans now belong to `collector_id` (one reassigned, or a filter's rows at once): the collector's queue and
 * the loans' details refresh; `previous` is set on the event sent to a collector they were taken from.
 */
export const loanAssignedSchema = z.object({
  collector_id: z.number().int(),
  /** Up to 100 of the loans (a bulk assignment may move thousands: `count` says how many). */
  loan_ids: z.array(z.number().int()).max(100),
  count: z.number().int().min(1),
  by: z.object({ id: z.number().int(), name: z.string() }),
});

/**
 * An automated stage the system ran decided where the application goes (to the country: whoever has it open
 * sees the new status without reloading; a retry or a run after the change's answer decides unseen).
 */
export const leadStageDecidedSchema = z.object({
  lead_id: z.number().int(),
  status_id: z.number().int(),
});

/** A message a customer sent (inbound webhook): to the staff who have that customer open (`customer:watch`). */
export const customerMessageInboundSchema = z.object({
  customer_id: z.number().int(),
  lead_id: z.number().int().nullable(),
  channel: z.string(),
  text: z.string(),
  /** ISO date-time (UTC). */
  received_at: z.string(),
});

/** Progress of a massive batch (no producer yet: bulk jobs are a later issue). */
export const bulkJobProgressSchema = z.object({
  job_id: z.string(),
  kind: z.string(),
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  status: z.enum(['running', 'done', 'failed']),
});

export const REALTIME_EVENTS = {
  'call-reminder:due': callReminderDueSchema,
  'call-reminder:changed': callReminderChangedSchema,
  'lead:assigned': leadAssignedSchema,
  'leads:assigned': leadsAssignedSchema,
  'lead:stage-decided': leadStageDecidedSchema,
  'loan:assigned': loanAssignedSchema,
  'customer-message:inbound': customerMessageInboundSchema,
  'bulk-job:progress': bulkJobProgressSchema,
  /** A massive batch's counts as it runs (to the country: /massive-batches and the detail refresh). */
  'massive-batch:progress': massiveBatchProgressSchema,
} as const;

export type RealtimeEventName = keyof typeof REALTIME_EVENTS;
export type RealtimeEventPayload<E extends RealtimeEventName> = z.infer<(typeof REALTIME_EVENTS)[E]>;
/** socket.io's typed-events map (server `Server<{}, RealtimeServerEvents>`, client `Socket<RealtimeServerEvents>`). */
export type RealtimeServerEvents = { [E in RealtimeEventName]: (payload: RealtimeEventPayload<E>) => void };

/** The rooms a signed-in user's sockets join. */
export const realtimeRooms = {
  user: (userId: number) => `user:${userId}`,
  country: (country: string) => `country:${country}`,
  /** Staff with the customer's conversation or one of their details open (joined by `customer:watch`). */
  customer: (country: string, customerId: number) => `customer:${country}:${customerId}`,
};

/**
 * What a client sends: a detail screen or conversation joins its customer's room while open, the server
 * checking the user may see that customer; the ack says whether it joined.
 */
export type RealtimeClientEvents = {
  'customer:watch': (customerId: number, ack?: (joined: boolean) => void) => void;
  'customer:unwatch': (customerId: number) => void;
};

/**
 * `GET /api/realtime`: the bridge's public runtime configuration (the web app reads it before connecting).
 * `url` null = the page's own origin.
 */
export const realtimeConfigSchema = z.object({
  enabled: z.boolean(),
  url: z.string().nullable(),
  path: z.string(),
});
export type RealtimeConfigResponse = z.infer<typeof realtimeConfigSchema>;
