import { z } from 'zod';
import { freeText, MAX_INTEGER, positiveInt } from './common';
import { AUTOMATED_STAGES } from '../workflow/transitions';

/** The longest reason a status change may carry (it goes to the status history). */
export const TRANSITION_REASON_MAX = 500;

/** `POST /leads/:id/transitions`: the target status, the version the client read and, when required, why. */
export const transitionLeadBodySchema = z.object({
  to_status: z.number({ error: 'Elige el estado destino' }).int().positive().max(MAX_INTEGER),
  version: positiveInt(),
  reason: freeText()
    .max(TRANSITION_REASON_MAX, `El motivo admite hasta ${TRANSITION_REASON_MAX} caracteres`)
    .optional()
    .transform((text) => (text === '' ? undefined : text)),
  /**
   * Where risk approves (`sets_offer`): the amount offered, in whole currency units; absent keeps the offer
   * the lead has (or gives the default one when it has none). A revision is how a rejected offer changes.
   */
  offered_amount: positiveInt().optional(),
});
export type TransitionLeadBody = z.input<typeof transitionLeadBodySchema>;

/** `POST /leads/:id/automation`: runs the automated stage that waits at the lead's status. */
export const runAutomationBodySchema = z.object({ version: positiveInt() });
export type RunAutomationBody = z.infer<typeof runAutomationBodySchema>;

export const automatedStageSchema = z.enum(AUTOMATED_STAGES);

export const transitionOptionSchema = z.object({
  to_status: z.number().int(),
  /** 'Paso 3 · PENDING_CUSTOMER_APPROVAL', or the status name. */
  label: z.string(),
  reason_required: z.boolean(),
  /** Risk approves here: the move may say the amount offered (`offered_amount`). */
  sets_offer: z.boolean(),
  /** Why the transition cannot be taken now (a guard), or null. */
  blocked: z.string().nullable(),
});
export type TransitionOption = z.infer<typeof transitionOptionSchema>;

/** `GET /leads/:id/transitions`: what the signed-in role may do from the lead's current status. */
export const leadTransitionsSchema = z.object({
  lead_id: z.number().int(),
  status_id: z.number().int(),
  version: z.number().int(),
  transitions: z.array(transitionOptionSchema),
  /** The automated stage waiting at this status, when the role may run it. */
  automation: z.object({ stage: automatedStageSchema, label: z.string() }).nullable(),
  /**
   * The system's runs of the stage waiting at this status have failed (the adapter's service did not
   * answer): how many, and when it tries again (ISO date-time), or null once it has stopped trying and a
   * person must run it.
   */
  stage_failure: z.object({ attempts: z.number().int(), retry_at: z.string().nullable() }).nullable(),
});
export type LeadTransitions = z.infer<typeof leadTransitionsSchema>;
