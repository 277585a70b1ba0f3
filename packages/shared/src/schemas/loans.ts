import { z } from 'zod';
import { PAYMENT_CHANNELS } from '../catalogues/loans';
import { freeText, idSchema } from './common';

/*
 * The loan API: a loan's detail (GET /loans/:id, GET /leads/:id/loan), a payment (POST /loans/:id/payments)
 * and its reversal (POST /loans/:id/payments/:paymentId/reversal). Money is integer minor units.
 */

export const loanIdParamsSchema = z.object({ id: idSchema });
export const paymentParamsSchema = z.object({ id: idSchema, paymentId: idSchema });

const calendarDay = (missing: string) =>
  z
    .string({ error: missing })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha inválida (AAAA-MM-DD)')
    .refine(
      (day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
      'Fecha inválida',
    );

const channelIds = PAYMENT_CHANNELS.map((c) => c.id) as [string, ...string[]];

/** A payment as registered by a person or an import. */
export const paymentBodySchema = z.object({
  amount: z
    .number({ error: 'Indica el monto' })
    .int('El monto va en centavos, sin decimales')
    .positive('El monto debe ser mayor que cero')
    .max(Number.MAX_SAFE_INTEGER, 'Monto demasiado grande'),
  paid_on: calendarDay('Indica la fecha del pago'),
  channel: z.enum(channelIds, { error: 'Indica un canal de pago válido' }),
  reference: freeText().min(1, 'Indica la referencia del pago').max(100, 'La referencia admite hasta 100 caracteres'),
});
export type PaymentBody = z.infer<typeof paymentBodySchema>;

export const reversalBodySchema = z.object({
  reason: freeText().min(1, 'Indica el motivo de la reversión').max(500, 'El motivo admite hasta 500 caracteres'),
});
export type ReversalBody = z.infer<typeof reversalBodySchema>;

export const loanInstallmentSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  due_date: z.string(),
  principal: z.number().int(),
  interest: z.number().int(),
  vat: z.number().int(),
  late_interest: z.number().int(),
  paid_principal: z.number().int(),
  paid_interest: z.number().int(),
  paid_vat: z.number().int(),
  paid_late_interest: z.number().int(),
  /** INSTALLMENT_STATES id. */
  status: z.string(),
  /** What it still owes, late interest included. */
  balance: z.number().int(),
  paid_at: z.string().nullable(),
});
export type LoanInstallment = z.infer<typeof loanInstallmentSchema>;

export const loanPaymentSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  paid_on: z.string(),
  channel: z.string(),
  reference: z.string(),
  credit_amount: z.number().int(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  reversed_at: z.string().nullable(),
  reversed_by: z.string().nullable(),
  reversal_reason: z.string().nullable(),
  allocations: z.array(
    z.object({
      installment_number: z.number().int(),
      late_interest: z.number().int(),
      interest: z.number().int(),
      vat: z.number().int(),
      principal: z.number().int(),
    }),
  ),
});
export type LoanPayment = z.infer<typeof loanPaymentSchema>;

export const loanEventSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  user: z.string().nullable(),
  body: z.string().nullable(),
  created_at: z.string(),
});

export const loanDetailSchema = z.object({
  loan: z.object({
    id: z.number().int(),
    lead_id: z.number().int(),
    status: z.string(),
    principal: z.number().int(),
    term: z.number().int(),
    rate: z.number(),
    vat_rate: z.number(),
    late_rate: z.number(),
    disbursed_on: z.string(),
    first_due_date: z.string(),
    outstanding: z.number().int(),
    overdue_amount: z.number().int(),
    credit_balance: z.number().int(),
    days_past_due: z.number().int(),
    bucket: z.string().nullable(),
    in_collections: z.boolean(),
    collector_id: z.number().int().nullable(),
    collector_name: z.string().nullable(),
    promise_due_on: z.string().nullable(),
    paid_at: z.string().nullable(),
    version: z.number().int(),
  }),
  customer: z.object({
    id: z.number().int(),
    full_name: z.string(),
    doc_type: z.string(),
    doc_number: z.string(),
    cellphone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  /** Today as the country's calendar day: what `late_interest_to_date` and `days_past_due_today` are counted to. */
  as_of: z.string(),
  /** Late interest accrued by the delinquency runs, plus what the days since the last one add. */
  late_interest_to_date: z.number().int(),
  days_past_due_today: z.number().int(),
  /** What settles the loan today (outstanding with the late interest to date). */
  balance_today: z.number().int(),
  installments: z.array(loanInstallmentSchema),
  payments: z.array(loanPaymentSchema),
  timeline: z.array(loanEventSchema),
  /** What the user may do on this loan. */
  can_pay: z.boolean(),
  can_reverse: z.boolean(),
});
export type LoanDetail = z.infer<typeof loanDetailSchema>;

/** GET /leads/:id/loan: the lead's loan, or null when it has none (not disbursed). */
export const leadLoanResponseSchema = z.object({ loan: loanDetailSchema.nullable() });
export type LeadLoanResponse = z.infer<typeof leadLoanResponseSchema>;

/** A payment's answer: the payment (the first one when the same reference came again) and the loan after it. */
export const paymentResponseSchema = z.object({
  payment_id: z.number().int(),
  /** False when the (channel, reference) had been applied before: nothing new was applied. */
  applied: z.boolean(),
  loan: loanDetailSchema,
});
export type PaymentResponse = z.infer<typeof paymentResponseSchema>;
