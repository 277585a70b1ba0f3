import { createHash } from 'node:crypto';
import { RECEIPT_TYPES, type ReceiptType } from '@backoffice/shared';
import { HttpError } from './errors';

/** A file a client sent base64-encoded, checked: its bytes, its kind by content and their sha-256 (hex). */
export interface UploadedFile {
  bytes: Buffer;
  type: ReceiptType;
  sha256: string;
}

/** The file's kind from its first bytes; null for anything else (a renamed executable, a GIF, text). */
export function fileTypeOf(bytes: Buffer): ReceiptType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

export interface UploadRules {
  /** The body field the 400 names. */
  field: string;
  maxBytes: number;
  messages: { encoding: string; missing: string; size: string; type: string };
}

/**
 * Decodes and checks a base64 upload (a `data:` prefix allowed): 400 naming `rules.field` when it is not
 * base64, empty, too large or not a PNG, JPEG or PDF by content. Nothing is written before this passes.
 */
export function decodeUpload(base64: string, rules: UploadRules): UploadedFile {
  const refuse = (message: string) => new HttpError(400, message, [{ field: rules.field, message }]);
  const text = base64.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) throw refuse(rules.messages.encoding);
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length === 0) throw refuse(rules.messages.missing);
  if (bytes.length > rules.maxBytes) throw refuse(rules.messages.size);
  const type = fileTypeOf(bytes);
  if (!type || !RECEIPT_TYPES.includes(type)) throw refuse(rules.messages.type);
  return { bytes, type, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** The file's name as a download suggests it, by its kind. */
export const extensionOf = (type: ReceiptType) => (type === 'application/pdf' ? 'pdf' : type === 'image/png' ? 'png' : 'jpg');
