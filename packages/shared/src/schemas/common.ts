import { z } from 'zod';

/** One field that failed validation: a dotted path (`user.email`) and the reason. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * The one error body every API error answers with. `statusMessage` repeats `message` because SPEC 7/8 has
 * the client show the server's statusMessage.
 */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  statusMessage: z.string(),
  fields: z.array(fieldErrorSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const okSchema = z.object({ ok: z.literal(true) });

/**
 * PostgreSQL's integer, the type of every id, version and catalogue id: a larger number names no row of
 * ours, and bound to a query it would fail it (a 500) instead of finding nothing.
 */
export const MAX_INTEGER = 2_147_483_647;

const POSITIVE_INT = 'Debe ser un número entero positivo';
/**
 * A positive integer as a request sends it in JSON (ids, versions, statuses): one reason, in Spanish, for
 * text, a fraction, zero, a negative, 1e400 or a number past PostgreSQL's integer alike.
 */
export const positiveInt = () =>
  z
    .number({ error: POSITIVE_INT })
    .int({ error: POSITIVE_INT, abort: true })
    .positive({ error: POSITIVE_INT, abort: true })
    .max(MAX_INTEGER, { error: POSITIVE_INT });

/**
 * A whole number as text arrives in query strings and paths: plain digits only. Coerced the way JavaScript
 * reads numbers, '1e2', '0x10' or ' 12' would name another row (100, 16, 12) than the one written.
 */
export const digitsText = (value: unknown) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value);

/** Identifiers in query strings and paths (`/lead-detail?id=123`), as text, or as numbers in JSON. */
export const idSchema = z.preprocess(digitsText, positiveInt());

/**
 * What a paste can carry at the ends of a text besides spaces: zero-width spaces and joiners, the word
 * joiner, the direction marks (the BOM is a space to JavaScript already).
 */
const BLANK_ENDS = /^[\s\u200b-\u200f\u2060\u061c]+|[\s\u200b-\u200f\u2060\u061c]+$/g;
/**
 * Direction embeddings, overrides and isolates: in a Spanish back office they only make a text read other
 * than it is stored ('\u202e' shows what follows reversed), so they are dropped wherever they are.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/**
 * Free text people type or paste (notes, reasons, comments): composed (NFC), without direction controls and
 * trimmed of spaces and of the invisible characters at its ends, so that a text with nothing to read is
 * empty ('\u200b' is no note) and what is shown is what was written.
 */
export const freeText = () => z.string().overwrite((text) => text.normalize('NFC').replace(BIDI_CONTROLS, '').replace(BLANK_ENDS, ''));

/**
 * A required text field: missing (absent or null) is told with `missing` ('Ingresa el celular'); a value of
 * another type (a number sent by an API client) is told it must be text, not that it is missing.
 */
export const requiredText = (missing: string, label: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? missing : `${label}: debe ser texto`) });

/** A customer's address: free text (as notes: no direction controls), up to 200 characters. */
export const addressText = () => freeText().max(200, 'El domicilio admite hasta 200 caracteres');
