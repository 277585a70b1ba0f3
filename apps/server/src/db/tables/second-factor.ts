import { bigint, integer, primaryKey, text, timestamp, pgTable } from 'drizzle-orm/pg-core';
import { users } from './users';
import { countryCheck } from '../columns';

/**
 * A user's TOTP second factor (ASVS V2.8). The secret is stored encrypted (AES-256-GCM under
 * SECOND_FACTOR_KEY) and never answered once enrolment is confirmed; `confirmed_at` null is an enrolment
 * started and not yet proved with a first code. `last_step` is the newest 30-second step a code was accepted
 * for: a code of that step or an older one is refused, so a code works once. Recovery codes are kept as their
 * sha-256 (they are random, 50 bits each) and removed as they are used.
 */
export const userSecondFactors = pgTable('user_second_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  recoveryCodes: text('recovery_codes').array().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type UserSecondFactorRow = typeof userSecondFactors.$inferSelect;

/** The role kinds whose users must have a second factor (an admin's setting, per country). */
export const secondFactorRoleKinds = pgTable(
  'second_factor_role_kinds',
  {
    country: text('country').notNull(),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.country, t.kind] }), countryCheck('second_factor_role_kinds', t.country)],
);
