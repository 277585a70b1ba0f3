import type { UserInfo } from '@backoffice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getUserInfo = () => api.get<UserInfo>('auth/user-info');

export const userInfoQueryOptions = () => queryOptions({ queryKey: ['auth', 'user-info'], queryFn: getUserInfo, staleTime: 5 * 60_000 });

/** SPEC 6: the session is verified by asking the server for the user's role. */
export function useUserInfo(enabled: boolean) {
  return useQuery({ ...userInfoQueryOptions(), enabled });
}
