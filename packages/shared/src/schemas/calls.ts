import { z } from 'zod';
import type { Country } from '../countries';
import { PHONE_CHARACTERS, PHONE_CHARACTERS_MESSAGE, dialablePhone } from '../documents';
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
  /** How many of the seller's call backs are due now, this one included: the modal's "1 de N". */
  due_count: z.number().int().positive(),
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
  id: z.preprocess(
    digitsText,
    z.number({ error: 'Indica la llamada' }).int().positive('Indica la llamada').max(MAX_INTEGER, 'Indica la llamada'),
  ),
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
 * A number to call, as people write it (separators, '+54 9 …', the trunk 0 and the 15): read as the
 * country's national number, which is what is dialled and recorded; refused, naming `cellphone`, when it is
 * not one the back office calls (`dialablePhone`: never abroad, premium-rate or special numbers).
 */
export const dialableCellphone = (country: Country) =>
  z
    .string({ error: 'Indica el celular' })
    .regex(PHONE_CHARACTERS, PHONE_CHARACTERS_MESSAGE)
    .transform((value, context) => {
      const number = dialablePhone(value, country);
      if (number.ok) return number.digits;
      context.addIssue({ code: 'custom', message: number.message });
      return z.NEVER;
    });

/**
 * `POST /customers/calls/start`: who calls (their telephony number), which number, and the lead if known
 * (the web always sends it). Per country: `cellphone` arrives as its national digits. The server then ties
 * the number to a customer: with `lead_id`, it must be that lead's customer's cellphone.
 */
export const startCallBodySchemas = {
  arg: z.object({
    user: neotelUser,
    cellphone: dialableCellphone('arg'),
    lead_id: positiveInt().optional(),
    loan_id: positiveInt().optional(),
  }),
  col: z.object({
    user: neotelUser,
    cellphone: dialableCellphone('col'),
    lead_id: positiveInt().optional(),
    loan_id: positiveInt().optional(),
  }),
} as const;
export type StartCallBody = z.input<(typeof startCallBodySchemas)['arg']>;

export const callResultSchema = z.object({
  /** The recorded call (start), null when a hang-up found no open call. */
  call_id: z.number().int().nullable(),
  status: z.enum(['started', 'ended']),
  lead_id: z.number().int().nullable(),
});
export type CallResult = z.infer<typeof callResultSchema>;
