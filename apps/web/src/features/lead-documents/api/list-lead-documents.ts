import type { LeadDocumentsResponse } from '@backoffice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { COUNTRY } from '../../../config/env';
import { api } from '../../../lib/api-client';

export const leadDocumentsKey = (leadId: number) => ['lead-documents', leadId] as const;

export const listLeadDocuments = (leadId: number) => api.get<LeadDocumentsResponse>(`leads/${leadId}/documents`);

export const leadDocumentsQueryOptions = (leadId: number) =>
  queryOptions({ queryKey: leadDocumentsKey(leadId), queryFn: () => listLeadDocuments(leadId) });

export function useLeadDocuments(leadId: number) {
  return useQuery(leadDocumentsQueryOptions(leadId));
}

/** The file itself, served inline with its type to those who may see the lead (the session's cookie). */
export const documentContentUrl = (leadId: number, documentId: number) => `/api/${COUNTRY}/leads/${leadId}/documents/${documentId}/content`;
