import { debtFreeListQuerySchema, type DebtFreeRow } from '@backoffice/shared';
import { useQuery } from '@tanstack/react-query';
import { listQueryOptions, useEngineList } from '../../../components/entity-list/list-query';

export const DEBT_FREES_KEY = ['debt-frees'] as const;
export const debtFreeQuerySchema = debtFreeListQuerySchema;

/** A page of the debt-free queue for the URL's filters (its search is the request's), its count after. */
export const useDebtFrees = (search: string) => useEngineList<DebtFreeRow>(DEBT_FREES_KEY, 'debt-frees', search);

/** A page's rows alone (a customer's requests on the lead detail): no count asked. */
export const useDebtFreeRows = (search: string) => useQuery(listQueryOptions<DebtFreeRow>(DEBT_FREES_KEY, 'debt-frees', search));
