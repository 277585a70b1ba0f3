import type { BanDetail } from '@backoffice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { BANS_KEY } from './get-bans';

export const getBan = (id: number, signal?: AbortSignal) => api.get<BanDetail>(`customer-bans/${id}`, { signal });

export const banQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...BANS_KEY, 'detail', id], queryFn: ({ signal }) => getBan(id, signal) });

/** A ban and the applications it stopped (the detail dialog). */
export function useBan(id: number | null) {
  return useQuery({ ...banQueryOptions(id ?? 0), enabled: id !== null });
}
