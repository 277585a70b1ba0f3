import type { CustomerLookup } from '@backoffice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A document as the lookup takes it: its number and (col) its type. */
export interface LookupDocument {
  doc_number: string;
  doc_type?: string;
}

/** The customer of a document in this country, if any: what a new lead for it would reuse. */
export const lookupCustomer = (document: LookupDocument, signal?: AbortSignal) =>
  api.get<CustomerLookup>('customers/lookup', { query: { ...document }, signal });

export const customerLookupQueryOptions = (document: LookupDocument) =>
  queryOptions({
    queryKey: ['customers', 'lookup', document.doc_type ?? '', document.doc_number],
    queryFn: ({ signal }) => lookupCustomer(document, signal),
    staleTime: 30_000,
  });

/** Runs only for a well-formed document (undefined otherwise), so typing one does not produce 400s. */
export function useCustomerLookup(document: LookupDocument | undefined) {
  return useQuery({ ...customerLookupQueryOptions(document ?? { doc_number: '' }), enabled: document !== undefined });
}
