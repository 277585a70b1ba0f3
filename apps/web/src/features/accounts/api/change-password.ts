import type { ChangePasswordBody } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { SESSIONS_KEY } from './sessions';

export const changePassword = (body: ChangePasswordBody) => api.post<{ ended: number }>('auth/password', body);

/** The change ends the user's other sessions (server side): their list and the session's user-info reload. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
      // Every copy, watched or not: the shell's guard must not read a stale "must change" after this.
      await queryClient.refetchQueries({ queryKey: ['auth', 'user-info'], type: 'all' });
    },
  });
}
