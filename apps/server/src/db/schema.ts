import { COL_WALLETS, SEARCH_FOLD_FROM, SEARCH_FOLD_TO, type ColAccountType, type GridSettings, type LeadSource } from '@backoffice/shared';
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { countryCheck, timestamps } from './columns';
import { jsonObjectText } from './json-sql';

/*
 * Every business row carries its country ('arg' | 'col'); the check constraints keep a typo from creating
 * a third country. Money is integer minor units (bigint, read as JS numbers: far below 2^53). `version`
 * supports optimistic concurrency (a stale write gets 409).
 */

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    country: text('country').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** The SPEC 6 role id as text: arg '1'..'10', col 'admin', 'seller', ... */
    role: text('role').notNull(),
    /** Telephony (Neotel) user number; 0 = none. */
    neotelId: integer('neotel_id').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** Set by an admin's password reset (or a new account): the next session may only change the password. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('users_country_email_key').on(t.country, t.email),
    index('users_country_role_idx').on(t.country, t.role),
    countryCheck('users', t.country),
  ],
);

/**
 * A user's column choice and row density of a list (shared GRIDS), as the grid keeps them: one row per user
 * and list, replaced whole on each change. Gone with the user.
 */
export const userGridSettings = pgTable(
  'user_grid_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    grid: text('grid').notNull(),
    settings: jsonb('settings').$type<GridSettings>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.grid] })],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 (hex) of the token: a leaked table does not give working tokens. */
    tokenHash: text('token_hash').primaryKey(),
    /** The session's public name (its list and revoke): the token's hash is never shown, not even to its owner. */
    id: uuid('id').notNull().defaultRandom().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The user's latest request (to 15 s: see SessionsRepository.findUser), for the idle timeout. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Signed in with the password of an account with a second factor: only its code may be sent until given. */
    secondFactorPending: boolean('second_factor_pending').notNull().default(false),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
    countryCheck('sessions', t.country),
  ],
);

/** Failed sign-ins, counted per account and per address (kept in the database: app nodes are stateless). */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    country: text('country').notNull(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_account_idx').on(t.country, t.email, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * The per-user and per-address request limits (plugins/external/rate-limit.ts): one row per key and route,
 * its count within the window that ends at `expires_at`. In the database, as sign-in throttling, so a limit
 * holds across every app node.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_expires_at_idx').on(t.expiresAt)],
);

/** Front-end errors sent to POST /api/log/error. */
export const errorLogs = pgTable(
  'error_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    country: text('country'),
    message: text('message').notNull(),
    stack: text('stack'),
    info: text('info'),
    path: text('path').notNull(),
    /** When the browser saw the error (its clock); created_at is when we stored it. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('error_logs_user_id_idx').on(t.userId), index('error_logs_created_at_idx').on(t.createdAt)],
);

/** What splits the names and the email into the words of customers.search_words (each becomes a space). */
const WORD_SEPARATORS = '@._-+0123456789';

/** PostgreSQL's text-search vector (drizzle has no built-in column for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    country: text('country').notNull(),
    /** arg 'DNI'; col 'CC' or 'CE'. */
    docType: text('doc_type').notNull(),
    docNumber: text('doc_number').notNull(),
    /** arg only: 11 digits with the mod-11 check digit. */
    cuil: text('cuil'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
    /** National number without the country code, digits only. */
    cellphone: text('cellphone'),
    email: text('email'),
    address: text('address'),
    /**
     * Where a disbursement goes: arg a CBU in bank_account (bank and type null); col a bank (COL_BANKS), its
     * account and the account's type (COL_ACCOUNT_TYPES; null for a wallet, whose account is a cellphone).
     */
    bank: text('bank'),
    bankAccount: text('bank_account'),
    bankAccountType: text('bank_account_type').$type<ColAccountType>(),
    /**
     * What free-text search matches: document, CUIL, names, cellphone and email, accent-folded and
     * lower-cased by the database itself (a stored generated column: immutable functions only, so it works
     * the same on PGlite and PostgreSQL). Indexed with pg_trgm, so a fragment in the middle of a document
     * or phone number is found without scanning the table.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`lower(translate(${customers.docNumber} || ' ' || coalesce(${customers.cuil}, '') || ' ' || ${customers.firstName} || ' ' || ${customers.lastName} || ' ' || coalesce(${customers.cellphone}, '') || ' ' || coalesce(${customers.email}, ''), ${sql.raw(`'${SEARCH_FOLD_FROM}'`)}, ${sql.raw(`'${SEARCH_FOLD_TO}'`)}))`,
      ),
    /**
     * Every six-digit window of the digit runs (6+) in the same fields, as integers
     * (search_digit_windows(), migration 0006). A fragment of a document or phone number of six or more
     * digits is looked up by its own windows in the GIN index: exact keys, a million of them, so each
     * posting list holds only the customers that really contain those digits. (Trigram indexes depend on
     * the database's ctype and case folding for anything but ASCII; integer keys do not.)
     */
    searchWindows: integer('search_windows')
      .array()
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`search_digit_windows(${customers.docNumber} || ' ' || coalesce(${customers.cuil}, '') || ' ' || coalesce(${customers.cellphone}, '') || ' ' || coalesce(${customers.email}, ''))`,
      ),
    /**
     * The words of the names and the email (split at '@', '.', '_', '-', '+' and digits), accent-folded and
     * lower-cased, as a tsvector: a word typed by its beginning ("gonz", "maria gon") is a prefix query
     * (`gonz:*`) on its GIN index, whose posting lists are exact, where trigrams of common names meant long
     * lists to intersect and rows to recheck. Digits are separators because emails end in them
     * ("perez1987@…"): kept, every such address was a word of its own, and a prefix query read one index
     * entry per customer ("perez:*" ~90,000 entries at a million customers) instead of one posting list.
     * Only words of letters are looked up here; documents and phones by their digit windows, words mixing
     * letters and digits by their trigrams.
     */
    searchWords: tsvector('search_words')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`to_tsvector('simple'::regconfig, lower(translate(${customers.firstName} || ' ' || ${customers.lastName} || ' ' || coalesce(${customers.email}, ''), ${sql.raw(`'${SEARCH_FOLD_FROM}${WORD_SEPARATORS}'`)}, ${sql.raw(`'${SEARCH_FOLD_TO}${' '.repeat(WORD_SEPARATORS.length)}'`)})))`,
      ),
    ...timestamps,
    version: integer('version').notNull().default(1),
    /**
     * The customer as every lead list's rows show it (LeadListItem.customer), as JSON text written with the
     * row: rendering it on each read was about a quarter of PostgreSQL's time for a list page (seven texts
     * escaped per row). ~200 bytes a customer.
     * The lead detail appends its further members to it (LeadsRepository.detail).
     */
    listJson: text('list_json')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          jsonObjectText(
            [
              ['id', customers.id, 'number'],
              ['doc_type', customers.docType, 'string'],
              ['doc_number', customers.docNumber, 'string'],
              ['cuil', customers.cuil, 'string'],
              ['first_name', customers.firstName, 'string'],
              ['last_name', customers.lastName, 'string'],
              ['cellphone', customers.cellphone, 'string'],
              ['email', customers.email, 'string'],
            ],
            'json_text',
          ),
      ),
  },
  (t) => [
    /* One customer per document: its type and number (a col CE and CC with the same digits are two people). */
    uniqueIndex('customers_country_doc_type_doc_number_key').on(t.country, t.docType, t.docNumber),
    index('customers_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('customers_search_windows_idx').using('gin', t.searchWindows),
    index('customers_search_words_idx').using('gin', t.searchWords),
    countryCheck('customers', t.country),
    check('customers_bank_account_type_check', sql`${t.bankAccountType} in ('Ahorros', 'Corriente')`),
  ],
);

/**
 * The first three letters of each of a customer's words (`search_words`), one row each, in a B-tree that
 * reads a prefix's customers newest first: a name typed as two words ("german benitez") is found by merging
 * its two words' prefixes in id order, so the searcher reaches its newest matches after a few dozen
 * customer rows, where walking the newest customers checked ~2,300 of them (repositories/searcher.ts). Kept
 * by triggers on customers (migration 0027): any write of the names or the email rewrites the rows.
 */
export const customerWordPrefixes = pgTable(
  'customer_word_prefixes',
  {
    country: text('country').notNull(),
    prefix: text('prefix').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /**
     * The customer's words that begin with the prefix (usually one). Migration 0030 puts them in the primary
     * key's INCLUDE, which drizzle cannot state: two prefixes' candidates are then checked against the typed
     * words from the index entries alone, without reading each customer's row.
     */
    words: text('words').array().notNull(),
  },
  // No index by customer alone: the triggers find a customer's rows by its old prefixes (customers are never
  // deleted; a delete would cascade through a scan of the table).
  (t) => [primaryKey({ columns: [t.country, t.prefix, t.customerId] })],
);

/** Whether the customer's account can be paid into: shared `isPayableAccount`, in SQL (a read of customers). */
export const payableAccount = sql<boolean>`(${customers.bankAccount} is not null and (${customers.bank} is null or ${customers.bankAccountType} is not null or ${customers.bank} in (${sql.join(
  COL_WALLETS.map((wallet) => sql`${wallet}`),
  sql`, `,
)})))`;

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
    index('leads_filter_status_management_amount_idx').on(
      t.country,
      t.statusId,
      t.managementStatus,
      t.requestedAmount,
      t.createdAt,
      t.id,
    ),
    /*
     * The dashboard's funnel of one seller (their leads by status): an index-only count over the seller's
     * entries; leads_list_seller_idx has no status, so it would read every one of their rows.
     */
    index('leads_seller_status_idx').on(t.country, t.sellerId, t.statusId),
    countryCheck('leads', t.country),
    check(
      'leads_amounts_check',
      sql`${t.requestedAmount} > 0 and (${t.offeredAmount} is null or ${t.offeredAmount} > 0)`,
    ),
    check('leads_data_rate_check', sql`${t.dataRate} is null or ${t.dataRate} between 1 and 7`),
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
    check(
      'audits_decision_check',
      sql`${t.decision} is null or ${t.decision} in ('approve', 'reject', 'retry', 'request_information')`,
    ),
  ],
);

/**
 * `Idempotency-Key`s of lead creations (POST /leads): a client that retries a request whose answer it never
 * got (a timeout, a dropped connection) sends the same key and gets the first answer again instead of a
 * second application. Keyed by user; the same key with another body is refused. The key row is written in
 * the creation's transaction, so a concurrent repeat waits for it and then replays it. Kept 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    country: text('country').notNull(),
    /** SHA-256 of the validated body. */
    requestHash: text('request_hash').notNull(),
    /** The 201 body the first request answered. */
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    /* Expired keys are pruned oldest first. */
    index('idempotency_keys_created_at_idx').on(t.createdAt),
    countryCheck('idempotency_keys', t.country),
  ],
);

/**
 * The socket.io PostgreSQL adapter's table (@socket.io/postgres-adapter): events over NOTIFY's 8000-byte
 * payload limit travel as a row whose id goes in the notification; the adapter deletes rows older than 30 s.
 * Its shape is the adapter's (it writes `payload` and reads by `id`); unused on PGlite (one process).
 */
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});

/**
 * Where a periodic realtime check left off (e.g. 'call-reminders': the due time up to which reminders were
 * emitted). The node that locks the row (FOR UPDATE SKIP LOCKED) runs the check; the others skip that tick.
 */
export const realtimeCursors = pgTable('realtime_cursors', {
  name: text('name').primaryKey(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});

export * from './tables/loans';
export * from './tables/bans';
export * from './tables/communications';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type CustomerRow = typeof customers.$inferSelect;
export type LeadRow = typeof leads.$inferSelect;
export type AuditRow = typeof audits.$inferSelect;
export type ScheduledCallRow = typeof scheduledCalls.$inferSelect;
export type CallRow = typeof calls.$inferSelect;
export * from './tables/security';
export * from './tables/legal';
export * from './tables/massive';
export * from './tables/voluntary-pays';
export * from './tables/lead-documents';
export * from './tables/second-factor';
