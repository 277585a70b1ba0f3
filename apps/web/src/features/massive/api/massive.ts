import type { MassiveBatch, MassiveList, MassiveRowResult, MassiveType, MassiveValidation } from '@backoffice/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEngineList } from '../../../components/entity-list/list-query';
import { api, ApiError, readCookie, resolvePath, XSRF_COOKIE, XSRF_HEADER } from '../../../lib/api-client';

export const massiveKeys = {
  all: ['massive'] as const,
  batch: (id: number) => ['massive', 'batch', id] as const,
  rows: (id: number) => ['massive', 'rows', String(id)] as const,
};

export interface MassiveCatalogue {
  types: {
    type: MassiveType;
    label: string;
    description: string;
    roles: string[];
    allowed: boolean;
    /** The lists a batch of this type can be made from. */
    from_list: MassiveList[];
    columns: { name: string; label: string; required: boolean; rule: string; example: string }[];
  }[];
  planned: { label: string; needs: string }[];
}

export const catalogueQueryOptions = () =>
  queryOptions({ queryKey: [...massiveKeys.all, 'catalogue'], queryFn: ({ signal }) => api.get<MassiveCatalogue>('massives', { signal }) });
export const useMassiveCatalogue = () => useQuery(catalogueQueryOptions());

export const batchQueryOptions = (id: number) =>
  queryOptions({
    queryKey: massiveKeys.batch(id),
    queryFn: ({ signal }) => api.get<MassiveBatch>(`massive-batches/${id}`, { signal }),
    // Without the bridge (a proxy that drops websockets, or a batch that ended before the screen subscribed)
    // the detail still moves: it asks every 2 s while the batch is queued or running.
    refetchInterval: (query) => (query.state.data && ['queued', 'running'].includes(query.state.data.status) ? 2000 : false),
  });
export const useMassiveBatch = (id: number) => useQuery(batchQueryOptions(id));

/** A page of the country's batches for the URL's filters, its count after. */
export const useMassiveBatches = (search: string) => useEngineList<MassiveBatch>(massiveKeys.all, 'massive-batches', search);

/** A page of a batch's rows (their results) for the URL's filters, its count after. */
export const useMassiveRows = (id: number, search: string) =>
  useEngineList<MassiveRowResult>(massiveKeys.rows(id), `massive-batches/${id}/rows`, search);

/** Uploads a file to validate (multipart: the JSON client does not send FormData). */
export async function validateFile(input: {
  type: MassiveType;
  file: File;
  encoding: string;
  delimiter: string;
}): Promise<MassiveValidation> {
  const form = new FormData();
  form.set('type', input.type);
  if (input.encoding) form.set('encoding', input.encoding);
  if (input.delimiter) form.set('delimiter', input.delimiter);
  form.set('file', input.file, input.file.name);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const xsrf = readCookie(document.cookie, XSRF_COOKIE);
  if (xsrf) headers[XSRF_HEADER] = xsrf;
  const response = await fetch(resolvePath('massive-batches/validate'), { method: 'POST', body: form, credentials: 'include', headers });
  const body = (await response.json().catch(() => ({}))) as MassiveValidation & { statusMessage?: string; message?: string; fields?: [] };
  if (!response.ok)
    throw new ApiError(response.status, body.statusMessage ?? body.message ?? 'No se pudo validar el archivo', body.fields ?? []);
  return body;
}

export const useValidateFile = () => useMutation({ mutationFn: validateFile });

export const useValidateFromList = () =>
  useMutation({
    mutationFn: (input: { type: MassiveType; list: MassiveList; filters: string; values: Record<string, string> }) =>
      api.post<MassiveValidation>('massive-batches/from-list', input),
  });

export type BatchAction = 'start' | 'pause' | 'resume' | 'cancel' | 'retry';
export function useBatchAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: BatchAction }) => api.post<MassiveBatch>(`massive-batches/${id}/${action}`),
    onSuccess: (batch) => {
      client.setQueryData(massiveKeys.batch(batch.id), batch);
      void client.invalidateQueries({ queryKey: massiveKeys.all });
    },
  });
}
