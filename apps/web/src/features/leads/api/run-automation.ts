import type { LeadDetail, RunAutomationBody } from '@backoffice/shared';
import { api } from '../../../lib/api-client';
import { useLeadStatusMutation } from './transition-lead';

export const runAutomation = (id: number, body: RunAutomationBody) => api.post<LeadDetail>(`leads/${id}/automation`, body);

/** Runs the automated stage waiting at the lead's status; the system picks the outcome. */
export const useRunAutomation = (id: number) => useLeadStatusMutation(id, (body: RunAutomationBody) => runAutomation(id, body));
