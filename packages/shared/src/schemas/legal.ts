import { z } from 'zod';
import { idSchema, positiveInt } from './common';
import { csvOf, isoDateSchema, listQuerySchema } from './list';

/* Debt-free certificates ("libre deuda") and regrets ("arrepentimiento"): issue 36. */

export const LEGAL_MESSAGES = {
  reasonRequired: 'Indica el motivo',
  alreadyDecided: 'La solicitud ya fue resuelta por otra persona: revisa cómo quedó',
  notFound: 'Solicitud no encontrada',
  customerNotFound: 'Cliente no encontrado',
  owes: (loanId: number, balance: string) =>
    `El cliente todavía debe el préstamo #${loanId} (saldo ${balance}): no se puede emitir el libre deuda`,
  noCertificate: 'La solicitud no tiene certificado: solo se emite al aceptarla',
  loanNotFound: 'Préstamo no encontrado',
  notCollectorsCustomer: 'El cliente no tiene préstamos en tu cartera',
  pastDeadline: (deadline: string) => `Fuera del plazo legal de arrepentimiento: vencía el ${deadline}`,
  loanNotRegrettable: 'El préstamo no admite arrepentimiento en su estado actual',
  regretOpen: 'El préstamo ya tiene una solicitud de arrepentimiento abierta',
  transitionNotAllowed: 'Ese cambio de estado no está permitido desde el estado actual',
  roleNotAllowed: 'Tu rol no puede hacer ese cambio de estado',
  versionChanged: 'La solicitud cambió mientras la mirabas: revisa cómo quedó',
} as const;

const PROCESSED_VALUE = 'Usa 0 (pendiente), 1 (aceptado) o 2 (rechazado)';
const processedValue = z.preprocess(
  (v) => (typeof v === 'string' && /^\d$/.test(v) ? Number(v) : v),
  z.union([z.literal(0), z.literal(1), z.literal(2)], { error: PROCESSED_VALUE }),
);

export const DEBT_FREE_SORTS = ['created_at', 'decided_at', 'id'] as const;
export const debtFreeListQuerySchema = listQuerySchema(DEBT_FREE_SORTS, {
  processed: csvOf(processedValue, 3),
  /** Requested on or after / on or before, calendar days of the country. */
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  /** Customer's name or document. */
  q: z.string().trim().max(100).optional(),
  /** One customer's requests (the lead detail's panel). */
  customer: z.preprocess(
    (v) => (v === '' ? undefined : typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
    positiveInt().optional(),
  ),
});
export type DebtFreeListQuery = z.infer<typeof debtFreeListQuerySchema>;

export const debtFreeRowSchema = z.object({
  id: z.number(),
  processed: z.number(),
  created_at: z.string(),
  customer_id: z.number(),
  customer_name: z.string(),
  document: z.string(),
  lead_id: z.number().nullable(),
  source: z.string(),
  requested_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  reason: z.string().nullable(),
  verification_code: z.string().nullable(),
});
export type DebtFreeRow = z.infer<typeof debtFreeRowSchema>;

/** Raised from a lead (staff) or by the customer's document (the webservice user). */
export const debtFreeCreateBodySchema = z
  .object({ lead_id: positiveInt().optional(), doc_number: z.string().trim().min(1).max(30).optional() })
  .refine((b) => b.lead_id !== undefined || b.doc_number !== undefined, { message: 'Indica lead_id o doc_number', path: ['lead_id'] });
export type DebtFreeCreateBody = z.infer<typeof debtFreeCreateBodySchema>;

export const debtFreeParamsSchema = z.object({ id: idSchema });
export const debtFreeRejectBodySchema = z.object({
  reason: z.string({ error: LEGAL_MESSAGES.reasonRequired }).trim().min(1, LEGAL_MESSAGES.reasonRequired).max(500),
});

export const debtFreeVerifyQuerySchema = z.object({ code: z.string().trim().min(1).max(40) });
export const debtFreeVerifySchema = z.discriminatedUnion('found', [
  z.object({ found: z.literal(false) }),
  z.object({
    found: z.literal(true),
    genuine: z.literal(true),
    holder: z.string(),
    document: z.string(),
    issued_at: z.string(),
    company: z.string(),
  }),
]);
export type DebtFreeVerification = z.infer<typeof debtFreeVerifySchema>;

/* Regrets */

export const REGRET_SORTS = ['deadline', 'created_at', 'id'] as const;
export const regretListQuerySchema = listQuerySchema(REGRET_SORTS, {
  status: csvOf(
    z.preprocess((v) => (typeof v === 'string' && /^\d{1,5}$/.test(v) ? Number(v) : v), positiveInt()),
    20,
  ),
  /** The legal deadline on or after / on or before. */
  deadline_from: isoDateSchema.optional(),
  deadline_to: isoDateSchema.optional(),
  /** Only those filed past their deadline or open with it gone by. */
  overdue: z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean().optional()),
});
export type RegretListQuery = z.infer<typeof regretListQuerySchema>;

export const regretRowSchema = z.object({
  id: z.number(),
  status: z.number(),
  loan_id: z.number(),
  loan_status: z.string(),
  lead_id: z.number(),
  customer_name: z.string(),
  document: z.string(),
  revocation_code: z.string(),
  disbursed_on: z.string(),
  deadline: z.string(),
  rule: z.string(),
  created_at: z.string(),
  amount: z.number(),
  returned: z.number(),
  attempts: z.number(),
  version: z.number(),
});
export type RegretRow = z.infer<typeof regretRowSchema>;

export const regretCreateBodySchema = z
  .object({ loan_id: positiveInt().optional(), lead_id: positiveInt().optional() })
  .refine((b) => b.loan_id !== undefined || b.lead_id !== undefined, { message: 'Indica loan_id o lead_id', path: ['loan_id'] });
export const regretParamsSchema = z.object({ id: idSchema });
export const regretTransitionBodySchema = z.object({
  to: positiveInt(),
  version: positiveInt(),
  reason: z.string().trim().max(500).optional(),
});

export const regretHistorySchema = z.object({
  from_status: z.number().nullable(),
  to_status: z.number(),
  user_name: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export const regretDetailSchema = regretRowSchema.extend({ history: z.array(regretHistorySchema) });
export type RegretDetail = z.infer<typeof regretDetailSchema>;

/** A regret's deadline for a loan before filing (the lead detail's panel). */
export const regretQuoteSchema = z.object({
  loan_id: z.number(),
  loan_status: z.string(),
  disbursed_on: z.string(),
  deadline: z.string(),
  rule: z.string(),
  within: z.boolean(),
  amount: z.number(),
  open_regret_id: z.number().nullable(),
});
export type RegretQuote = z.infer<typeof regretQuoteSchema>;

/** A loan a regret can still be filed on. */
export const regretCandidateSchema = z.object({
  loan_id: z.number(),
  lead_id: z.number(),
  customer_name: z.string(),
  document: z.string(),
  disbursed_on: z.string(),
  principal: z.number(),
  deadline: z.string(),
  rule: z.string(),
});
export type RegretCandidate = z.infer<typeof regretCandidateSchema>;
