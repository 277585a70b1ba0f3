import type { DisableSecondFactorBody, SecondFactorConfirmed, SecondFactorEnrolment, SecondFactorStatus } from '@backoffice/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const SECOND_FACTOR_KEY = ['auth', 'second-factor'] as const;

export const getSecondFactorStatus = () => api.get<SecondFactorStatus>('auth/second-factor');
export const startEnrolment = () => api.post<SecondFactorEnrolment>('auth/second-factor/enrolment');
export const confirmEnrolment = (code: string) => api.post<SecondFactorConfirmed>('auth/second-factor/enrolment/confirm', { code });
export const disableSecondFactor = (body: DisableSecondFactorBody) => api.post<{ ok: true }>('auth/second-factor/disable', body);

export const secondFactorQueryOptions = () => queryOptions({ queryKey: SECOND_FACTOR_KEY, queryFn: getSecondFactorStatus });

export function useSecondFactorStatus() {
  return useQuery(secondFactorQueryOptions());
}

/** Reloads the status and the session's user-info (an enrolment frees a session held to it). */
export function useSecondFactorRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: SECOND_FACTOR_KEY });
    await queryClient.refetchQueries({ queryKey: ['auth', 'user-info'], type: 'all' });
  };
}

function useSecondFactorMutation<TBody, TResult>(send: (body: TBody) => Promise<TResult>) {
  const refresh = useSecondFactorRefresh();
  return useMutation({ mutationFn: send, onSuccess: refresh });
}

export const useStartEnrolment = () => useMutation({ mutationFn: startEnrolment });
/** No reload here: the recovery codes stay on screen until the user says they kept them (`useSecondFactorRefresh`). */
export const useConfirmEnrolment = () => useMutation({ mutationFn: confirmEnrolment });
export const useDisableSecondFactor = () => useSecondFactorMutation(disableSecondFactor);
