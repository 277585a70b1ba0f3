import type { CallResult, StartCallBody } from '@backoffice/shared';
import { api } from '../../../lib/api-client';

/** SPEC 7: starts the phone call from the user's telephony number. */
export const startCall = (body: StartCallBody) => api.post<CallResult>('customers/calls/start', body);
