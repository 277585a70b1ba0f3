import { z } from 'zod';
import type { Country } from '../countries';
import { colCcSchema, colCeSchema, dniSchema, onlyDigits } from '../documents';
import { requiredText } from './common';
import {
  LEAD_LIMITS,
  amountOf,
  bankAccountFields,
  colBankAccountBodyCheck,
  commonLeadFields,
  customerFieldSchemas,
  isNotGiven,
  leadCustomerFields,
  missingNewCustomerFields,
  termOf,
  withBodyCheck,
} from './customer-fields';

// A new application per country: the document, the customer fields, the amount and term.

/** arg's document: a DNI (dots allowed), kept as digits. */
export const argDocNumberSchema = requiredText('Ingresa el DNI', 'DNI').pipe(dniSchema);

/**
 * arg: DNI plus, optionally (see NEW_CUSTOMER_FIELDS), the customer's CUIL (which must contain that DNI);
 * cellphone is the 10-digit national number.
 */
export const argLeadCreateSchema = withBodyCheck(
  // In the order of earlier versions: a body's Idempotency-Key hash is of its parsed fields in this order.
  z.object({
    first_name: leadCustomerFields.arg.first_name,
    last_name: leadCustomerFields.arg.last_name,
    birth_date: leadCustomerFields.arg.birth_date,
    email: leadCustomerFields.arg.email,
    ...commonLeadFields,
    doc_number: argDocNumberSchema,
    cuil: leadCustomerFields.arg.cuil,
    cellphone: leadCustomerFields.arg.cellphone,
    /** Whole pesos (the API stores centavos). */
    requested_amount: amountOf('arg'),
    term: termOf(LEAD_LIMITS.arg),
    ...bankAccountFields.arg,
  }),
  (body, ctx) => {
    // Only when both are given and valid on their own: one reason per field.
    const doc = argDocNumberSchema.safeParse(body.doc_number);
    const cuil = isNotGiven(body.cuil) ? undefined : customerFieldSchemas.arg.cuil.safeParse(body.cuil);
    if (doc.success && cuil?.success && cuil.data.slice(2, 10) !== doc.data.padStart(8, '0')) {
      ctx.addIssue({ code: 'custom', path: ['cuil'], message: 'El CUIL no corresponde al DNI' });
    }
  },
);

/** col identity documents (DOMAIN 2): the cédula de ciudadanía and a foreign resident's cédula de extranjería. */
export const COL_DOC_TYPES = ['CC', 'CE'] as const;
export type ColDocType = (typeof COL_DOC_TYPES)[number];
export const COL_DOC_TYPE_LABELS: Record<ColDocType, string> = { CC: 'Cédula (CC)', CE: 'Cédula de extranjería (CE)' };
const COL_DOC_SCHEMAS = { CC: colCcSchema, CE: colCeSchema } as const;

/**
 * A col document: its type (CC unless said) and its number, read by that type's rule and kept as digits.
 * A customer is one type and number: a CE and a CC with the same digits are two people.
 */
export const colDocumentFields = {
  doc_type: z.enum(COL_DOC_TYPES, { error: 'Tipo de documento: CC o CE' }).default('CC'),
  // Empty is missing, as absent is: 'Ingresa…' like every other field, not the type's rule for a wrong number.
  doc_number: requiredText('Ingresa el número de documento', 'Número de documento').trim().min(1, 'Ingresa el número de documento'),
};
/**
 * The number read by its type's rule, named on `doc_number`, together with every other field's reason
 * (withBodyCheck); a type or number the object itself refuses is named there only.
 */
export function withColDocumentRule<T extends z.ZodObject<typeof colDocumentFields>>(schema: T) {
  return withBodyCheck(
    schema.overwrite((value) => ({ ...value, doc_number: onlyDigits(value.doc_number) })),
    (body, ctx) => {
      const type = colDocumentFields.doc_type.safeParse(body.doc_type);
      const number = colDocumentFields.doc_number.safeParse(body.doc_number);
      if (!type.success || !number.success) return;
      const parsed = COL_DOC_SCHEMAS[type.data].safeParse(number.data);
      const [issue] = parsed.error?.issues ?? [];
      if (issue) ctx.addIssue({ code: 'custom', path: ['doc_number'], message: issue.message });
    },
  );
}

/**
 * col: a CC or a CE; cellphone (optional, see NEW_CUSTOMER_FIELDS) is 10 digits starting with 3; a bank, its
 * account's type and number, or none (colBankAccountIssues, told with the other fields' reasons).
 */
export const colLeadCreateSchema = withBodyCheck(
  withColDocumentRule(
    z.object({
      first_name: leadCustomerFields.col.first_name,
      last_name: leadCustomerFields.col.last_name,
      birth_date: leadCustomerFields.col.birth_date,
      email: leadCustomerFields.col.email,
      ...commonLeadFields,
      ...colDocumentFields,
      cellphone: leadCustomerFields.col.cellphone,
      /** Whole pesos (the API stores centavos). */
      requested_amount: amountOf('col'),
      term: termOf(LEAD_LIMITS.col),
      ...bankAccountFields.col,
    }),
  ),
  colBankAccountBodyCheck(bankAccountFields.col),
);

/**
 * The body of POST /leads: an existing customer's document needs nothing of the customer but it (identity
 * and contact data are optional: NEW_CUSTOMER_FIELDS); the server requires them for a document new to the
 * country, inside the creation's transaction.
 */
export const leadCreateSchemas = { arg: argLeadCreateSchema, col: colLeadCreateSchema } as const;

const requireNewCustomerFields = (country: Country) => (body: Record<string, unknown>, ctx: z.RefinementCtx) => {
  for (const { field, message } of missingNewCustomerFields(country, body)) ctx.addIssue({ code: 'custom', path: [field], message });
};
/**
 * A new application for a document that is not a customer's (as far as the caller knows): leadCreateSchemas
 * plus every NEW_CUSTOMER_FIELDS field, each missing one named with the others' reasons. What the form
 * checks until the lookup finds the customer, and what the server names on a refused body of a new document.
 */
export const newCustomerLeadCreateSchemas = {
  arg: withBodyCheck(argLeadCreateSchema, requireNewCustomerFields('arg')),
  col: withBodyCheck(colLeadCreateSchema, requireNewCustomerFields('col')),
} as const;
export type ArgLeadCreate = z.infer<typeof argLeadCreateSchema>;
export type ColLeadCreate = z.infer<typeof colLeadCreateSchema>;
/** What a client sends (before normalisation: the bank account fields may be absent). */
export type ArgLeadCreateInput = z.input<typeof argLeadCreateSchema>;
export type ColLeadCreateInput = z.input<typeof colLeadCreateSchema>;

export const leadCreatedSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  customer_reused: z.boolean(),
  /**
   * The fields given whose values an existing customer kept its own for (identity, a stored bank account, the
   * cellphone while an application of the customer is in audit or transfer).
   */
  customer_kept: z.array(
    z.enum(['first_name', 'last_name', 'birth_date', 'cuil', 'cellphone', 'bank', 'bank_account', 'bank_account_type']),
  ),
});
export type LeadCreated = z.infer<typeof leadCreatedSchema>;

/**
 * `Idempotency-Key` (optional) on POST /leads and POST /leads/:id/notes: a client that repeats a request whose
 * answer it did not get sends the same key and gets the first answer again (with `Idempotent-Replayed:
 * true`), not a second lead or note.
 */
export const IDEMPOTENCY_MESSAGES = {
  format: 'La clave de idempotencia lleva de 1 a 255 caracteres visibles (ASCII, sin espacios)',
  reused: 'Esta clave de idempotencia ya se usó con otros datos: usa una clave nueva para otra solicitud.',
} as const;
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, IDEMPOTENCY_MESSAGES.format)
    .optional()
    .describe('Clave única por solicitud (p. ej. un UUID); repetirla con los mismos datos devuelve la misma respuesta durante 24 horas'),
});
