import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { countryCheck } from '../columns';
// Imported from the table files, not schema.ts, which re-exports this file.
import { leads } from './leads';
import { users } from './users';
import { bytea } from './voluntary-pays';

/**
 * A customer document attached to an application (DNI/cédula front and back, selfie, signed contract, bank
 * proof): the bytes in the database with their sha-256, so the evidence an auditor ticked cannot change.
 */
export const leadDocuments = pgTable(
  'lead_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    country: text('country').notNull(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    /** DOCUMENT_KINDS: id_front, id_back, selfie, contract, bank_proof. */
    kind: text('kind').notNull(),
    fileName: text('file_name'),
    /** Recognised from the file's first bytes: image/png, image/jpeg or application/pdf. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** sha256 (hex) of content. */
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lead_documents_lead_idx').on(t.leadId, t.createdAt),
    countryCheck('lead_documents', t.country),
    check('lead_documents_kind_check', sql`${t.kind} in ('id_front', 'id_back', 'selfie', 'contract', 'bank_proof')`),
    check('lead_documents_content_type_check', sql`${t.contentType} in ('image/png', 'image/jpeg', 'application/pdf')`),
  ],
);

export type LeadDocumentRow = typeof leadDocuments.$inferSelect;
