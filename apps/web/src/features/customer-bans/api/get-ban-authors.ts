import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { BANS_KEY } from './get-bans';

export const getBanAuthors = (signal?: AbortSignal) =>
  api.get<{ authors: { id: number; name: string }[] }>('customer-bans/authors', { signal });

/** Who set bans: the "Creado por" filter's options. */
export function useBanAuthors() {
  return useQuery(queryOptions({ queryKey: [...BANS_KEY, 'authors'], queryFn: ({ signal }) => getBanAuthors(signal), staleTime: 60_000 }));
}
