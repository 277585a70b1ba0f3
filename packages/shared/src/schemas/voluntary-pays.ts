import { z } from 'zod';
import { freeText, idSchema } from './common';
import { isoDateSchema, listQuerySchema } from './list';

/*
 * Voluntary payments (DOMAIN 2): a customer says they paid and sends the receipt; a reviewer accepts it (the
 * payment is applied to the loan) or rejects it with a reason. Money is integer minor units.
 */

/** The largest receipt accepted, in bytes. */
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
/** Receipt kinds, recognised by their first bytes (never by the name or the declared type). */
export const RECEIPT_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export type ReceiptType = (typeof RECEIPT_TYPES)[number];

export const VOLUNTARY_PAY_MESSAGES = {
  receiptMissing: 'Adjunta el comprobante',
  receiptType: 'El comprobante debe ser una imagen PNG o JPEG o un PDF',
  receiptSize: `El comprobante supera el máximo de ${RECEIPT_MAX_BYTES / 1024 / 1024} MB`,
  receiptEncoding: 'El comprobante no está codificado en base64',
  notFound: 'Pago voluntario no encontrado',
  reasonRequired: 'Indica el motivo del rechazo',
  alreadyDecided: (decision: string, by: string | null, at: string) =>
    `Este pago voluntario ya fue ${decision}${by ? ` por ${by}` : ''} el ${at}`,
} as const;

const calendarDay = z
  .string({ error: 'Indica la fecha del pago' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha inválida (AAAA-MM-DD)')
  .refine(
    (day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    'Fecha inválida',
  );

/** A voluntary payment as staff or the webservice registers it; the receipt travels base64-encoded. */
export const voluntaryPayBodySchema = z.object({
  loan_id: idSchema,
  amount: z
    .number({ error: 'Indica el monto' })
    .int('El monto va en centavos, sin decimales')
    .positive('El monto debe ser mayor que cero')
    .max(Number.MAX_SAFE_INTEGER, 'Monto demasiado grande'),
  paid_on: calendarDay,
  reference: freeText().min(1, 'Indica la referencia del pago').max(100, 'La referencia admite hasta 100 caracteres'),
  receipt: z
    .string({ error: VOLUNTARY_PAY_MESSAGES.receiptMissing })
    .min(1, VOLUNTARY_PAY_MESSAGES.receiptMissing)
    // base64 of RECEIPT_MAX_BYTES, with room for the size check to name the real limit.
    .max(Math.ceil((RECEIPT_MAX_BYTES * 4) / 3) + 1024, VOLUNTARY_PAY_MESSAGES.receiptSize),
});
export type VoluntaryPayBody = z.infer<typeof voluntaryPayBodySchema>;

export const voluntaryPayParamsSchema = z.object({ id: idSchema });

export const voluntaryPayRejectSchema = z.object({
  reason: freeText().min(1, VOLUNTARY_PAY_MESSAGES.reasonRequired).max(500, 'El motivo admite hasta 500 caracteres'),
});

export const voluntaryPayRowSchema = z.object({
  id: z.number().int(),
  loan_id: z.number().int(),
  lead_id: z.number().int(),
  customer_name: z.string(),
  document: z.string(),
  amount: z.number().int(),
  paid_on: z.string(),
  reference: z.string(),
  receipt_type: z.string(),
  receipt_size: z.number().int(),
  /** PROCESSED_FLAGS: 0 pending, 1 accepted, 2 rejected. */
  processed: z.number().int(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  reject_reason: z.string().nullable(),
  payment_id: z.number().int().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type VoluntaryPayRow = z.infer<typeof voluntaryPayRowSchema>;

export const VOLUNTARY_PAY_SORTS = ['created_at', 'paid_on', 'amount'] as const;

const processedFilter = z.preprocess(
  (value) => (value === undefined || value === '' ? undefined : Number(value)),
  z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'Estado de proceso inválido (0, 1 o 2)' }).optional(),
);

export const voluntaryPaysQuerySchema = listQuerySchema(VOLUNTARY_PAY_SORTS, {
  processed: processedFilter,
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  customer: z.string().trim().max(100, 'Hasta 100 caracteres').optional(),
  loan_id: z.coerce.number({ error: 'Préstamo inválido' }).int('Préstamo inválido').positive('Préstamo inválido').optional(),
});
export type VoluntaryPaysQuery = z.infer<typeof voluntaryPaysQuerySchema>;
