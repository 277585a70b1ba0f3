import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { countryCheck } from '../columns';
// Imported from the table files, not schema.ts, which re-exports this file.
import { loans, payments } from './loans';
import { users } from './users';

/** PGlite reads bytea as a Uint8Array, node-postgres as a Buffer: both come out as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A payment the customer says they made, with its receipt, waiting for a reviewer: accepted (processed 1,
 * the payment applied through applyPayment with channel 'voluntary') or rejected with a reason (2).
 */
export const voluntaryPays = pgTable(
  'voluntary_pays',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    country: text('country').notNull(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    channel: text('channel').notNull().default('voluntary'),
    reference: text('reference').notNull(),
    receipt: bytea('receipt').notNull(),
    /** Recognised from the file's first bytes: image/png, image/jpeg or application/pdf. */
    receiptType: text('receipt_type').notNull(),
    receiptSize: integer('receipt_size').notNull(),
    /** sha256 (hex) of the receipt. */
    receiptSha256: text('receipt_sha256').notNull(),
    /** PROCESSED_FLAGS: 0 pending, 1 accepted, 2 rejected. */
    processed: smallint('processed').notNull().default(0),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    paymentId: bigint('payment_id', { mode: 'number' }).references(() => payments.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    /* The same reference of a country is one voluntary payment: it becomes the payment's (channel, reference). */
    uniqueIndex('voluntary_pays_reference_key').on(t.country, t.reference),
    index('voluntary_pays_queue_idx').on(t.country, t.processed, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('voluntary_pays_created_idx').on(t.country, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('voluntary_pays_loan_idx').on(t.loanId),
    countryCheck('voluntary_pays', t.country),
    check('voluntary_pays_amount_check', sql`${t.amount} > 0`),
    check('voluntary_pays_processed_check', sql`${t.processed} in (0, 1, 2)`),
  ],
);

export type VoluntaryPayRow = typeof voluntaryPays.$inferSelect;
