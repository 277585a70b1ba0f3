import type { Country, RoleId } from '@backoffice/shared';
import { defineOperation, RowRefused, type ApplyContext } from '../operation';
import { batchReason, LEAD_MESSAGES, loadLeads, lockLead, statusOf, transitionRefusal, type BatchLead } from './leads';
import type { Tx } from '../../db/client';

/** A status change of the lead through the workflow (its row lock, version, table, role, guard, history). */
export async function transitionInBatch(
  tx: Tx,
  context: ApplyContext,
  leadId: number,
  to: (lead: BatchLead) => number,
  reason: string | undefined,
) {
  const { country, user, workflow, label } = context;
  const lead = await lockLead(tx, country, leadId);
  await workflow.transition({ country, leadId, user, to: to(lead), version: lead.version, reason: batchReason(label, reason), tx });
  // The automated stage the new status queued runs once the row has committed (stage_runs, as one by one).
  context.afterCommit(() => workflow.continueStages(country, leadId));
}

function refusal(
  country: Country,
  role: RoleId,
  lead: BatchLead | undefined,
  leadId: number,
  status: string,
  reason: string | undefined,
): string | null {
  if (!lead) return LEAD_MESSAGES.notFound(leadId);
  const to = statusOf(country, status);
  if (to === undefined) return LEAD_MESSAGES.unknownStatus(status);
  return transitionRefusal(country, role, lead, to, reason);
}

/** Moves each lead to the row's status, exactly as a person of the batch's role would one by one. */
export const changeStatus = defineOperation<'change-status', Map<number, BatchLead>>({
  type: 'change-status',
  load: (rows, { db, country }) =>
    loadLeads(
      db,
      country,
      rows.map((row) => row.lead_id),
    ),
  validate: (row, leads, { country, user }) => refusal(country, user.role, leads.get(row.lead_id), row.lead_id, row.status, row.reason),
  recordId: (row) => row.lead_id,
  async apply(tx, row, context) {
    const to = statusOf(context.country, row.status);
    if (to === undefined) throw new RowRefused(LEAD_MESSAGES.unknownStatus(row.status));
    await transitionInBatch(tx, context, row.lead_id, () => to, row.reason);
  },
});
