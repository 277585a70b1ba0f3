import { securityEventListQuerySchema, type SecurityEvent } from '@backoffice/shared';
import { useEngineList } from '../../../components/entity-list/list-query';

export const SECURITY_EVENTS_KEY = ['security-events'] as const;
export const securityEventQuerySchema = securityEventListQuerySchema;

/** A page of the country's security log for the URL's filters, its count after. */
export const useSecurityEvents = (search: string) => useEngineList<SecurityEvent>(SECURITY_EVENTS_KEY, 'security-events', search);
