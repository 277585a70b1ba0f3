import type { CustomerLookup } from '@backoffice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The customer of a document in this country, if any: what a new lead for it would reuse. */
export const lookupCustomer = (docNumber: string, signal?: AbortSignal) =>
  api.get<CustomerLookup>(`customers/lookup?${new URLSearchParams({ doc_number: docNumber })}`, { signal });

export const customerLookupQueryOptions = (docNumber: string) =>
  queryOptions({
    queryKey: ['customers', 'lookup', docNumber],
    queryFn: ({ signal }) => lookupCustomer(docNumber, signal),
    staleTime: 30_000,
  });

/** Runs only for a well-formed document (undefined otherwise), so typing one does not produce 400s. */
export function useCustomerLookup(docNumber: string | undefined) {
  return useQuery({ ...customerLookupQueryOptions(docNumber ?? ''), enabled: docNumber !== undefined });
}
