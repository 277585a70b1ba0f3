import { statusLabelOf } from '@backoffice/shared';
import { defineOperation, RowRefused } from '../operation';
import { transitionInBatch } from './change-status';
import { closeTargetOf, LEAD_MESSAGES, loadLeads, transitionRefusal, type BatchLead } from './leads';

/** Cancels (or closes) each lead by the transition the workflow's table offers the role from its status. */
export const closeApplications = defineOperation<'close-applications', Map<number, BatchLead>>({
  type: 'close-applications',
  load: (rows, { db, country }) =>
    loadLeads(
      db,
      country,
      rows.map((row) => row.lead_id),
    ),
  validate(row, leads, { country, user }) {
    const lead = leads.get(row.lead_id);
    if (!lead) return LEAD_MESSAGES.notFound(row.lead_id);
    const to = closeTargetOf(country, user.role, lead.statusId);
    if (to === undefined) return LEAD_MESSAGES.noClose(statusLabelOf(country, lead.statusId));
    return transitionRefusal(country, user.role, lead, to, row.reason);
  },
  recordId: (row) => row.lead_id,
  async apply(tx, row, context) {
    const { country, user } = context;
    await transitionInBatch(
      tx,
      context,
      row.lead_id,
      (lead) => {
        const to = closeTargetOf(country, user.role, lead.statusId);
        if (to === undefined) throw new RowRefused(LEAD_MESSAGES.noClose(statusLabelOf(country, lead.statusId)));
        return to;
      },
      row.reason,
    );
  },
});
