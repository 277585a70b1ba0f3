import { ARG_STATUS_IDS, COL_STATUS_IDS } from '@backoffice/shared';
import { describe, expect, it } from 'vitest';
import { automatedStageWait } from '../src/components/automated-stage-wait';

describe('what an application at an automated stage waits for', () => {
  it('names each arg stage the workflow runs by itself', () => {
    expect(automatedStageWait('arg', ARG_STATUS_IDS.PREFILTER)).toBe('La solicitud espera el prefiltro: lo procesa el sistema o el back office.');
    expect(automatedStageWait('arg', ARG_STATUS_IDS.RISK)).toBe('La solicitud espera la evaluación de riesgo: la procesa el sistema o el back office.');
    expect(automatedStageWait('arg', ARG_STATUS_IDS.VALIDATION_IN_PROGRESS)).toBe(
      'La solicitud espera la validación de identidad: la procesa el sistema o el back office.',
    );
    expect(automatedStageWait('arg', ARG_STATUS_IDS.TRANSFER_IN_PROGRESS)).toBe(
      'La solicitud espera la transferencia del dinero: la procesa el sistema o el back office.',
    );
  });

  it('names col’s, with the risk team where it may run the stage', () => {
    expect(automatedStageWait('col', COL_STATUS_IDS.KILLER)).toBe(
      'La solicitud espera el filtro inicial (killer): lo procesa el sistema, el back office o el equipo de riesgo.',
    );
    expect(automatedStageWait('col', COL_STATUS_IDS.RISK)).toBe(
      'La solicitud espera la evaluación de riesgo: la procesa el sistema, el back office o el equipo de riesgo.',
    );
    expect(automatedStageWait('col', COL_STATUS_IDS.VALIDATION_IN_PROGRESS)).toMatch(/validación de identidad/);
    // Only the back office runs a transfer.
    expect(automatedStageWait('col', COL_STATUS_IDS.TRANSFER_IN_PROGRESS)).toBe(
      'La solicitud espera la transferencia del dinero: la procesa el sistema o el back office.',
    );
    expect(automatedStageWait('col', COL_STATUS_IDS.TRANSFER_RETRY)).toMatch(/transferencia del dinero/);
  });

  it('says nothing at a status a person moves on', () => {
    expect(automatedStageWait('arg', ARG_STATUS_IDS.PHONE_VALIDATION)).toBeNull();
    expect(automatedStageWait('arg', ARG_STATUS_IDS.AUDIT_PENDING)).toBeNull();
    expect(automatedStageWait('col', COL_STATUS_IDS.PENDING_OFFER)).toBeNull();
  });
});
