import type { BanKind, BanReason, MessageChannel } from '@backoffice/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { countryCheck, timestamps, version } from '../columns';
// Imported from the table files, not schema.ts, which re-exports this file.
import { leads } from './leads';
import { users } from './users';

/**
 * A customer ban (DOMAIN 2): a normalised document, cellphone, email or bank account (shared
 * `normaliseBanValue`), barred from credit (`channel` null) or from contact on one channel. Lifted, never
 * deleted: `lifted_at`, who and why stay as its history.
 */
export const customerBans = pgTable(
  'customer_bans',
  {
    id: serial('id').primaryKey(),
    country: text('country').notNull(),
    kind: text('kind').$type<BanKind>().notNull(),
    value: text('value').notNull(),
    /** Null: a credit ban (intake and customer edits); a channel: do not contact the customer there. */
    channel: text('channel').$type<MessageChannel>(),
    reason: text('reason').$type<BanReason>().notNull(),
    notes: text('notes'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBy: integer('lifted_by').references(() => users.id, { onDelete: 'set null' }),
    liftReason: text('lift_reason'),
    ...timestamps,
    ...version,
  },
  (t) => [
    // The intake's one lookup: a country's unlifted bans of a kind and value (the dates are checked on the
    // few entries found).
    index('customer_bans_lookup_idx')
      .on(t.country, t.kind, t.value)
      .where(sql`${t.liftedAt} is null`),
    // The list's sorts: country first, the sort key, id last.
    index('customer_bans_country_starts_idx').on(t.country, t.startsAt, t.id),
    index('customer_bans_country_expires_idx').on(t.country, t.expiresAt, t.id),
    countryCheck('customer_bans', t.country),
    check('customer_bans_kind_check', sql`${t.kind} in ('document', 'cellphone', 'email', 'bank_account')`),
    check('customer_bans_channel_check', sql`${t.channel} in ('sms', 'whatsapp', 'email')`),
    check('customer_bans_lift_check', sql`(${t.liftedAt} is null) = (${t.liftReason} is null)`),
  ],
);

/** An application a ban stopped at intake (written in the lead's own transaction). */
export const customerBanHits = pgTable(
  'customer_ban_hits',
  {
    banId: integer('ban_id')
      .notNull()
      .references(() => customerBans.id, { onDelete: 'restrict' }),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.banId, t.leadId] }), index('customer_ban_hits_lead_idx').on(t.leadId)],
);
