import { MESSAGES } from '@backoffice/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNotify } from '../../../components/notifications';
import { ApiError } from '../../../lib/api-client';
import { refreshApplicationDetails } from '../../../lib/application-queries';
import { sessionStore } from '../../../lib/session';
import { hangUpCall } from '../api/hang-up-call';
import { startCall } from '../api/start-call';

/**
 * SPEC 5 and 8: a call needs a telephony user number (> 0), else it says so and calls nothing; otherwise it
 * hangs up whatever is in progress, then starts the call. A number the server refuses to dial (not the
 * customer's stored one, e.g. changed since the screen loaded) says why; any other failure reads as a Neotel
 * sign-in problem, which is what it almost always is. Resolves true when the call started; the application it
 * went to shows it.
 */
export function useStartCall(): (cellphone: string, leadId?: number, loanId?: number) => Promise<boolean> {
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useCallback(
    async (cellphone, leadId, loanId) => {
      const user = sessionStore.get()?.neotel_id ?? 0;
      if (!(user > 0)) {
        notify({ message: MESSAGES.noNeotelUser, color: 'error' });
        return false;
      }
      try {
        const ended = await hangUpCall({ user });
        const started = await startCall({ user, cellphone, ...(loanId ? { loan_id: loanId } : leadId ? { lead_id: leadId } : {}) });
        // Both calls are on their applications' timelines.
        for (const id of new Set([ended.lead_id, started.lead_id])) if (id !== null) refreshApplicationDetails(queryClient, id);
      } catch (error) {
        console.error(error);
        const refused = error instanceof ApiError ? error.fields.find((field) => field.field === 'cellphone')?.message : undefined;
        notify({ message: refused ?? MESSAGES.neotelLoginError, color: 'error' });
        return false;
      }
      notify({ message: MESSAGES.callStarted, color: 'success' });
      return true;
    },
    [notify, queryClient],
  );
}
