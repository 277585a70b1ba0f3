import { MANAGEMENT_SORT_FIELDS, managementListQuerySchema, sortDirSchema, type ManagementRow } from '@backoffice/shared';
import { z } from 'zod';
import { useEngineList } from '../../../components/entity-list/list-query';

/** The list's URL state: the shared query, with the order it shows by default (newest first). */
export const managementsParamsSchema = managementListQuerySchema.extend({
  sort: z.enum(MANAGEMENT_SORT_FIELDS).default('created_at'),
  dir: sortDirSchema.default('desc'),
});

/** `GET /daily-managements`: a page of managements (a seller or collector their own), its count after. */
export function useManagements(search: string) {
  return useEngineList<ManagementRow>(['managements'], 'daily-managements', search);
}
