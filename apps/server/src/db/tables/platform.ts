import { bigserial, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { countryCheck } from '../columns';
import { users } from './users';

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
