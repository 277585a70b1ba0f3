import type { audits, calls, scheduledCalls, leads } from './tables/leads';
import type { customers } from './tables/customers';
import type { users } from './tables/users';

/*
 * Every business row carries its country ('arg' | 'col'); the check constraints keep a typo from creating
 * a third country. Money is integer minor units (bigint, read as JS numbers: far below 2^53). `version`
 * supports optimistic concurrency (a stale write gets 409).
 *
 * The tables live in `tables/`, one file per area, importing each other and never this file: this file is
 * the one drizzle-kit reads and the one the app imports.
 */

export * from './tables/users';
export * from './tables/customers';
export * from './tables/leads';
export * from './tables/platform';
export * from './tables/loans';
export * from './tables/bans';
export * from './tables/communications';
export * from './tables/security';
export * from './tables/legal';
export * from './tables/massive';
export * from './tables/voluntary-pays';
export * from './tables/lead-documents';
export * from './tables/second-factor';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type CustomerRow = typeof customers.$inferSelect;
export type LeadRow = typeof leads.$inferSelect;
export type AuditRow = typeof audits.$inferSelect;
export type ScheduledCallRow = typeof scheduledCalls.$inferSelect;
export type CallRow = typeof calls.$inferSelect;
