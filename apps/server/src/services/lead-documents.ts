import {
  canAccess,
  canLead,
  documentKindLabel,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MESSAGES,
  type Country,
  type DocumentKind,
  type RoleId,
} from '@backoffice/shared';
import type { Db, Tx } from '../db/client';
import { leadEvents } from '../db/schema';
import { decodeUpload, type UploadedFile } from '../lib/uploaded-file';
import { earlierAnswer, keepAnswer, type EarlierAnswer, type IdempotencyKey } from '../repositories/idempotency-keys';
import { holdLead, type LeadRefusal } from '../repositories/lead-lock';
import { insertLeadDocument } from '../repositories/lead-documents';

/** Checks a base64 document: 400 naming `file` unless it is a PNG, JPEG or PDF by content within the limit. */
export function decodeDocument(base64: string): UploadedFile {
  return decodeUpload(base64, {
    field: 'file',
    maxBytes: DOCUMENT_MAX_BYTES,
    messages: {
      encoding: DOCUMENT_MESSAGES.fileEncoding,
      missing: DOCUMENT_MESSAGES.fileMissing,
      size: DOCUMENT_MESSAGES.fileSize,
      type: DOCUMENT_MESSAGES.fileType,
    },
  });
}

/** Who reads a lead's documents: whoever opens one of its detail screens (a seller their own leads, checked by the route). */
export function mayReadDocuments(country: Country, role: RoleId): boolean {
  return canAccess('lead-detail', country, role) || canAccess('sale-detail', country, role) || canAccess('audit-detail', country, role);
}

export function mayUploadDocuments(country: Country, role: RoleId): boolean {
  return canLead('document', country, role);
}

/** The timeline's text of an upload: the kind in the country's words, the file's name and size. */
export function documentEventText(country: Country, kind: DocumentKind, fileName: string | null, size: number): string {
  const kb = Math.max(1, Math.round(size / 1024));
  return `${documentKindLabel(country, kind)} adjuntado${fileName ? `: ${fileName}` : ''} (${kb} KB)`;
}

class KeyTaken extends Error {}

export interface DocumentUpload {
  kind: DocumentKind;
  fileName: string | null;
  file: UploadedFile;
}

/**
 * Attaches a document and its timeline entry in one transaction, the lead held so a seller's upload lands only
 * while the lead is theirs. With an idempotency key a repeat ('replayed') writes nothing and answers the first id.
 */
export async function uploadLeadDocument(
  db: Db,
  country: Country,
  leadId: number,
  by: { userId: number; ownSellerId: number | undefined },
  upload: DocumentUpload,
  once?: IdempotencyKey,
  createdAt?: Date,
): Promise<{ outcome: 'created'; id: number } | EarlierAnswer<{ id: number }> | LeadRefusal> {
  const earlier = once && (await earlierAnswer<{ id: number }>(db, once));
  if (earlier) return earlier;
  try {
    return await db.transaction(async (tx) => {
      const lead = await holdLead(tx, country, leadId, by.ownSellerId);
      if (!lead.ok) return lead;
      const id = await attachDocument(tx, country, leadId, by.userId, upload, createdAt);
      if (once && !(await keepAnswer(tx, country, once, { id }))) throw new KeyTaken();
      return { outcome: 'created' as const, id };
    });
  } catch (error) {
    // The same upload sent twice at once: the other committed first, this one wrote nothing.
    const answer = error instanceof KeyTaken && once && (await earlierAnswer<{ id: number }>(db, once));
    if (answer) return answer;
    throw error;
  }
}

/** The document's row and its timeline entry, in the caller's transaction (the seed calls it too). */
export async function attachDocument(
  tx: Tx,
  country: Country,
  leadId: number,
  userId: number | null,
  upload: DocumentUpload,
  createdAt?: Date,
) {
  const id = await insertLeadDocument(tx, {
    country,
    leadId,
    kind: upload.kind,
    fileName: upload.fileName,
    contentType: upload.file.type,
    bytes: upload.file.bytes,
    sha256: upload.file.sha256,
    uploadedBy: userId,
    createdAt,
  });
  await tx.insert(leadEvents).values({
    country,
    leadId,
    type: 'document',
    userId,
    body: documentEventText(country, upload.kind, upload.fileName, upload.file.bytes.length),
    toValue: String(id),
    ...(createdAt ? { createdAt } : {}),
  });
  return id;
}
