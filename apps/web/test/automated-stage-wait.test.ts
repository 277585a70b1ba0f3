import { ARG_STATUS_IDS, COL_STATUS_IDS } from '@backoffice/shared';
import { describe, expect, it } from 'vitest';
import { automatedStageWait, stageFailureMessage } from '../src/domain/automated-stage-wait';

describe('what an application at an automated stage waits for', () => {
  it('names each arg stage the workflow runs by itself', () => {
    expect(automatedStageWait('arg', ARG_STATUS_IDS.PREFILTER)).toBe(
      'La solicitud espera el prefiltro: lo procesa el sistema o el back office.',
    );
    expect(automatedStageWait('arg', ARG_STATUS_IDS.RISK)).toBe(
      'La solicitud espera la evaluación de riesgo: la procesa el sistema o el back office.',
    );
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

describe('what the system’s failed runs of a stage come to', () => {
  it('says when it tries again, on the country’s clock (Buenos Aires UTC-3, Bogotá UTC-5)', () => {
    const failure = { attempts: 1, retry_at: '2026-11-27T18:04:00.000Z' };
    expect(stageFailureMessage('arg', failure)).toBe('La etapa automática falló una vez: el sistema la reintenta a las 15:04.');
    expect(stageFailureMessage('col', { ...failure, attempts: 2 })).toBe(
      'La etapa automática falló 2 veces: el sistema la reintenta a las 13:04.',
    );
  });

  it('says a person must run it once the system stopped trying', () => {
    expect(stageFailureMessage('arg', { attempts: 5, retry_at: null })).toBe(
      'La etapa automática falló 5 veces y el sistema dejó de reintentarla: debe ejecutarla el back office.',
    );
  });
});
