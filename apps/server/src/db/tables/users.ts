import { type GridSettings } from '@backoffice/shared';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { countryCheck, timestamps } from '../columns';

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
    /** False once an admin's unlock lifted the address's delays: the row still counts for its account. */
    countsForAddress: boolean('counts_for_address').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_account_idx').on(t.country, t.email, t.createdAt), index('login_failures_ip_idx').on(t.ip, t.createdAt)],
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
