import { regretListQuerySchema, type RegretRow } from '@backoffice/shared';
import { useEngineList } from '../../../components/entity-list/list-query';

export const REGRETS_KEY = ['regrets'] as const;
export const regretQuerySchema = regretListQuerySchema;

/** A page of the regrets queue for the URL's filters, its count after. */
export const useRegrets = (search: string) => useEngineList<RegretRow>(REGRETS_KEY, 'regrets', search);
