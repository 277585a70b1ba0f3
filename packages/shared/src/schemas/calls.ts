import { z } from 'zod';
import { PHONE_CHARACTERS, PHONE_CHARACTERS_MESSAGE } from '../documents';
import { MAX_INTEGER, digitsText, positiveInt } from './common';

/*
 * Call reminders (SPEC 2 "Call reminder modal", 3 "Scheduled call", 4 "Call reminder flow") and click-to-call
 * through the telephony system (SPEC 5, 7, 8; DOMAIN 5). The user-visible texts are MESSAGES (constants.ts),
 * the polling interval CALL_REMINDER_POLL_MS.
 */

/** SPEC 3 "Scheduled call": what the reminder modal shows. */
export const dueCallSchema = z.object({
  id: z.number().int(),
  lead_id: z.number().int(),
  first_name: z.string(),
  /** Empty when the customer has none (the modal's copy button is then disabled). */
  cellphone: z.string(),
  /** ISO date-time (UTC); the modal shows it as HH:mm. */
  schedule_time: z.string(),
});
export type DueCall = z.infer<typeof dueCallSchema>;

/**
 * `GET /sales/schedule-calls`: one object, as SPEC 3 says: the seller's earliest due call back (pending,
 * schedule_time <= now), or `{}` when none is due. Once it is resolved or postponed the next due one (if
 * any) comes in the following poll.
 */
export const scheduleCallsResponseSchema = z.union([dueCallSchema, z.strictObject({})]);
export type ScheduleCallsResponse = z.infer<typeof scheduleCallsResponseSchema>;

export function isDueCall(answer: ScheduleCallsResponse | null | undefined): answer is DueCall {
  return !!answer && 'id' in answer && typeof answer.id === 'number';
}

/** `?id=` of resolve-call and postpone-call: the scheduled call's id. */
export const callIdQuerySchema = z.object({
  id: z.preprocess(digitsText, z.number({ error: 'Indica la llamada' }).int().positive('Indica la llamada').max(MAX_INTEGER, 'Indica la llamada')),
});

/**
 * resolve-call / postpone-call answer: the call back as it is now (`resolved` or `postponed`) and, for a
 * postponement, the new pending call back that replaces it.
 */
export const callActionResponseSchema = z.object({
  id: z.number().int(),
  lead_id: z.number().int(),
  status: z.enum(['resolved', 'postponed']),
  next: z.object({ id: z.number().int(), schedule_time: z.string() }).nullable(),
});
export type CallActionResponse = z.infer<typeof callActionResponseSchema>;

/** The telephony user number (users.neotel_id): 0 means none assigned. */
const neotelUser = z.number({ error: 'Indica el usuario de Neotel' }).int('Usuario de Neotel inválido');

/** `POST /customers/calls/hang-up`. */
export const hangUpBodySchema = z.object({ user: neotelUser });
export type HangUpBody = z.infer<typeof hangUpBodySchema>;

/**
 * `POST /customers/calls/start`: who calls (their telephony number), which number, and the lead if known.
 * The number stays as written: its digits are dialled, and its national form (the country's, which the
 * server knows) finds the seller's customer with it.
 */
export const startCallBodySchema = z.object({
  user: neotelUser,
  cellphone: z
    .string({ error: 'Indica el celular' })
    .regex(PHONE_CHARACTERS, PHONE_CHARACTERS_MESSAGE)
    .refine((value) => /^\d{6,15}$/.test(value.replace(/\D/g, '')), 'Celular inválido'),
  lead_id: positiveInt().optional(),
});
export type StartCallBody = z.input<typeof startCallBodySchema>;

export const callResultSchema = z.object({
  /** The recorded call (start), null when a hang-up found no open call. */
  call_id: z.number().int().nullable(),
  status: z.enum(['started', 'ended']),
  lead_id: z.number().int().nullable(),
});
export type CallResult = z.infer<typeof callResultSchema>;
