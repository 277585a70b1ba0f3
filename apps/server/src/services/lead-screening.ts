import { ARG_STATUS_IDS, COL_STATUS_IDS, type Country } from '@backoffice/shared';
import type { Tx } from '../db/client';
import { banInForce, customerBanKeys, recordBanHit } from '../repositories/customer-bans';
import { CREATED_STATUS } from '../repositories/leads';
import { banReasonText } from './customer-bans';

/** The customer a new application is for, as it stands once the application's data are applied to it. */
export interface ScreeningInput {
  country: Country;
  docNumber: string;
  cellphone: string | null;
  email: string | null;
  bankAccount: string | null;
}

export interface ScreeningResult {
  /** The status the new lead starts in. */
  statusId: number;
  /** Written to the first status history row. */
  reason: string;
  /** Records the ban that stopped it among the ban's stopped applications. */
  after?: (tx: Tx, leadId: number) => Promise<void>;
}

/** Where a banned customer's application stops: the prefilter's (arg) or the killer's (col) rejection. */
const STOPPED_AT_PREFILTER: Record<Country, number> = { arg: ARG_STATUS_IDS.PREFILTER_REJECTED, col: COL_STATUS_IDS.KILLER_REJECTED };

/**
 * DOMAIN 2: a new application of a banned customer (its document, cellphone, email or bank account under a
 * credit ban in force) is created stopped at prefilter (arg PREFILTER_REJECTED, col KILLER_REJECTED) with the
 * ban as its reason. Run inside the creation's transaction, on the customer as the application leaves it: one
 * lookup on the partial (country, kind, value) index of unlifted bans.
 */
export async function screenNewLead(tx: Tx, input: ScreeningInput): Promise<ScreeningResult> {
  const ban = await banInForce(tx, input.country, customerBanKeys(input.country, input));
  if (!ban) return { statusId: CREATED_STATUS, reason: 'Alta de lead' };
  return {
    statusId: STOPPED_AT_PREFILTER[input.country],
    reason: banReasonText(ban),
    after: (inner, leadId) => recordBanHit(inner, ban.id, leadId),
  };
}
