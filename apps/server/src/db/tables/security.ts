import { bigserial, index, integer, jsonb, text, timestamp, pgTable } from 'drizzle-orm/pg-core';

/**
 * The security log (ASVS V7): sign-ins, slowdowns and unlocks, password changes, ended sessions, refusals,
 * user changes and exports. Who (user id) and from where (address) only: no email, name, token or password,
 * so the log itself holds no personal data to protect beyond those two. Rows older than a year are purged
 * (`app.securityLogPurge`). `details` is small and typed by event (shared SECURITY_EVENT_TYPES).
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The path's country; null for events outside one (none yet, kept for the country-less routes). */
    country: text('country'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    type: text('type').notNull(),
    /** The user the event is about (the signed-in one, or the account a sign-in named); null when unknown. */
    userId: integer('user_id'),
    /** Who acted, when not the user itself (an admin unlocking an account). */
    actorId: integer('actor_id'),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('security_events_country_created_idx').on(t.country, t.createdAt),
    index('security_events_user_type_created_idx').on(t.userId, t.type, t.createdAt),
    index('security_events_created_idx').on(t.createdAt),
  ],
);
export type SecurityEventRow = typeof securityEvents.$inferSelect;
