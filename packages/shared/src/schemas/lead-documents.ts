import { z } from 'zod';
import type { Country } from '../countries';
import type { AuditChecklistItem } from './audits';
import { idSchema } from './common';
import { RECEIPT_TYPES } from './voluntary-pays';

/*
 * The customer's documents attached to an application (issue 39, 6): the auditor's evidence. Uploaded by the
 * seller (sale detail), staff (lead detail) or the webservice, as base64; recognised by their first bytes.
 */

/** The largest document accepted, in bytes (a phone photo of an ID fits). */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
/** The same kinds as a voluntary payment's receipt, recognised the same way. */
export const DOCUMENT_TYPES = RECEIPT_TYPES;
export type DocumentContentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_KINDS = ['id_front', 'id_back', 'selfie', 'contract', 'bank_proof'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

const ID_NAME: Record<Country, string> = { arg: 'DNI', col: 'Cédula' };

/** Each kind's label in the country's words (arg DNI, col cédula). */
export function documentKindLabel(country: Country, kind: DocumentKind): string {
  switch (kind) {
    case 'id_front':
      return `${ID_NAME[country]} (frente)`;
    case 'id_back':
      return `${ID_NAME[country]} (${country === 'arg' ? 'dorso' : 'reverso'})`;
    case 'selfie':
      return 'Selfie';
    case 'contract':
      return 'Contrato firmado';
    case 'bank_proof':
      return 'Comprobante bancario';
  }
}

export const DOCUMENT_MESSAGES = {
  kind: `Indica el tipo de documento (${DOCUMENT_KINDS.join(', ')})`,
  fileMissing: 'Adjunta el archivo',
  fileType: 'El archivo debe ser una imagen PNG o JPEG o un PDF',
  fileSize: `El archivo supera el máximo de ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB`,
  fileEncoding: 'El archivo no está codificado en base64',
  notFound: 'Documento no encontrado',
  forbidden: 'Tu rol no puede adjuntar documentos a esta solicitud',
} as const;

/** A document as the seller, staff or the webservice uploads it; the file travels base64-encoded. */
export const documentUploadBodySchema = z.object({
  kind: z.enum(DOCUMENT_KINDS, { error: DOCUMENT_MESSAGES.kind }),
  file: z
    .string({ error: DOCUMENT_MESSAGES.fileMissing })
    .min(1, DOCUMENT_MESSAGES.fileMissing)
    // base64 of DOCUMENT_MAX_BYTES, with room for the size check to name the real limit.
    .max(Math.ceil((DOCUMENT_MAX_BYTES * 4) / 3) + 1024, DOCUMENT_MESSAGES.fileSize),
  file_name: z.string().trim().max(200, 'El nombre del archivo admite hasta 200 caracteres').optional(),
});
export type DocumentUploadBody = z.infer<typeof documentUploadBodySchema>;

export const documentParamsSchema = z.object({ id: idSchema, documentId: idSchema });

export const leadDocumentSchema = z.object({
  id: z.number().int(),
  lead_id: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  file_name: z.string().nullable(),
  content_type: z.enum(DOCUMENT_TYPES),
  size: z.number().int(),
  /** sha-256 of the bytes (hex): what the auditor's evidence was when it was uploaded. */
  sha256: z.string(),
  uploaded_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type LeadDocument = z.infer<typeof leadDocumentSchema>;

export const leadDocumentsResponseSchema = z.object({ documents: z.array(leadDocumentSchema) });
export type LeadDocumentsResponse = z.infer<typeof leadDocumentsResponseSchema>;

/** The evidence each audit checklist item is ticked against (the phone is checked by calling, not by a file). */
export const DOCUMENT_EVIDENCE: Record<AuditChecklistItem, readonly DocumentKind[]> = {
  identity: ['id_front', 'selfie'],
  documents: ['id_front', 'id_back'],
  signature: ['contract'],
  bank_account: ['bank_proof'],
  phone: [],
};
