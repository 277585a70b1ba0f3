import { securityEventListQuerySchema, type SecurityEvent } from '@backoffice/shared';
import { useQuery } from '@tanstack/react-query';
import { listQueryOptions } from '../../../components/entity-list/list-query';

export const SECURITY_EVENTS_KEY = ['security-events'] as const;
export const securityEventQuerySchema = securityEventListQuerySchema;

/** A page of the country's security log for the URL's filters. */
export const useSecurityEvents = (search: string) =>
  useQuery(listQueryOptions<SecurityEvent>(SECURITY_EVENTS_KEY, 'security-events', search));
