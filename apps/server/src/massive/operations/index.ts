import type { MassiveType } from '@backoffice/shared';
import type { MassiveOperation } from '../operation';
import { assignCollector } from './assign-collector';
import { banCustomersOperation } from './ban-customers';
import { changeStatus } from './change-status';
import { closeApplications } from './close-applications';
import { importPayments } from './import-payments';
import { reassignSeller } from './reassign-seller';
import { sendCommunication } from './send-communication';

/**
 * Every operation type a batch can run. A new one is its catalogue entry and row schema in
 * shared/schemas/massive.ts plus one declaration here.
 */
export const OPERATIONS: { [T in MassiveType]: MassiveOperation<T, unknown> } = {
  'reassign-seller': reassignSeller,
  'change-status': changeStatus,
  'close-applications': closeApplications,
  'assign-collector': assignCollector,
  'ban-customers': banCustomersOperation,
  'send-communication': sendCommunication,
  'import-payments': importPayments,
};
