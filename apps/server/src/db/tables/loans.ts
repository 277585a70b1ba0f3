import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
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
} from 'drizzle-orm/pg-core';
import { countryCheck, timestamps, version } from '../columns';
// Imported from the table files, not schema.ts, which re-exports this file.
import { calls, leads } from './leads';
import { customers } from './customers';
import { users } from './users';

/*
 * The money side of an application (DOMAIN 2: Loan, Installment, Payment, Collection, Daily management).
 * Amounts are integer minor units; dates a customer owes or pays on are calendar dates of the country.
 */

/** A disbursed application's loan: one per lead (created in the transaction that disburses it). */
export const loans = pgTable(
  'loans',
  {
    id: serial('id').primaryKey(),
    country: text('country').notNull(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    principal: bigint('principal', { mode: 'number' }).notNull(),
    term: smallint('term').notNull(),
    /** Annual nominal rate in percent, as the lead's offer. */
    rate: numeric('rate', { precision: 7, scale: 4, mode: 'number' }).notNull(),
    /** VAT on interest in percent (arg 21, col 0). */
    vatRate: numeric('vat_rate', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    /** Annual late-interest rate in percent, accrued per day on overdue principal + interest. */
    lateRate: numeric('late_rate', { precision: 7, scale: 4, mode: 'number' }).notNull(),
    disbursedOn: date('disbursed_on', { mode: 'string' }).notNull(),
    firstDueDate: date('first_due_date', { mode: 'string' }).notNull(),
    /** LOAN_STATUSES code: ACTIVE, OVERDUE, PAID, CLOSED, BAD_DEBT, CANCELLED, ANNULED. */
    status: text('status').notNull(),
    /** What the customer still owes (principal + interest + VAT + late interest of the open installments). */
    outstanding: bigint('outstanding', { mode: 'number' }).notNull(),
    /** Of it, what is past due (overdue installments' remainder, late interest included). */
    overdueAmount: bigint('overdue_amount', { mode: 'number' }).notNull().default(0),
    /** Overpayments kept for the customer. */
    creditBalance: bigint('credit_balance', { mode: 'number' }).notNull().default(0),
    daysPastDue: integer('days_past_due').notNull().default(0),
    /**
     * The oldest unpaid installment's due date once it is past (null while current): days past due are the
     * delinquency run's day minus it, so ordered by it the queue is in days past due order without changing
     * every day (collection_words' lists).
     */
    overdueSince: date('overdue_since', { mode: 'string' }),
    /** BUCKETS id ('1-30', '31-60', '61-90', '90+'); null while current. */
    bucket: text('bucket'),
    /** In the collections queue: has overdue installments (set by the delinquency run and by payments). */
    inCollections: boolean('in_collections').notNull().default(false),
    collectorId: integer('collector_id').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    nextActionAt: timestamp('next_action_at', { withTimezone: true }),
    /** The open promise to pay's date, if any (the collector's "today's work" order). */
    promiseDueOn: date('promise_due_on', { mode: 'string' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...timestamps,
    ...version,
  },
  (t) => [
    uniqueIndex('loans_lead_id_key').on(t.leadId),
    index('loans_customer_id_idx').on(t.customerId),
    // Days past due order is overdue_since's (the list's `days_past_due` sort): a key that stays put from day to day.
    index('loans_collections_idx').on(t.country, t.inCollections, t.overdueSince, t.id),
    index('loans_collector_idx').on(t.country, t.collectorId, t.overdueSince, t.id),
    index('loans_status_idx').on(t.country, t.status),
    // /collections' filters and sorts (repositories/collections.ts): the same expressions as its sort keys.
    index('loans_collections_bucket_idx')
      .on(t.country, t.bucket, t.overdueSince, t.id)
      .where(sql`${t.inCollections}`),
    index('loans_collections_next_action_idx')
      .on(t.country, sql`coalesce(${t.nextActionAt}, 'infinity'::timestamptz)`, t.id)
      .where(sql`${t.inCollections}`),
    index('loans_collections_promise_idx')
      .on(t.country, sql`coalesce(${t.promiseDueOn}, 'infinity'::date)`, t.id)
      .where(sql`${t.inCollections}`),
    index('loans_collections_assigned_idx')
      .on(t.country, sql`coalesce(${t.assignedAt}, '-infinity'::timestamptz)`, t.id)
      .where(sql`${t.inCollections}`),
    // A name or document search finds its customers first, then their loans in collections through this
    // (a few hundred probes, each reading a loan row only when it is in collections).
    index('loans_collections_customer_idx')
      .on(t.customerId)
      .where(sql`${t.inCollections}`),
    countryCheck('loans', t.country),
    check('loans_collections_overdue_check', sql`not ${t.inCollections} or ${t.overdueSince} is not null`),
    check('loans_amounts_check', sql`${t.principal} > 0 and ${t.outstanding} >= 0 and ${t.creditBalance} >= 0`),
  ],
);

/**
 * The words of each loan in collections' customer (customers.search_words, one row a word), with the loan's
 * overdue_since: each word's loans in the order of most days past due, so a name typed in /collections is a
 * merge of its words' lists that stops at the page (repositories/collections.ts). Kept by triggers
 * (migration 0046): a loan entering or leaving collections or changing its oldest unpaid due date, whatever
 * writes it, and a change of the customer's words. `word` is in the "C" collation (byte order), so a typed
 * word's words are one range of the index.
 */
export const collectionWords = pgTable(
  'collection_words',
  {
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    country: text('country').notNull(),
    overdueSince: date('overdue_since', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.loanId, t.word] }), index('collection_words_list_idx').on(t.country, t.word, t.overdueSince, t.loanId)],
);

/** The French schedule's rows; paid parts grow as payments are allocated (and shrink on a reversal). */
export const installments = pgTable(
  'installments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    country: text('country').notNull(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    principal: bigint('principal', { mode: 'number' }).notNull(),
    interest: bigint('interest', { mode: 'number' }).notNull(),
    vat: bigint('vat', { mode: 'number' }).notNull(),
    /** Accrued by the delinquency run, day by day, through `late_interest_through`. */
    lateInterest: bigint('late_interest', { mode: 'number' }).notNull().default(0),
    lateInterestThrough: date('late_interest_through', { mode: 'string' }),
    paidPrincipal: bigint('paid_principal', { mode: 'number' }).notNull().default(0),
    paidInterest: bigint('paid_interest', { mode: 'number' }).notNull().default(0),
    paidVat: bigint('paid_vat', { mode: 'number' }).notNull().default(0),
    paidLateInterest: bigint('paid_late_interest', { mode: 'number' }).notNull().default(0),
    /** INSTALLMENT_STATES id: pending, partial, overdue, paid, debt, cancelled. */
    status: text('status').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('installments_loan_number_key').on(t.loanId, t.number),
    index('installments_open_due_idx')
      .on(t.country, t.dueDate)
      .where(sql`${t.status} in ('pending', 'partial', 'overdue')`),
    countryCheck('installments', t.country),
  ],
);

/** Money received for a loan. Unique by (channel, reference): the same payment imported twice applies once. */
export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    country: text('country').notNull(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    /** PAYMENT_CHANNELS id. */
    channel: text('channel').notNull(),
    reference: text('reference').notNull(),
    /** What did not fit the open installments: kept as the customer's credit. */
    creditAmount: bigint('credit_amount', { mode: 'number' }).notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reversedBy: integer('reversed_by').references(() => users.id, { onDelete: 'set null' }),
    reversalReason: text('reversal_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_channel_reference_key').on(t.country, t.channel, t.reference),
    index('payments_loan_id_idx').on(t.loanId, t.paidOn),
    index('payments_country_paid_on_idx').on(t.country, t.paidOn),
    countryCheck('payments', t.country),
    check('payments_amount_check', sql`${t.amount} > 0`),
  ],
);

/** How a payment was spread over installments: what a reversal gives back. */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    installmentId: bigint('installment_id', { mode: 'number' })
      .notNull()
      .references(() => installments.id, { onDelete: 'cascade' }),
    lateInterest: bigint('late_interest', { mode: 'number' }).notNull().default(0),
    interest: bigint('interest', { mode: 'number' }).notNull().default(0),
    vat: bigint('vat', { mode: 'number' }).notNull().default(0),
    principal: bigint('principal', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('payment_allocations_payment_idx').on(t.paymentId), index('payment_allocations_installment_idx').on(t.installmentId)],
);

/** A loan's timeline: status changes, payments, reversals, assignments, managements, promises, messages. */
export const loanEvents = pgTable(
  'loan_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    country: text('country').notNull(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    /** LOAN_EVENT_TYPES. */
    type: text('type').notNull(),
    /** Who did it; null for the system (the delinquency run). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('loan_events_loan_idx').on(t.loanId, t.createdAt), countryCheck('loan_events', t.country)],
);

/**
 * One contact attempt by a seller or collector on an application or a loan ("gestión"): the record every
 * management form and a call's outcome write, once.
 */
export const managements = pgTable(
  'managements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    country: text('country').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    loanId: integer('loan_id').references(() => loans.id, { onDelete: 'cascade' }),
    /** MANAGEMENT_CHANNELS id. */
    channel: text('channel').notNull(),
    /** For an application one of SPEC 9's MANAGEMENT_STATUSES; for a loan a COLLECTION_OUTCOMES id. */
    result: text('result').notNull(),
    note: text('note'),
    nextActionAt: timestamp('next_action_at', { withTimezone: true }),
    callId: bigint('call_id', { mode: 'number' }).references(() => calls.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('managements_list_idx').on(t.country, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('managements_user_idx').on(t.country, t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('managements_lead_idx').on(t.leadId),
    index('managements_loan_idx').on(t.loanId),
    countryCheck('managements', t.country),
    check('managements_subject_check', sql`${t.leadId} is not null or ${t.loanId} is not null`),
  ],
);

/** A promise to pay made in a collection management; kept by a payment covering it by its date. */
export const collectionPromises = pgTable(
  'collection_promises',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    country: text('country').notNull(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    managementId: bigint('management_id', { mode: 'number' }).references(() => managements.id, { onDelete: 'set null' }),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** PROMISE_STATUSES: pending, kept, broken, cancelled. */
    status: text('status').notNull().default('pending'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('collection_promises_loan_idx').on(t.loanId, t.status),
    index('collection_promises_due_idx')
      .on(t.country, t.dueOn)
      .where(sql`${t.status} = 'pending'`),
    index('collection_promises_user_idx').on(t.country, t.userId, t.status),
    countryCheck('collection_promises', t.country),
    check('collection_promises_amount_check', sql`${t.amount} > 0`),
  ],
);

/** One row per country and day the delinquency run completed: a second run the same day finds it done. */
export const delinquencyRuns = pgTable(
  'delinquency_runs',
  {
    country: text('country').notNull(),
    runOn: date('run_on', { mode: 'string' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    loans: integer('loans').notNull().default(0),
    stats: jsonb('stats').$type<Record<string, number>>(),
  },
  (t) => [primaryKey({ columns: [t.country, t.runOn] })],
);

export type LoanRow = typeof loans.$inferSelect;
export type InstallmentRow = typeof installments.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type ManagementRow = typeof managements.$inferSelect;
