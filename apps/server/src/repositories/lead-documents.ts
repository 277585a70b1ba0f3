import type { Country, DocumentContentType, DocumentKind, LeadDocument } from '@backoffice/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { leadDocuments, users } from '../db/schema';
import { oneRow } from '../db/rows';

/** Data access for a lead's documents: their list (no bytes), one's bytes, and the row an upload writes. */
export class LeadDocumentsRepository {
  constructor(private readonly db: Db) {}

  /** The lead's documents, oldest first (the order they were collected in). */
  async list(country: Country, leadId: number): Promise<LeadDocument[]> {
    const rows = await this.db
      .select({
        id: leadDocuments.id,
        leadId: leadDocuments.leadId,
        kind: leadDocuments.kind,
        fileName: leadDocuments.fileName,
        contentType: leadDocuments.contentType,
        size: leadDocuments.size,
        sha256: leadDocuments.sha256,
        uploadedById: leadDocuments.uploadedBy,
        uploadedByName: users.name,
        createdAt: leadDocuments.createdAt,
      })
      .from(leadDocuments)
      .leftJoin(users, eq(users.id, leadDocuments.uploadedBy))
      .where(and(eq(leadDocuments.leadId, leadId), eq(leadDocuments.country, country)))
      .orderBy(asc(leadDocuments.createdAt), asc(leadDocuments.id));
    return rows.map((r) => ({
      id: r.id,
      lead_id: r.leadId,
      kind: r.kind as DocumentKind,
      file_name: r.fileName,
      content_type: r.contentType as DocumentContentType,
      size: r.size,
      sha256: r.sha256,
      uploaded_by: r.uploadedById !== null && r.uploadedByName !== null ? { id: r.uploadedById, name: r.uploadedByName } : null,
      created_at: r.createdAt.toISOString(),
    }));
  }

  /** One document's bytes and type, only through its own lead and country. */
  async content(country: Country, leadId: number, documentId: number) {
    const [row] = await this.db
      .select({
        content: leadDocuments.content,
        contentType: leadDocuments.contentType,
        sha256: leadDocuments.sha256,
        kind: leadDocuments.kind,
      })
      .from(leadDocuments)
      .where(and(eq(leadDocuments.id, documentId), eq(leadDocuments.leadId, leadId), eq(leadDocuments.country, country)));
    return row;
  }
}

export interface NewLeadDocument {
  country: Country;
  leadId: number;
  kind: DocumentKind;
  fileName: string | null;
  contentType: DocumentContentType;
  bytes: Buffer;
  sha256: string;
  uploadedBy: number | null;
  createdAt?: Date;
}

/** Writes a document's row in the caller's transaction; its id. */
export async function insertLeadDocument(tx: Tx, doc: NewLeadDocument): Promise<number> {
  const row = oneRow(
    await tx
      .insert(leadDocuments)
      .values({
        country: doc.country,
        leadId: doc.leadId,
        kind: doc.kind,
        fileName: doc.fileName,
        contentType: doc.contentType,
        size: doc.bytes.length,
        sha256: doc.sha256,
        content: doc.bytes,
        uploadedBy: doc.uploadedBy,
        ...(doc.createdAt ? { createdAt: doc.createdAt } : {}),
      })
      .returning({ id: leadDocuments.id }),
  );
  return row.id;
}
