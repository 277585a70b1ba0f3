import { CALL_REMINDER_POLL_MS, isDueCall, isSeller, type DueCall } from '@backoffice/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { COUNTRY } from '../../../config/env';
import { ApiError } from '../../../lib/api-client';
import { useRealtimeEvent } from '../../../lib/socket';
import { useSession } from '../../../lib/session';
import { getScheduleCalls } from '../api/get-schedule-calls';

/**
 * SPEC 4 "Call reminder flow": only the country's seller role polls schedule-calls, once at start and then
 * every CALL_REMINDER_POLL_MS; the timer stops on unmount (the app closing or signing out). The reminder is
 * shown when an answer is non-empty and differs from the previous answer. A 401 calls `onUnauthorized`
 * (local logout plus the logout call); other failures are only logged. The realtime bridge's
 * `call-reminder:due` asks at once instead of waiting for the next poll (the interval stays as SPEC says);
 * `call-reminder:changed` (a call back cancelled or moved) also closes the reminder shown for it, and
 * `lead:assigned` to someone else the one shown for that lead (its call backs went with it).
 */
export function useCallReminders(onUnauthorized: () => void): { call: DueCall | null; dismiss: () => void; hide: () => void } {
  const session = useSession();
  const polls = !!session && isSeller(COUNTRY, session.role);
  const [call, setCall] = useState<DueCall | null>(null);
  const previous = useRef<string | null>(null);
  /** The running effect's poll; null while this user does not poll. */
  const pollNow = useRef<(() => void) | null>(null);
  const unauthorized = useRef(onUnauthorized);
  useEffect(() => {
    unauthorized.current = onUnauthorized;
  }, [onUnauthorized]);

  useEffect(() => {
    if (!polls) return;
    let active = true;
    /** One logout per ended session, however many polls were refused together. */
    let loggedOut = false;
    const poll = async () => {
      try {
        const answer = await getScheduleCalls();
        if (!active) return;
        const key = JSON.stringify(answer);
        if (isDueCall(answer) && key !== previous.current) setCall(answer);
        previous.current = key;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          // Even when another call's 401 already cleared the session (and stopped this effect) while this
          // poll was in flight: SPEC 6 wants the logout call on a polling 401. Not again for a second poll
          // refused with it (the one at start and the interval's, when the session ended before both).
          active = false;
          if (loggedOut) return;
          loggedOut = true;
          unauthorized.current();
          return;
        }
        if (active) console.error(error);
      }
    };
    void poll();
    const timer = window.setInterval(() => void poll(), CALL_REMINDER_POLL_MS);
    pollNow.current = () => void poll();
    return () => {
      active = false;
      pollNow.current = null;
      window.clearInterval(timer);
    };
  }, [polls]);

  useRealtimeEvent('call-reminder:due', () => pollNow.current?.());
  // Cancelled or moved from a sale detail (here, in another tab, or by the back office): its reminder, if
  // shown, goes, and the next due one (if any) is asked for at once.
  useRealtimeEvent('call-reminder:changed', (payload) => {
    setCall((shown) => (shown?.id === payload.id ? null : shown));
    pollNow.current?.();
  });
  // The lead went to another seller, its pending call backs with it: a reminder shown for it is theirs now.
  const me = session?.id;
  useRealtimeEvent('lead:assigned', (payload) => {
    if (payload.seller_id === me) return;
    setCall((shown) => (shown?.lead_id === payload.lead_id ? null : shown));
    pollNow.current?.();
  });
  useRealtimeEvent('leads:assigned', (payload) => {
    if (payload.seller_id === me) return;
    setCall((shown) => (shown && payload.lead_ids.includes(shown.lead_id) ? null : shown));
    pollNow.current?.();
  });

  const dismiss = useCallback(() => setCall(null), []);
  // Hidden, not answered: the next poll's same answer counts as new, so the reminder comes back then.
  const hide = useCallback(() => {
    previous.current = null;
    setCall(null);
  }, []);
  return { call: polls ? call : null, dismiss, hide };
}
