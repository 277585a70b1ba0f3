import { STATUSES, stepsOf } from '@backoffice/shared';
import { COUNTRY } from '../../config/env';

const statusById = new Map(STATUSES[COUNTRY].map((status) => [status.id, status]));
const stepByStatus = new Map(stepsOf(COUNTRY).map((step) => [step.id, step.label]));

/** An audit status as the auditors' screens name it: its step label (RE-AUDITORIA), else the catalogue's name. */
export const auditStatusLabel = (statusId: number) => stepByStatus.get(statusId) ?? statusById.get(statusId)?.label ?? String(statusId);
