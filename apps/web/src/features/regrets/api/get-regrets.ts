import { regretListQuerySchema, type RegretRow } from '@backoffice/shared';
import { useQuery } from '@tanstack/react-query';
import { listQueryOptions } from '../../../components/entity-list/list-query';

export const REGRETS_KEY = ['regrets'] as const;
export const regretQuerySchema = regretListQuerySchema;

/** A page of the regrets queue for the URL's filters. */
export const useRegrets = (search: string) => useQuery(listQueryOptions<RegretRow>(REGRETS_KEY, 'regrets', search));
