import type { MessageTemplate } from '@backoffice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { COMMUNICATIONS_KEY } from './get-messages';

export const getTemplates = (signal?: AbortSignal) => api.get<{ templates: MessageTemplate[] }>('communications/templates', { signal });

/** The active templates (the send form and the list's template filter). */
export function useTemplates() {
  return useQuery(queryOptions({ queryKey: [...COMMUNICATIONS_KEY, 'templates'], queryFn: ({ signal }) => getTemplates(signal), staleTime: 60_000 }));
}
