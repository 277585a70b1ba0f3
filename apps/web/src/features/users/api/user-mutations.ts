import type { AdminUser, CreateUserBody, SecondFactorRoles, UpdateUserBody } from '@backoffice/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { USERS_KEY } from './get-users';

export const createUser = (body: CreateUserBody) => api.post<AdminUser>('users', body);
export const updateUser = (id: number, body: UpdateUserBody) => api.patch<AdminUser>(`users/${id}`, body);
export const resetPassword = (id: number, password: string) => api.post<{ ok: true }>(`users/${id}/reset-password`, { password });
export const unlockUser = (id: number) => api.post<{ ok: true }>(`users/${id}/unlock`);
export const resetSecondFactor = (id: number) => api.post<{ ok: true }>(`users/${id}/second-factor/reset`);
export const SECOND_FACTOR_ROLES_KEY = ['users', 'second-factor-roles'] as const;
export const getSecondFactorRoles = () => api.get<SecondFactorRoles>('users/second-factor-roles');
export const setSecondFactorRoles = (body: SecondFactorRoles) => api.put<SecondFactorRoles>('users/second-factor-roles', body);

/** Every change reloads the list (the row's version moved on, or someone else changed it first). */
function useUsersMutation<TBody, TResult>(send: (body: TBody) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }) });
}

export const useCreateUser = () => useUsersMutation(createUser);
export const useUpdateUser = () => useUsersMutation(({ id, ...body }: UpdateUserBody & { id: number }) => updateUser(id, body));
export const useResetPassword = () => useUsersMutation(({ id, password }: { id: number; password: string }) => resetPassword(id, password));
export const useUnlockUser = () => useUsersMutation(unlockUser);
export const useResetSecondFactor = () => useUsersMutation(resetSecondFactor);
export const useSecondFactorRoles = (enabled: boolean) =>
  useQuery({ queryKey: SECOND_FACTOR_ROLES_KEY, queryFn: getSecondFactorRoles, enabled });
export function useSetSecondFactorRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSecondFactorRoles,
    onSuccess: (answer) => queryClient.setQueryData(SECOND_FACTOR_ROLES_KEY, answer),
  });
}
