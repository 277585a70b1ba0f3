import { MESSAGES, type FilterResources } from '@backoffice/shared';
import { COUNTRY } from '../../../config/env';
import { api } from '../../../lib/api-client';
import { writeFilterResources } from '../../../lib/storage';

/** SPEC 3/7: fetched at login, each entry stored as `{country}_{key}`. */
export async function fetchFilterResources(): Promise<FilterResources> {
  try {
    const resources = await api.get<FilterResources>('datatables/filter-resources');
    writeFilterResources(localStorage, COUNTRY, resources);
    return resources;
  } catch (error) {
    console.error(error);
    throw new Error(MESSAGES.failedFetching);
  }
}
