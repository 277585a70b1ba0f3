import type { Country } from '@backoffice/shared';
import { CREATED_STATUS } from '../repositories/leads';

export interface ScreeningInput {
  country: Country;
  docNumber: string;
  /** As given: an existing customer's application may leave them out (the stored ones stay). */
  cellphone: string | undefined;
  email: string | undefined;
}

export interface ScreeningResult {
  /** The status the new lead starts in. */
  statusId: number;
  /** Written to the first status history row. */
  reason: string;
}

/**
 * The seam for the customer-ban check (DOMAIN 2: a banned customer's new lead stops at prefilter with the
 * reason recorded). Until the bans issue lands every lead starts in CREATED; that issue replaces this
 * function with a lookup that answers PREFILTER_REJECTED and the ban's reason.
 */
export async function screenNewLead(_input: ScreeningInput): Promise<ScreeningResult> {
  return { statusId: CREATED_STATUS, reason: 'Alta de lead' };
}
