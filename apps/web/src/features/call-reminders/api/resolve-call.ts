import type { CallActionResponse } from '@backoffice/shared';
import { api } from '../../../lib/api-client';

/** SPEC 7: a GET with a side effect (the server marks the call back resolved). */
export const resolveCall = (id: number) => api.get<CallActionResponse>('sales/resolve-call', { query: { id } });
