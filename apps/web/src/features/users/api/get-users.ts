import { userListQuerySchema, type AdminUser } from '@backoffice/shared';
import { useQuery } from '@tanstack/react-query';
import { listQueryOptions } from '../../../components/entity-list/list-query';

export const USERS_KEY = ['users'] as const;
export const userQuerySchema = userListQuerySchema;

/** A page of the country's users for the URL's filters. */
export const useUsers = (search: string) => useQuery(listQueryOptions<AdminUser>(USERS_KEY, 'users', search));
