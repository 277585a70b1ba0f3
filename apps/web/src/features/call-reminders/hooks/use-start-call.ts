import { MESSAGES } from '@backoffice/shared';
import { useCallback } from 'react';
import { useNotify } from '../../../components/notifications';
import { sessionStore } from '../../../lib/session';
import { hangUpCall } from '../api/hang-up-call';
import { startCall } from '../api/start-call';

/**
 * SPEC 5 and 8: a call needs a telephony user number (> 0), else it says so and calls nothing; otherwise it
 * hangs up whatever is in progress, then starts the call. Any failure reads as a Neotel sign-in problem, which
 * is what it almost always is. Resolves true when the call started.
 */
export function useStartCall(): (cellphone: string, leadId?: number) => Promise<boolean> {
  const notify = useNotify();
  return useCallback(
    async (cellphone, leadId) => {
      const user = sessionStore.get()?.neotel_id ?? 0;
      if (!(user > 0)) {
        notify({ message: MESSAGES.noNeotelUser, color: 'error' });
        return false;
      }
      try {
        await hangUpCall({ user });
        await startCall({ user, cellphone, ...(leadId ? { lead_id: leadId } : {}) });
      } catch (error) {
        console.error(error);
        notify({ message: MESSAGES.neotelLoginError, color: 'error' });
        return false;
      }
      notify({ message: MESSAGES.callStarted, color: 'success' });
      return true;
    },
    [notify],
  );
}
