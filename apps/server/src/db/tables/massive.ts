import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { countryCheck, timestamps, version } from '../columns';
// Imported from the table files, not schema.ts, which re-exports this file.
import { users } from './users';

/*
 * Massive batches (DOMAIN 2): a batch is validated into its rows (status 'draft'), then queued and applied by
 * any node's worker (claimed with a lease). A row's effect and its 'done' mark commit in one transaction,
 * so a node killed mid-run leaves every row either applied and marked or neither.
 */

export const massiveBatches = pgTable(
  'massive_batches',
  {
    id: serial('id').primaryKey(),
    country: text('country').notNull(),
    /** MASSIVE_TYPES. */
    type: text('type').notNull(),
    /** MASSIVE_BATCH_STATUSES. */
    status: text('status').notNull().default('draft'),
    source: text('source').notNull(),
    fileName: text('file_name'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Row counts by status, refreshed by the worker from the rows (the rows are the truth). */
    total: integer('total').notNull().default(0),
    invalid: integer('invalid').notNull().default(0),
    pending: integer('pending').notNull().default(0),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The node running it and until when: another node takes it over only once the lease has ended. */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    ...timestamps,
    ...version,
  },
  (t) => [
    index('massive_batches_list_idx').on(t.country, t.createdAt, t.id),
    index('massive_batches_active_idx').on(t.status, t.leaseUntil),
    countryCheck('massive_batches', t.country),
    check(
      'massive_batches_status_check',
      sql`${t.status} in ('draft', 'queued', 'running', 'paused', 'cancelled', 'finished', 'partial', 'failed')`,
    ),
    check('massive_batches_source_check', sql`${t.source} in ('file', 'list')`),
  ],
);

export const massiveBatchRows = pgTable(
  'massive_batch_rows',
  {
    batchId: integer('batch_id')
      .notNull()
      .references(() => massiveBatches.id, { onDelete: 'cascade' }),
    /** The row's line in the file (the header is line 1), or its position in the list. */
    row: integer('row').notNull(),
    /** The cells as read (text), shown in the report and the results. */
    data: jsonb('data').$type<Record<string, string>>().notNull(),
    /** MASSIVE_ROW_STATUSES. */
    status: text('status').notNull(),
    /** The record it changes (the lead), once known. */
    recordId: integer('record_id'),
    error: text('error'),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.row] }),
    index('massive_batch_rows_status_idx').on(t.batchId, t.status, t.row),
    check('massive_batch_rows_status_check', sql`${t.status} in ('invalid', 'pending', 'done', 'failed', 'skipped')`),
  ],
);
