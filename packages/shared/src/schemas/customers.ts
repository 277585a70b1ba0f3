import { z } from 'zod';
import { argDocNumberSchema, colDocumentFields, withColDocumentRule } from './leads';

/*
 * `GET /customers/lookup?doc_number=`: whether a document typed in the new lead form is already a customer
 * of the country, so the form can say before saving that the application will reuse that customer (and
 * what of its data stays). The document is read with the creation's own rule (separators allowed).
 */

export const customerLookupQuerySchemas = {
  arg: z.object({ doc_number: argDocNumberSchema }),
  col: withColDocumentRule(z.object(colDocumentFields)),
} as const;
export type CustomerLookupQuery = z.input<(typeof customerLookupQuerySchemas)['arg' | 'col']>;

export const customerLookupResponseSchema = z.object({
  customer: z
    .object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      /** Its applications (leads) in the country, of any status. */
      applications: z.number().int(),
      /** Whether a bank account is stored: a new application only fills one in when there is none. */
      has_bank_account: z.boolean(),
      /**
       * An application of the customer is in audit or transfer: a new application keeps the stored cellphone
       * (the audit checked it) and fills in no bank account.
       */
      cellphone_locked: z.boolean(),
      /** A bank account given with a new application (by who asks) would be saved: none stored, nothing holds it. */
      bank_account_fillable: z.boolean(),
      /**
       * For a seller asking: the customer's open application another seller works, which refuses the asker a
       * new one (409, customerWorkedMessage); null when there is none, and for everyone else.
       */
      other_seller_application: z.number().int().nullable(),
    })
    .nullable(),
});

/** Why a seller may not open an application for a customer another seller is working (POST /leads, 409 `doc_number`). */
export const customerWorkedMessage = (leadId: number) =>
  `Otro vendedor gestiona la solicitud #${leadId} de este cliente: no puedes crearle otra. Pide a un supervisor que te la reasigne.`;
export type CustomerLookup = z.infer<typeof customerLookupResponseSchema>;
