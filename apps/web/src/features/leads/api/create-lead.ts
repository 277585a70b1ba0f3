import type { ArgLeadCreate, ColLeadCreate, LeadCreated } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { api } from '../../../lib/api-client';
import { refreshApplicationLists } from '../../../lib/application-queries';

type LeadCreate = ArgLeadCreate | ColLeadCreate;

/** 128 random bits as hex (crypto.randomUUID exists only on HTTPS and localhost). */
function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Sends each distinct form content with its own Idempotency-Key, and the same content again with the same
 * key: sending again after an attempt that got no answer (a dropped connection after the server saved it)
 * answers the lead already created instead of making a second one.
 */
export function useCreateLead() {
  const queryClient = useQueryClient();
  const last = useRef<{ body: string; key: string } | null>(null);
  const keyFor = (body: LeadCreate) => {
    const text = JSON.stringify(body);
    if (last.current?.body !== text) last.current = { body: text, key: newKey() };
    return last.current.key;
  };
  return useMutation({
    mutationFn: (body: LeadCreate) => api.post<LeadCreated>('leads', body, { headers: { 'Idempotency-Key': keyFor(body) } }),
    onSuccess: () => {
      // A lead with the same data made on purpose afterwards is a new one.
      last.current = null;
      refreshApplicationLists(queryClient);
      // The customer's applications (or the customer itself) are new: the form's notice asks again.
      void queryClient.invalidateQueries({ queryKey: ['customers', 'lookup'] });
    },
  });
}
