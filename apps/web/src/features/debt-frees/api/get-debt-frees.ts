import { debtFreeListQuerySchema, type DebtFreeRow } from '@backoffice/shared';
import { useQuery } from '@tanstack/react-query';
import { listQueryOptions } from '../../../components/entity-list/list-query';

export const DEBT_FREES_KEY = ['debt-frees'] as const;
export const debtFreeQuerySchema = debtFreeListQuerySchema;

/** A page of the debt-free queue for the URL's filters (its search is the request's). */
export const useDebtFrees = (search: string) => useQuery(listQueryOptions<DebtFreeRow>(DEBT_FREES_KEY, 'debt-frees', search));
