import { BRANCH_ID, MESSAGES, loginResponseSchema, type LoginBody, type LoginResponse } from '@backoffice/shared';
import { useMutation } from '@tanstack/react-query';
import { COUNTRY } from '../../../config/env';
import { api } from '../../../lib/api-client';
import { sessionFromLogin } from '../../../lib/storage';
import { sessionStore } from '../../../lib/session';
import { queryClient } from '../../../lib/query-client';
import { fetchFilterResources } from './filter-resources';
import { userInfoQueryOptions } from './user-info';

export type LoginInput = Omit<LoginBody, 'branch_id'>;

/** SPEC 8: an answer without a token is 'Invalid token', re-raised as 'Failed fetching data'. */
export function assertToken(answer: unknown): LoginResponse {
  const parsed = loginResponseSchema.safeParse(answer);
  if (!parsed.success || !parsed.data.token) {
    console.error(new Error(MESSAGES.invalidToken));
    throw new Error(MESSAGES.failedFetching);
  }
  return parsed.data;
}

export async function login(input: LoginInput): Promise<LoginResponse> {
  const answer = await api.post<unknown>('auth/login', { ...input, branch_id: BRANCH_ID[COUNTRY] });
  const response = assertToken(answer);
  if (response.must_change_password || response.second_factor_required || response.second_factor_enrolment_required) {
    // The server answers this session only the code, the enrolment or the password change: the guard reads
    // user-info and holds it on that one form.
    await queryClient.fetchQuery(userInfoQueryOptions());
  } else {
    // The session cookie is set now; filter resources are fetched at login (SPEC 3) before the user lands.
    await fetchFilterResources();
  }
  sessionStore.set(sessionFromLogin(response.user));
  return response;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
