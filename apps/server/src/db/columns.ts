import { sql } from 'drizzle-orm';
import { check, customType, integer, timestamp } from 'drizzle-orm/pg-core';

/** Keeps a typo from creating a third country. */
export const countryCheck = (table: string, column: { name: string }) =>
  check(`${table}_country_check`, sql`${sql.identifier(column.name)} in ('arg', 'col')`);

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Optimistic concurrency: a write names the version it read; a stale one gets 409. */
export const version = { version: integer('version').notNull().default(1) };

/** PostgreSQL's text-search vector (drizzle has no built-in column for it). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
