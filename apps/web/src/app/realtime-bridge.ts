import type { RealtimeEventPayload } from '@backoffice/shared';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useNotify } from '../components/notifications';
import { COLLECTIONS_KEY } from '../features/collections/api/get-collections';
import { appNotifications } from '../lib/app-notifications';
import { useApplicationPath } from '../lib/application-path';
import { refreshApplicationDetails, refreshApplicationLists } from '../lib/application-queries';
import { queryClient } from '../lib/query-client';
import { useSession } from '../lib/session';
import { realtime, useRealtimeEvent } from '../lib/socket';
import { say } from '../lib/voice';

const ASSIGNED_PREFIX = 'lead-assigned-';

export const leadAssignedMessage = (leadId: number) => say(`Se te asignó el lead #${leadId}`);
export const loansAssignedMessage = (loanIds: number[], count: number) =>
  say(count === 1 ? `Se te asignó el préstamo #${loanIds[0]}` : `Se te asignaron ${count} préstamos`);

export const leadTakenMessage = (leadId: number) => `El lead #${leadId} se asignó a otro vendedor`;
export const leadsAssignedMessage = (leadIds: number[], count: number) =>
  count === 1 ? leadAssignedMessage(leadIds[0]!) : say(`Se te asignaron ${count} leads`);
export const leadsTakenMessage = (leadIds: number[], count: number) =>
  count === 1 ? leadTakenMessage(leadIds[0]!) : say(`${count} de tus leads se asignaron a otro vendedor`);

/**
 * What an assignment tells the signed-in user: 'assigned' (it is theirs now: a toast and the navbar's
 * notifications), 'taken' (it was theirs and went to another seller), or nothing when they took it from the
 * pool themselves: the pool that took it already said so ('Tomaste la solicitud #…'), and their other tabs
 * only refresh.
 */
export function assignmentNoticeOf(
  payload: RealtimeEventPayload<'lead:assigned'>,
  userId: number | undefined,
): 'assigned' | 'taken' | null {
  if (payload.seller_id !== userId) return 'taken';
  if (payload.source === 'take' && payload.by.id === userId) return null;
  return 'assigned';
}

/**
 * The bridge's lifetime and the screens its events refresh, for the signed-in shell: connected while a
 * session exists (sign-out here or in another tab disconnects). A new assignment shows a toast, stays in the
 * navbar's notifications (a toast missed while away from the desk is gone), both opening the application, and
 * refreshes the lists and that application's details; the seller it was taken from is told, and their open
 * screens reload. `call-reminder:due` is for the call-reminders
 * feature: `useRealtimeEvent('call-reminder:due', () => poll())` asks schedule-calls at once instead of
 * waiting for its next 180 s poll. `call-reminder:changed` (a call back cancelled or moved) is for it too, and
 * reloads the application's details and the lists here. `lead:stage-decided` reloads that application's details.
 */
export function useRealtimeBridge(): void {
  const session = useSession();
  const signedIn = session !== null;
  const notify = useNotify();
  const navigate = useNavigate();
  const applicationPath = useApplicationPath();

  useEffect(() => {
    if (!signedIn) return;
    realtime.start();
    return () => {
      realtime.stop();
      // Assignments are the signed-out user's: the next one to sign in on this tab must not see them.
      appNotifications.removeByPrefix(ASSIGNED_PREFIX);
    };
  }, [signedIn]);

  useRealtimeEvent('lead:assigned', (payload) => {
    refreshApplicationDetails(queryClient, payload.lead_id);
    refreshApplicationLists(queryClient);
    const notice = assignmentNoticeOf(payload, session?.id);
    if (notice === null) return;
    if (notice === 'taken') {
      // Taken from this seller: their open screens reload (no longer theirs) and they are told why.
      appNotifications.remove(`${ASSIGNED_PREFIX}${payload.lead_id}`);
      notify({ message: leadTakenMessage(payload.lead_id), color: 'warning', timeout: null });
      return;
    }
    const message = leadAssignedMessage(payload.lead_id);
    const action = { label: 'Abrir', onClick: () => navigate(applicationPath(payload.lead_id)) };
    notify({ message, color: 'info', action });
    appNotifications.push({ id: `${ASSIGNED_PREFIX}${payload.lead_id}`, title: message, action });
  });

  // A batch's applications, one message per seller: the lists refresh once; the seller who got them is told
  // how many (one opens it), the one they were taken from too.
  useRealtimeEvent('leads:assigned', (payload) => {
    for (const id of payload.lead_ids) refreshApplicationDetails(queryClient, id);
    refreshApplicationLists(queryClient);
    if (payload.seller_id !== session?.id) {
      notify({ message: leadsTakenMessage(payload.lead_ids, payload.count), color: 'warning', timeout: null });
      return;
    }
    const only = payload.count === 1 ? payload.lead_ids[0] : undefined;
    const message = leadsAssignedMessage(payload.lead_ids, payload.count);
    const action = { label: 'Abrir', onClick: () => navigate(only ? applicationPath(only) : '/sales') };
    notify({ message, color: 'info', action });
    appNotifications.push({ id: `${ASSIGNED_PREFIX}batch-${payload.lead_ids[0]}-${payload.count}`, title: message, action });
  });

  // Loans assigned to or taken from this collector: the queue and the loans' details refresh (an open list
  // shows them at once); the new collector is told.
  useRealtimeEvent('loan:assigned', (payload) => {
    void queryClient.invalidateQueries({ queryKey: COLLECTIONS_KEY });
    if (payload.collector_id !== session?.id) return;
    const message = loansAssignedMessage(payload.loan_ids, payload.count);
    const only = payload.count === 1 ? payload.loan_ids[0] : undefined;
    const action = { label: 'Abrir', onClick: () => navigate(only ? `/collection-detail?id=${only}` : '/collections') };
    notify({ message, color: 'info', action });
  });

  // The system decided a stage (a retry, or a run after the change was answered): whoever has the application
  // open sees where it went. Lists are left to their own refresh: decisions come all day, from every seller.
  useRealtimeEvent('lead:stage-decided', (payload) => refreshApplicationDetails(queryClient, payload.lead_id));

  // A call back cancelled or moved (by another tab, or the back office): the sale's pending calls and the
  // lists' next call.
  useRealtimeEvent('call-reminder:changed', (payload) => {
    refreshApplicationDetails(queryClient, payload.lead_id);
    refreshApplicationLists(queryClient);
  });
}
