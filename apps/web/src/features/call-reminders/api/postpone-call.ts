import type { CallActionResponse } from '@backoffice/shared';
import { api } from '../../../lib/api-client';

/** SPEC 7: a GET with a side effect (the server postpones the call back). */
export const postponeCall = (id: number) => api.get<CallActionResponse>('sales/postpone-call', { query: { id } });
