import type { ScheduleCallsResponse } from '@backoffice/shared';
import { api } from '../../../lib/api-client';

/** SPEC 7: the seller's due call back as one object (`{}` when none is due). A poll: not the user's activity. */
export const getScheduleCalls = () => api.get<ScheduleCallsResponse>('sales/schedule-calls', { background: true });
