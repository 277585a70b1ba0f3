import { isClosedStatus, statusLabelOf, type RoleKind } from '@backoffice/shared';
import { eq, sql } from 'drizzle-orm';
import { leadEvents, leads } from '../../db/schema';
import { handOverCallBacks } from '../../repositories/calls';
import { defineOperation, RowRefused } from '../operation';
import { activeStaffByEmail, type StaffMember } from './staff';
import { LEAD_MESSAGES, loadLeads, lockLead, type BatchLead } from './leads';

/** Roles a lead can be assigned to, as PATCH /leads/:id/seller. */
const ASSIGNABLE: readonly RoleKind[] = ['seller', 'seller_wo_assignation', 'seller_renovator'];
const UNKNOWN_SELLER = (email: string) => `${email} no es un vendedor activo de este país`;

type Seller = StaffMember;

/** Reassigns each lead to a seller, as the lead detail's "Reasignar" does, named on the timeline as the batch's. */
export const reassignSeller = defineOperation<'reassign-seller', { leads: Map<number, BatchLead>; sellers: Map<string, Seller> }>({
  type: 'reassign-seller',
  async load(rows, { db, country }) {
    const [found, sellers] = await Promise.all([
      loadLeads(db, country, rows.map((row) => row.lead_id)),
      activeStaffByEmail(db, country, ASSIGNABLE, rows.map((row) => row.seller_email)),
    ]);
    return { leads: found, sellers };
  },
  validate(row, loaded, { country }) {
    const lead = loaded.leads.get(row.lead_id);
    if (!lead) return LEAD_MESSAGES.notFound(row.lead_id);
    if (isClosedStatus(country, lead.statusId)) return LEAD_MESSAGES.closed(statusLabelOf(country, lead.statusId));
    if (!loaded.sellers.has(row.seller_email)) return UNKNOWN_SELLER(row.seller_email);
    return null;
  },
  recordId: (row) => row.lead_id,
  async apply(tx, row, context) {
    const { country, user, label, memo } = context;
    const key = `seller:${row.seller_email}`;
    let seller = memo.get(key) as Seller | undefined;
    if (!seller) {
      // In the row's transaction: on PGlite's single connection a query beside it would wait for it forever.
      seller = (await activeStaffByEmail(tx, country, ASSIGNABLE, [row.seller_email])).get(row.seller_email);
      if (!seller) throw new RowRefused(UNKNOWN_SELLER(row.seller_email));
      memo.set(key, seller);
    }
    const lead = await lockLead(tx, country, row.lead_id);
    if (isClosedStatus(country, lead.statusId)) throw new RowRefused(LEAD_MESSAGES.closed(statusLabelOf(country, lead.statusId)));
    // Already theirs: nothing to write (as the one-by-one reassignment), the row is done.
    if (lead.sellerId === seller.id) return;
    await tx.update(leads).set({ sellerId: seller.id, version: sql`${leads.version} + 1`, updatedAt: sql`now()` }).where(eq(leads.id, lead.id));
    await tx.insert(leadEvents).values({
      country,
      leadId: lead.id,
      type: 'assignment',
      userId: user.id,
      body: `${seller.name} (${label})`,
      fromValue: lead.sellerId === null ? null : String(lead.sellerId),
      toValue: String(seller.id),
    });
    await handOverCallBacks(tx, country, lead.id, seller.id);
    const assigned = { lead_id: lead.id, seller_id: seller.id, source: 'reassign' as const, by: { id: user.id, name: user.name } };
    context.afterCommit(() => {
      context.realtime.toUser(assigned.seller_id, 'lead:assigned', assigned);
      if (lead.sellerId !== null) context.realtime.toUser(lead.sellerId, 'lead:assigned', assigned);
    });
  },
});
