import { z } from 'zod';
import { MANAGEMENT_STATUSES } from '../catalogues/filters';
import { COL_ACCOUNT_TYPES } from '../catalogues/banks';
import { MANAGEMENT_CHANNEL_IDS } from '../catalogues/loans';
import { freeText, idSchema, MAX_INTEGER, positiveInt } from './common';
import { customerSummarySchema, leadListItemSchema, personRef } from './lead-list';

// A lead's detail: the customer, the timeline, and the writes on it (note, management status, seller).

export const customerSchema = customerSummarySchema.extend({
  birth_date: z.string().nullable(),
  address: z.string().nullable(),
  /** Where a disbursement goes: arg a CBU in `bank_account` (no `bank`); col a bank and its account number. */
  bank: z.string().nullable(),
  bank_account: z.string().nullable(),
  /** col: Ahorros or Corriente (COL_ACCOUNT_TYPES); null for a wallet, an arg CBU or no account. */
  bank_account_type: z.enum(COL_ACCOUNT_TYPES).nullable(),
  /** Customer edits (sale detail) are checked against it, not the lead's version. */
  version: z.number().int(),
});

/** 'customer': a customer data edit (sale detail); 'call_back': a call back scheduled (sale detail). */
export const TIMELINE_TYPES = [
  'status',
  'note',
  'management',
  'assignment',
  'created',
  'customer',
  'call_back',
  // The call reminders: a call back resolved or postponed, and a call placed through telephony (its outcome).
  'call_resolved',
  'call_postponed',
  'call',
  // A customer message sent or received (communications).
  'message',
  // A customer document attached (DNI/cédula, selfie, contract, bank proof): the auditor's evidence.
  'document',
] as const;

export const timelineEntrySchema = z.object({
  id: z.string(),
  type: z.enum(TIMELINE_TYPES),
  at: z.string(),
  user: personRef.nullable(),
  from_status: z.number().int().nullable(),
  to_status: z.number().int().nullable(),
  /** The note, the management status, or the new seller's name. */
  text: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const leadDetailSchema = leadListItemSchema.extend({
  customer: customerSchema,
  offered_amount: z.number().int().nullable(),
  rate: z.number().nullable(),
  timeline: z.array(timelineEntrySchema),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

export const leadIdParamsSchema = z.object({ id: idSchema });

export const addNoteBodySchema = z.object({
  body: freeText().min(1, 'Escribe la nota').max(2_000, 'La nota admite hasta 2000 caracteres'),
});
export type AddNoteBody = z.infer<typeof addNoteBodySchema>;

/**
 * One management of an application: its result (the management status), how the customer was reached
 * (default a call) and, optionally, a note and when to act next. Recorded once in `managements` and once in
 * the lead's timeline.
 */
export const setManagementStatusBodySchema = z.object({
  management_status: z.enum(MANAGEMENT_STATUSES, { error: 'Elige un estado de gestión de la lista' }),
  version: positiveInt(),
  channel: z.enum(MANAGEMENT_CHANNEL_IDS, { error: 'Elige un canal de la lista' }).optional(),
  note: freeText()
    .max(1000, 'La nota admite hasta 1000 caracteres')
    .optional()
    .transform((text) => (text ? text : undefined)),
  next_action_at: z.iso
    .datetime({ offset: true, error: 'Indica fecha y hora de la próxima acción', abort: true })
    .refine((value) => new Date(value).getTime() > Date.now() - 60_000, { message: 'La próxima acción debe ser en el futuro', abort: true })
    .refine((value) => new Date(value).getTime() <= Date.now() + 366 * 86_400_000, {
      message: 'La próxima acción debe ser dentro del próximo año',
    })
    .nullish(),
});
export type SetManagementStatusBody = z.input<typeof setManagementStatusBodySchema>;

export const reassignSellerBodySchema = z.object({
  seller_id: z.number().int().positive({ error: 'Elige un vendedor' }).max(MAX_INTEGER, { error: 'Elige un vendedor' }),
  version: positiveInt(),
});
export type ReassignSellerBody = z.infer<typeof reassignSellerBodySchema>;

/**
 * Why a closed application (a terminal status: disbursed, rejected, cancelled…) takes no management status
 * and no other seller: nobody works it any more. Notes still go on its history.
 */
export const CLOSED_LEAD_MESSAGE = 'La solicitud está cerrada: su estado de gestión y su vendedor ya no cambian.';
