import { MANAGEMENT_SORT_FIELDS, managementListQuerySchema, sortDirSchema, type ManagementRow } from '@backoffice/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { listQueryOptions } from '../../../components/entity-list/list-query';

/** The list's URL state: the shared query, with the order it shows by default (newest first). */
export const managementsParamsSchema = managementListQuerySchema.extend({
  sort: z.enum(MANAGEMENT_SORT_FIELDS).default('created_at'),
  dir: sortDirSchema.default('desc'),
});

/** `GET /daily-managements`: a page of managements (a seller or collector their own). */
export const managementsQueryOptions = (search: string) => listQueryOptions<ManagementRow>(['managements'], 'daily-managements', search);

export function useManagements(search: string) {
  return useQuery(managementsQueryOptions(search));
}
