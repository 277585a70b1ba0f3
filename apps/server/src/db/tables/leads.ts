import { type LeadSource } from '@backoffice/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { countryCheck, timestamps } from '../columns';
import { users } from './users';
import { customers } from './customers';

export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    country: text('country').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** Minor units (centavos). */
    requestedAmount: bigint('requested_amount', { mode: 'number' }).notNull(),
    /** Number of installments. */
    term: smallint('term').notNull(),
    /** Minor units; set once risk approves. */
    offeredAmount: bigint('offered_amount', { mode: 'number' }),
    /** Annual nominal rate in percent (e.g. 89.5000). */
    rate: numeric('rate', { precision: 7, scale: 4, mode: 'number' }),
    /** Id in the country's status catalogue (shared STATUSES). */
    statusId: integer('status_id').notNull(),
    /**
     * When the lead entered its status (its latest status history row's time), written with the status: the
     * order of a status's leads by how long they have been in it (the audit history's filters).
     */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** One of the shared LEAD_SOURCES. */
    source: text('source').$type<LeadSource>().notNull(),
    sellerId: integer('seller_id').references(() => users.id, { onDelete: 'set null' }),
    /** Outcome of the last contact: one of the shared MANAGEMENT_STATUSES. */
    managementStatus: text('management_status'),
    /** col only, 1 to 7. */
    dataRate: smallint('data_rate'),
    nextCallAt: timestamp('next_call_at', { withTimezone: true }),
    notes: text('notes'),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [
    // A customer's leads; with the country and the seller, a lead's scope is read from the index alone (the
    // lists' count of a name checks thousands of candidate customers' leads against a seller).
    index('leads_customer_id_idx').on(t.customerId, t.country, t.sellerId),
    index('leads_seller_id_idx').on(t.sellerId),
    /*
     * List indexes: every one starts with the country, ends with the keyset tie-breaker (id) and matches
     * one filter + sort the list offers, so a page is an index range scan that stops after pageSize + 1
     * rows and the capped count reads at most threshold + 1 index entries. Descending columns are
     * NULLS FIRST, PostgreSQL's default for DESC, so `order by x desc, id desc` matches them and ascending
     * sorts read them backwards.
     */
    index('leads_list_created_idx').on(t.country, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('leads_list_updated_idx').on(t.country, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('leads_list_amount_idx').on(t.country, t.requestedAmount, t.id),
    index('leads_list_status_idx').on(t.country, t.statusId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('leads_status_entered_idx').on(t.country, t.statusId, t.statusChangedAt, t.id),
    index('leads_list_seller_idx').on(t.country, t.sellerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('leads_list_management_idx').on(t.country, t.managementStatus, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    /*
     * The sort by next call (the soonest pending call back): leads without one come last in both directions,
     * so each direction orders by its own expression with no nulls in it (a keyset compares whole rows:
     * NULL compares as unknown), NULL read as +infinity ascending and as -infinity descending
     * (NEXT_CALL_KEYS in lists/leads.ts, whose ORDER BY matches these expressions). Staff's lists
     * and a seller's own leads; the descending ones are read backwards.
     */
    index('leads_list_next_call_idx').on(t.country, sql`coalesce(${t.nextCallAt}, 'infinity'::timestamptz)`, t.id),
    index('leads_list_next_call_desc_idx').on(t.country, sql`coalesce(${t.nextCallAt}, '-infinity'::timestamptz)`, t.id),
    index('leads_list_seller_next_call_idx').on(t.country, t.sellerId, sql`coalesce(${t.nextCallAt}, 'infinity'::timestamptz)`, t.id),
    index('leads_list_seller_next_call_desc_idx').on(t.country, t.sellerId, sql`coalesce(${t.nextCallAt}, '-infinity'::timestamptz)`, t.id),
    /*
     * The usual work queue filter (statuses + management status + amount range): the count and the
     * candidate rows come from this index alone instead of AND-ing three large bitmaps, and with
     * created_at and id in it the page's top-N sort needs no table access either (index-only scan).
     */
    index('leads_filter_status_management_amount_idx').on(t.country, t.statusId, t.managementStatus, t.requestedAmount, t.createdAt, t.id),
    /*
     * The dashboard's funnel of one seller (their leads by status): an index-only count over the seller's
     * entries; leads_list_seller_idx has no status, so it would read every one of their rows.
     */
    index('leads_seller_status_idx').on(t.country, t.sellerId, t.statusId),
    countryCheck('leads', t.country),
    check('leads_amounts_check', sql`${t.requestedAmount} > 0 and (${t.offeredAmount} is null or ${t.offeredAmount} > 0)`),
    check('leads_data_rate_check', sql`${t.dataRate} is null or ${t.dataRate} between 1 and 7`),
  ],
);

/**
 * Each lead's customer's search words (one row per lexeme of `search_words`), in the lists' default order
 * (newest first) per word: a name typed in the leads or sales list is a merge join of its words' posting
 * lists that stops at the page, where walking the list checked ~220 leads' customers per match. Kept by
 * triggers (migration 0045) on leads (insert; a change of customer, seller, country or creation time) and on
 * customers (a change of `search_words`). `word` is in the "C" collation (set in the migration): a typed
 * word's words are a byte range, as tsquery prefixes compare.
 */
export const leadWords = pgTable(
  'lead_words',
  {
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    country: text('country').notNull(),
    sellerId: integer('seller_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.leadId, t.word] }),
    index('lead_words_list_idx').on(t.country, t.word, t.createdAt.desc().nullsFirst(), t.leadId.desc().nullsFirst()),
    index('lead_words_seller_idx').on(t.country, t.sellerId, t.word, t.createdAt.desc().nullsFirst(), t.leadId.desc().nullsFirst()),
  ],
);

export const leadStatusHistory = pgTable(
  'lead_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    country: text('country').notNull(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    /** Null for the first status of a lead. */
    fromStatus: integer('from_status'),
    toStatus: integer('to_status').notNull(),
    /** Null when the system (an automated stage or the seed) made the change. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lead_status_history_lead_id_idx').on(t.leadId, t.createdAt),
    index('lead_status_history_user_id_idx').on(t.userId),
    /*
     * Status changes into given statuses over time (the dashboard: disbursements per day, conversions, the
     * audit queue's entry times), read from the index alone instead of scanning the whole history.
     */
    index('lead_status_history_to_status_idx').on(t.country, t.toStatus, t.createdAt, t.leadId),
    countryCheck('lead_status_history', t.country),
  ],
);

/**
 * The automated stage a lead waits on, queued in the status change's own transaction (WORKFLOW_AUTORUN): a
 * stage whose run was cut short (the node stopped, the adapter failed) is not lost but tried again by any
 * node's stage worker (services/stage-runs.ts). One row per lead at most: a lead waits on one stage, and
 * any status change replaces the row.
 */
export const stageRuns = pgTable(
  'stage_runs',
  {
    leadId: integer('lead_id')
      .primaryKey()
      .references(() => leads.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    /** The status whose stage runs: a lead found elsewhere has moved on and the run is dropped. */
    statusId: integer('status_id').notNull(),
    /** Runs started (a claim counts one, whether it ends in an outcome, an error or a stopped node). */
    attempts: integer('attempts').notNull().default(0),
    /**
     * When a worker may claim it: now for a new run; a claim moves it a lease ahead (a node that stops
     * mid-run leaves it to another one then); a failure, the retry's time; 'infinity' once retries ran out.
     */
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    /** The last attempt's error, for the logs and support (not shown to users as it is). */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stage_runs_run_after_idx').on(t.runAfter), countryCheck('stage_runs', t.country)],
);

/**
 * What happens to a lead besides status changes: notes, management status changes and reassignments
 * (later: calls, communications). With lead_status_history it makes the detail's timeline, read in one
 * query ordered by time.
 */
export const leadEvents = pgTable(
  'lead_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    country: text('country').notNull(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    /**
     * 'note' | 'management' | 'assignment' | 'customer' | 'call_back' | 'call_resolved' | 'call_postponed' |
     * 'call' | 'message' | 'document' (shared TIMELINE_TYPES).
     */
    type: text('type').notNull(),
    /** Who did it; null for the system. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The note text, or the new value (management status, seller name) as shown in the timeline. */
    body: text('body'),
    /** Previous and new raw values (management status text, seller id) for audits and reports. */
    fromValue: text('from_value'),
    toValue: text('to_value'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lead_events_lead_id_idx').on(t.leadId, t.createdAt),
    index('lead_events_user_id_idx').on(t.userId),
    countryCheck('lead_events', t.country),
    check(
      'lead_events_type_check',
      sql`${t.type} in ('note', 'management', 'assignment', 'customer', 'call_back', 'call_resolved', 'call_postponed', 'call', 'message', 'document')`,
    ),
  ],
);

/**
 * Call backs a seller schedules from the sale detail; the call reminders read a seller's pending ones in
 * time order (seller_id, status, schedule_time). leads.next_call_at mirrors the lead's latest one.
 */
export const scheduledCalls = pgTable(
  'scheduled_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    country: text('country').notNull(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    /** Whose reminder it is (the lead's seller when scheduled). */
    sellerId: integer('seller_id').references(() => users.id, { onDelete: 'set null' }),
    scheduleTime: timestamp('schedule_time', { withTimezone: true }).notNull(),
    /** 'pending' | 'resolved' | 'postponed' | 'cancelled' (the application ended first). */
    status: text('status').notNull().default('pending'),
    note: text('note'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('scheduled_calls_seller_status_time_idx').on(t.sellerId, t.status, t.scheduleTime),
    index('scheduled_calls_lead_id_idx').on(t.leadId),
    /* One pending call back per lead and instant: a double submit or a client's retry schedules it once. */
    uniqueIndex('scheduled_calls_pending_lead_time_key')
      .on(t.leadId, t.scheduleTime)
      .where(sql`${t.status} = 'pending'`),
    countryCheck('scheduled_calls', t.country),
    check('scheduled_calls_status_check', sql`${t.status} in ('pending', 'resolved', 'postponed', 'cancelled')`),
  ],
);

/**
 * Every phone call placed through the telephony adapter (simulator or Neotel): who, which number, which lead
 * (when known), when it started and ended, and how it went. Written whatever the adapter answers, so a
 * failed call is on record too; a hang-up closes the user's open calls.
 */
export const calls = pgTable(
  'calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    country: text('country').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The telephony user number the call went out through. */
    neotelUser: integer('neotel_user').notNull(),
    cellphone: text('cellphone').notNull(),
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    /** 'simulator' | 'neotel'. */
    adapter: text('adapter').notNull(),
    /** 'started' (in progress) | 'ended' (hung up) | 'failed' (the adapter refused or did not answer). */
    status: text('status').notNull(),
    /** The adapter's error, or its call id. */
    outcome: text('outcome'),
    externalId: text('external_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [
    /* A hang-up closes the user's open calls. */
    index('calls_user_status_idx').on(t.userId, t.status),
    /* One open call per user: claimed before dialling, so a repeated start dials once. */
    uniqueIndex('calls_user_open_key')
      .on(t.userId)
      .where(sql`${t.status} = 'started'`),
    index('calls_lead_id_idx').on(t.leadId),
    countryCheck('calls', t.country),
    check('calls_status_check', sql`${t.status} in ('started', 'ended', 'failed')`),
  ],
);

/**
 * Audit rounds (DOMAIN 2): one per time a lead enters AUDIT_PENDING or AUDIT_RETRY, so a lead's earlier
 * rounds are its audit history. Rounds are opened (and rounds left behind closed) by the trigger on
 * lead_status_history (migration 0009_audits_queue), so every path that moves a lead into audit (the
 * workflow, the seed, bulk loads) queues it; the audit decision fills the checklist, decision and comment
 * in the workflow's transaction. `auditorId`/`claimedAt` is the claim: one auditor works a case at a time.
 */
export const audits = pgTable(
  'audits',
  {
    id: serial('id').primaryKey(),
    country: text('country').notNull(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    /** The audit status the lead entered (AUDIT_PENDING or AUDIT_RETRY of its country's catalogue). */
    statusId: integer('status_id').notNull(),
    /** When the lead entered that status: the queue's order (oldest first). */
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    /** The claim holder, later the auditor who decided. */
    auditorId: integer('auditor_id').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    checkIdentity: boolean('check_identity').notNull().default(false),
    checkDocuments: boolean('check_documents').notNull().default(false),
    checkSignature: boolean('check_signature').notNull().default(false),
    checkBankAccount: boolean('check_bank_account').notNull().default(false),
    checkPhone: boolean('check_phone').notNull().default(false),
    /** approve, reject, retry, request_information; null while open or when the lead left audit another way. */
    decision: text('decision'),
    comment: text('comment'),
    /** When the round closed (a decision, or the lead moved out of audit by another transition). */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [
    /*
     * The queue: only open rounds are in it, so its size is the queue's, not the table's (or the leads').
     * The status and the claim's columns after the order's: the queue's count and its filters read the
     * index alone.
     */
    index('audits_queue_idx')
      .on(t.country, t.queuedAt, t.id, t.statusId, t.auditorId, t.claimedAt)
      .where(sql`${t.decidedAt} is null`),
    /* At most one open round per lead (the trigger closes the old one before opening another). */
    uniqueIndex('audits_open_lead_key')
      .on(t.leadId)
      .where(sql`${t.decidedAt} is null`),
    /* A lead's rounds (its audit history) and "latest round" lookups. */
    index('audits_lead_id_idx').on(t.leadId, t.queuedAt),
    index('audits_auditor_id_idx').on(t.auditorId),
    countryCheck('audits', t.country),
    check('audits_decision_check', sql`${t.decision} is null or ${t.decision} in ('approve', 'reject', 'retry', 'request_information')`),
  ],
);
