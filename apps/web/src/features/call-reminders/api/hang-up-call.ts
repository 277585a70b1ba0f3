import type { CallResult, HangUpBody } from '@backoffice/shared';
import { api } from '../../../lib/api-client';

/** SPEC 7: called before every call. */
export const hangUpCall = (body: HangUpBody) => api.post<CallResult>('customers/calls/hang-up', body);
