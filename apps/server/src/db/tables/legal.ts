import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { countryCheck, timestamps, version } from '../columns';
import { customers } from './customers';
import { leads } from './leads';
import { loans } from './loans';
import { users } from './users';

/** Bytes stored as bytea; PGlite reads them back as a Uint8Array, pg as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A request for a certificate that the customer owes nothing (processed 0 pending, 1 accepted, 2 rejected). */
export const debtFreeRequests = pgTable(
  'debt_free_requests',
  {
    id: serial('id').primaryKey(),
    country: text('country').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** The lead it was raised from (staff); null when the webservice raised it by document. */
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    /** 'backoffice' or 'webservice'. */
    source: text('source').notNull(),
    processed: smallint('processed').notNull().default(0),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Why it was rejected. */
    reason: text('reason'),
    ...timestamps,
    ...version,
  },
  (t) => [
    index('debt_free_requests_list_idx').on(t.country, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('debt_free_requests_processed_idx').on(t.country, t.processed, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('debt_free_requests_customer_idx').on(t.customerId, t.createdAt.desc().nullsFirst()),
    countryCheck('debt_free_requests', t.country),
    check('debt_free_requests_processed_check', sql`${t.processed} in (0, 1, 2)`),
  ],
);

/** The PDF of an accepted request, stored once: every download sends these very bytes. */
export const debtFreeCertificates = pgTable(
  'debt_free_certificates',
  {
    requestId: integer('request_id')
      .primaryKey()
      .references(() => debtFreeRequests.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    /** What the public verification page is asked for (printed on the PDF and in its QR code). */
    code: text('code').notNull(),
    holderName: text('holder_name').notNull(),
    document: text('document').notNull(),
    /** The loans it covers with their closing dates, as printed. */
    loans: jsonb('loans').$type<{ id: number; closed_on: string; status: string }[]>().notNull(),
    pdf: bytea('pdf').notNull(),
    sha256: text('sha256').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('debt_free_certificates_code_key').on(t.code), countryCheck('debt_free_certificates', t.country)],
);

/**
 * A regret (arg "arrepentimiento": a return request over statuses 1001-1013; col: a desistance request):
 * the loan undone within the legal period, the principal returned without interest.
 */
export const regrets = pgTable(
  'regrets',
  {
    id: serial('id').primaryKey(),
    country: text('country').notNull(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** arg RETURN_REQUEST_STATUSES id, col DESIST_REQUEST_STATUSES id. */
    status: integer('status').notNull(),
    /** Given to the customer at once: what proves the revocation was asked for. */
    revocationCode: text('revocation_code').notNull(),
    disbursedOn: date('disbursed_on', { mode: 'string' }).notNull(),
    /** The last day of the legal period, by the rule configured when it was filed. */
    deadline: date('deadline', { mode: 'string' }).notNull(),
    /** 'calendar' or 'business' days: which rule gave the deadline. */
    rule: text('rule').notNull(),
    /** The principal disbursed less what was already paid back (minor units). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** What the transfers brought back so far. */
    returned: bigint('returned', { mode: 'number' }).notNull().default(0),
    /** Transfer adapter calls made (each failure retried). */
    attempts: integer('attempts').notNull().default(0),
    orderReference: text('order_reference'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
    ...version,
  },
  (t) => [
    uniqueIndex('regrets_revocation_code_key').on(t.revocationCode),
    // One live request per loan: a rejected or cancelled one (arg 1004, 1013; col 2007, 2008) leaves room for another.
    uniqueIndex('regrets_loan_key')
      .on(t.loanId)
      .where(sql`${t.status} not in (1004, 1013, 2007, 2008)`),
    index('regrets_list_idx').on(t.country, t.deadline, t.id),
    index('regrets_status_idx').on(t.country, t.status, t.deadline, t.id),
    index('regrets_created_idx').on(t.country, t.createdAt, t.id),
    countryCheck('regrets', t.country),
    check('regrets_amounts_check', sql`${t.amount} >= 0 and ${t.returned} >= 0`),
  ],
);

/** Every status a regret went through, with who moved it and why. */
export const regretHistory = pgTable(
  'regret_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    regretId: integer('regret_id')
      .notNull()
      .references(() => regrets.id, { onDelete: 'cascade' }),
    fromStatus: integer('from_status'),
    toStatus: integer('to_status').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('regret_history_regret_idx').on(t.regretId, t.createdAt)],
);

export type DebtFreeRequestRow = typeof debtFreeRequests.$inferSelect;
export type RegretRowDb = typeof regrets.$inferSelect;
