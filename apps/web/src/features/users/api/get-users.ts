import { userListQuerySchema, type AdminUser } from '@backoffice/shared';
import { useEngineList } from '../../../components/entity-list/list-query';

export const USERS_KEY = ['users'] as const;
export const userQuerySchema = userListQuerySchema;

/** A page of the country's users for the URL's filters, its count after. */
export const useUsers = (search: string) => useEngineList<AdminUser>(USERS_KEY, 'users', search);
