import type { MessageTemplate } from '@backoffice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { COMMUNICATIONS_KEY } from './get-messages';

export const getTemplates = (all: boolean, signal?: AbortSignal) =>
  api.get<{ templates: MessageTemplate[] }>(`communications/templates${all ? '?all=true' : ''}`, { signal });

/** The active templates (the send form and the list's template filter); `all`: the deactivated too (admins' screen). */
export function useTemplates(all = false) {
  return useQuery(
    queryOptions({
      queryKey: [...COMMUNICATIONS_KEY, 'templates', all],
      queryFn: ({ signal }) => getTemplates(all, signal),
      staleTime: 60_000,
    }),
  );
}
