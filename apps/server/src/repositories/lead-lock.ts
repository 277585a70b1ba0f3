import type { Country } from '@backoffice/shared';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { leads } from '../db/schema';

/** Why a write about a lead was not made: the lead is gone, or no longer the seller's. */
export type LeadRefusal = { ok: false; reason: 'not_found' } | { ok: false; reason: 'not_yours'; sellerId: number | null };

export type LeadHold = { ok: true; sellerId: number | null; statusId: number } | LeadRefusal;

/**
 * The lead's row locked for a write made about it, and whether the writer may make it: a seller
 * (`ownSellerId`) only while the lead is theirs. The route's visibility check runs before the transaction;
 * this one runs inside it, so a reassignment committed in between is seen (its UPDATE and this lock
 * conflict: one waits for the other) and the write is refused instead of landing on another seller's lead.
 * `share` lets writes that only add to the lead (a note, a customer edit) run side by side; `no key update`
 * is for writes that change the lead's row or must take turns with its status changes.
 */
export async function holdLead(
  tx: Tx,
  country: Country,
  leadId: number,
  ownSellerId: number | undefined,
  strength: 'share' | 'no key update' = 'share',
): Promise<LeadHold> {
  const [lead] = await tx
    .select({ sellerId: leads.sellerId, statusId: leads.statusId })
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.country, country)))
    .for(strength);
  if (!lead) return { ok: false, reason: 'not_found' };
  if (ownSellerId !== undefined && lead.sellerId !== ownSellerId) return { ok: false, reason: 'not_yours', sellerId: lead.sellerId };
  return { ok: true, sellerId: lead.sellerId, statusId: lead.statusId };
}
