import { useEffect } from 'react';
import { useNotify } from '../components/notifications';
import { queryClient } from '../lib/query-client';
import { useSession } from '../lib/session';
import { realtime, useRealtimeEvent } from '../lib/socket';

export const leadAssignedMessage = (leadId: number) => `Se te asignó el lead #${leadId}`;

/**
 * The bridge's lifetime and the screens its events refresh, for the signed-in shell: connected while a
 * session exists (sign-out here or in another tab disconnects). A new assignment shows a toast and refreshes
 * the lead and sales lists (and that lead's detail if cached). `call-reminder:due` is for the call-reminders
 * feature: `useRealtimeEvent('call-reminder:due', () => poll())` asks schedule-calls at once instead of
 * waiting for its next 180 s poll.
 */
export function useRealtimeBridge(): void {
  const signedIn = useSession() !== null;
  const notify = useNotify();

  useEffect(() => {
    if (!signedIn) return;
    realtime.start();
    return () => realtime.stop();
  }, [signedIn]);

  useRealtimeEvent('lead:assigned', (payload) => {
    notify({ message: leadAssignedMessage(payload.lead_id), color: 'info' });
    for (const queryKey of [['leads', 'list'], ['sales', 'list'], ['leads', 'detail', payload.lead_id], ['sales', 'detail', payload.lead_id]]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  });
}
