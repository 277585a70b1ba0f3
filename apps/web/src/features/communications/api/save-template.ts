import type { TemplateSave } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { COMMUNICATIONS_KEY } from './get-messages';

export type TemplateInput = Omit<TemplateSave, 'active'> & { active?: boolean };

export const createTemplate = (body: TemplateInput) => api.post<{ id: number }>('communications/templates', body);
export const updateTemplate = (id: number, body: TemplateInput) => api.put<{ ok: true }>(`communications/templates/${id}`, body);

/** Creates (no id) or edits a template (admins); every template list refreshes. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: number; body: TemplateInput }): Promise<void> =>
      void (id === undefined ? await createTemplate(body) : await updateTemplate(id, body)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...COMMUNICATIONS_KEY, 'templates'] }),
  });
}
