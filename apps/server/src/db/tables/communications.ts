import type { MessageChannel, MessageDirection, MessageStatus } from '@backoffice/shared';
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { countryCheck, timestamps, version } from '../columns';
// Imported from the table files, not schema.ts, which re-exports this file.
import { customers } from './customers';
import { leads } from './leads';
import { users } from './users';
import { loans } from './loans';

/** A message template of a channel, with `{{variables}}`; deactivated rather than deleted (messages name it). */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: serial('id').primaryKey(),
    country: text('country').notNull(),
    name: text('name').notNull(),
    channel: text('channel').$type<MessageChannel>().notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    active: boolean('active').notNull().default(true),
    ...timestamps,
    ...version,
  },
  (t) => [uniqueIndex('message_templates_country_name_key').on(t.country, t.name), countryCheck('message_templates', t.country)],
);

/**
 * A customer message, out or in. An outbound one is its own queue entry (DOMAIN 5): `send_after` is when it
 * is due (null once it is no longer queued), claimed by a worker with SKIP LOCKED (the claim pushes
 * `send_after` by a lease, so a node that dies leaves it to another), retried with backoff, and `error` says
 * why a failed one failed.
 */
export const customerMessages = pgTable(
  'customer_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    country: text('country').notNull(),
    channel: text('channel').$type<MessageChannel>().notNull(),
    direction: text('direction').$type<MessageDirection>().notNull(),
    status: text('status').$type<MessageStatus>().notNull(),
    /** The customer's national cellphone or email (from, for an inbound one). */
    toAddress: text('to_address').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    templateId: integer('template_id').references(() => messageTemplates.id, { onDelete: 'set null' }),
    variables: jsonb('variables').$type<Record<string, string>>().notNull().default({}),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    loanId: integer('loan_id').references(() => loans.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    /** The provider's id of the sent message: delivery receipts name it. */
    providerId: text('provider_id'),
    sendAfter: timestamp('send_after', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('customer_messages_country_created_idx').on(t.country, t.createdAt, t.id),
    index('customer_messages_customer_idx').on(t.customerId, t.createdAt),
    index('customer_messages_lead_idx').on(t.leadId),
    // The queue: only queued messages, by when they are due.
    index('customer_messages_queue_idx')
      .on(t.sendAfter)
      .where(sql`${t.status} = 'queued'`),
    uniqueIndex('customer_messages_provider_key').on(t.channel, t.providerId),
    countryCheck('customer_messages', t.country),
    check('customer_messages_channel_check', sql`${t.channel} in ('sms', 'whatsapp', 'email')`),
    check('customer_messages_direction_check', sql`${t.direction} in ('out', 'in')`),
    check('customer_messages_status_check', sql`${t.status} in ('queued', 'sent', 'delivered', 'failed', 'received')`),
  ],
);

/** Webhook signatures seen (a replayed request carries one already here); kept a day, past the timestamp window. */
export const webhookSignatures = pgTable(
  'webhook_signatures',
  {
    signature: text('signature').primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_signatures_received_idx').on(t.receivedAt)],
);
