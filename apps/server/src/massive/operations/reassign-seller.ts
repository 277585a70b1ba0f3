import { isClosedStatus, statusLabelOf, type RoleKind } from '@backoffice/shared';
import { eq, param, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { leadEvents, leads, scheduledCalls } from '../../db/schema';
import { handOverCallBacks } from '../../repositories/calls';
import { defineOperation, RowRefused, type ApplyContext } from '../operation';
import { activeStaffByEmail, type StaffMember } from './staff';
import { LEAD_MESSAGES, loadLeads, lockLead, lockLeads, type BatchLead } from './leads';

/** Roles a lead can be assigned to, as PATCH /leads/:id/seller. */
const ASSIGNABLE: readonly RoleKind[] = ['seller', 'seller_wo_assignation', 'seller_renovator'];
const UNKNOWN_SELLER = (email: string) => `${email} no es un vendedor activo de este país`;

type Seller = StaffMember;

/** The sellers of these emails, from the run's memo or read in the row's (or chunk's) transaction. */
async function sellersOf(tx: Tx, { country, memo }: ApplyContext, emails: string[]): Promise<Map<string, Seller>> {
  const found = new Map<string, Seller>();
  const missing: string[] = [];
  for (const email of new Set(emails)) {
    const seller = memo.get(`seller:${email}`) as Seller | undefined;
    if (seller) found.set(email, seller);
    else missing.push(email);
  }
  // In the transaction: on PGlite's single connection a query beside it would wait for it forever.
  for (const [email, seller] of await activeStaffByEmail(tx, country, ASSIGNABLE, missing)) {
    memo.set(`seller:${email}`, seller);
    found.set(email, seller);
  }
  return found;
}

/** Reassigns each lead to a seller, as the lead detail's "Reasignar" does, named on the timeline as the batch's. */
export const reassignSeller = defineOperation<'reassign-seller', { leads: Map<number, BatchLead>; sellers: Map<string, Seller> }>({
  type: 'reassign-seller',
  async load(rows, { db, country }) {
    const [found, sellers] = await Promise.all([
      loadLeads(
        db,
        country,
        rows.map((row) => row.lead_id),
      ),
      activeStaffByEmail(
        db,
        country,
        ASSIGNABLE,
        rows.map((row) => row.seller_email),
      ),
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
    const { country } = context;
    const seller = (await sellersOf(tx, context, [row.seller_email])).get(row.seller_email);
    if (!seller) throw new RowRefused(UNKNOWN_SELLER(row.seller_email));
    const lead = await lockLead(tx, country, row.lead_id);
    if (isClosedStatus(country, lead.statusId)) throw new RowRefused(LEAD_MESSAGES.closed(statusLabelOf(country, lead.statusId)));
    // Already theirs: nothing to write (as the one-by-one reassignment), the row is done.
    if (lead.sellerId === seller.id) return;
    await tx
      .update(leads)
      .set({ sellerId: seller.id, version: sql`${leads.version} + 1`, updatedAt: sql`now()` })
      .where(eq(leads.id, lead.id));
    await tx.insert(leadEvents).values(assignmentEvent(context, lead, seller));
    await handOverCallBacks(tx, country, lead.id, seller.id);
    announce(context, lead.id, seller.id, lead.sellerId);
  },
  /**
   * The chunk in five statements whatever its size: the sellers (memo), the leads locked, one UPDATE of their
   * sellers, one INSERT of their timeline events, one UPDATE of their pending call backs.
   */
  async applyChunk(tx, rows, context) {
    const { country } = context;
    const sellers = await sellersOf(
      tx,
      context,
      rows.map(({ value }) => value.seller_email),
    );
    const locked = await lockLeads(
      tx,
      country,
      rows.map(({ value }) => value.lead_id),
    );
    const changes: { lead: BatchLead; seller: Seller }[] = [];
    for (const { value } of rows) {
      const seller = sellers.get(value.seller_email);
      if (!seller) throw new RowRefused(UNKNOWN_SELLER(value.seller_email));
      const lead = locked.get(value.lead_id);
      if (!lead) throw new RowRefused(LEAD_MESSAGES.notFound(value.lead_id));
      if (isClosedStatus(country, lead.statusId)) throw new RowRefused(LEAD_MESSAGES.closed(statusLabelOf(country, lead.statusId)));
      if (lead.sellerId !== seller.id) changes.push({ lead, seller });
    }
    // A lead twice in one chunk (a retried row beside its repeat) is left to the row-by-row path.
    if (new Set(changes.map(({ lead }) => lead.id)).size !== changes.length) throw new RowRefused('repeated lead in the chunk');
    if (changes.length > 0) {
      const ids = param(changes.map(({ lead }) => lead.id));
      const sellerIds = param(changes.map(({ seller }) => seller.id));
      await tx.execute(sql`
        update ${leads} set seller_id = v.seller_id, version = ${leads.version} + 1, updated_at = now()
          from unnest(${ids}::int[], ${sellerIds}::int[]) as v(id, seller_id)
         where ${leads.id} = v.id`);
      await tx.insert(leadEvents).values(changes.map(({ lead, seller }) => assignmentEvent(context, lead, seller)));
      await tx.execute(sql`
        update ${scheduledCalls} set seller_id = v.seller_id
          from unnest(${ids}::int[], ${sellerIds}::int[]) as v(lead_id, seller_id)
         where ${scheduledCalls.country} = ${country} and ${scheduledCalls.leadId} = v.lead_id and ${scheduledCalls.status} = 'pending'`);
    }
    announceChunk(
      context,
      changes.map(({ lead, seller }) => ({ leadId: lead.id, sellerId: seller.id, previous: lead.sellerId })),
    );
    return [];
  },
});

/** The lead's 'assignment' event naming the batch, under the batch's user. */
function assignmentEvent(
  { country, user, label }: ApplyContext,
  lead: { id: number; sellerId: number | null },
  seller: { id: number; name: string },
) {
  return {
    country,
    leadId: lead.id,
    type: 'assignment',
    userId: user.id,
    body: `${seller.name} (${label})`,
    fromValue: lead.sellerId === null ? null : String(lead.sellerId),
    toValue: String(seller.id),
  };
}

/**
 * Once a chunk is committed, one `leads:assigned` per seller that gained applications and per seller that lost
 * some, not one per lead: a 100,000-row batch would otherwise send 200,000 messages through the bridge and
 * as many notices to the sellers.
 */
function announceChunk(context: ApplyContext, moved: { leadId: number; sellerId: number; previous: number | null }[]) {
  const messages = new Map<string, { to: number; sellerId: number; leadIds: number[] }>();
  const add = (to: number, sellerId: number, leadId: number) => {
    const key = `${to}:${sellerId}`;
    const message = messages.get(key) ?? { to, sellerId, leadIds: [] };
    message.leadIds.push(leadId);
    messages.set(key, message);
  };
  for (const { leadId, sellerId, previous } of moved) {
    add(sellerId, sellerId, leadId);
    if (previous !== null && previous !== sellerId) add(previous, sellerId, leadId);
  }
  const by = { id: context.user.id, name: context.user.name };
  context.afterCommit(() => {
    for (const { to, sellerId, leadIds } of messages.values()) {
      context.realtime.toUser(to, 'leads:assigned', { seller_id: sellerId, lead_ids: leadIds.slice(0, 100), count: leadIds.length, by });
    }
  });
}

/** Once committed, the new seller (and the previous one) hear of it, as with a reassignment one by one. */
function announce(context: ApplyContext, leadId: number, sellerId: number, previous: number | null) {
  const { user } = context;
  const assigned = { lead_id: leadId, seller_id: sellerId, source: 'reassign' as const, by: { id: user.id, name: user.name } };
  context.afterCommit(() => {
    context.realtime.toUser(sellerId, 'lead:assigned', assigned);
    if (previous !== null) context.realtime.toUser(previous, 'lead:assigned', assigned);
  });
}
