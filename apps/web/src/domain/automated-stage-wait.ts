import { automatedStageAt, formatTime, transitionsFrom, type AutomatedStage, type Country, type LeadTransitions } from '@backoffice/shared';

/** What an application at an automated stage waits for, and the pronoun that takes it ('lo'/'la procesa'). */
const WAITS_FOR: Record<AutomatedStage, { what: string; pronoun: 'lo' | 'la' }> = {
  prefilter: { what: 'el prefiltro', pronoun: 'lo' },
  killer: { what: 'el filtro inicial (killer)', pronoun: 'lo' },
  risk: { what: 'la evaluación de riesgo', pronoun: 'la' },
  identity: { what: 'la validación de identidad', pronoun: 'la' },
  transfer: { what: 'la transferencia del dinero', pronoun: 'la' },
};

/**
 * At a status where the workflow runs an automated stage (prefilter, killer, risk, identity, transfer), what
 * the application waits for and who moves it on, in place of "nothing to do" (nobody chooses where it goes:
 * the system decides, or the back office, who may run the stage, and col's risk team for the risk stage).
 * Null at any other status.
 */
export function automatedStageWait(country: Country, statusId: number): string | null {
  const stage = automatedStageAt(country, statusId);
  if (!stage) return null;
  const { what, pronoun } = WAITS_FOR[stage];
  const runners = new Set(transitionsFrom(country, statusId).flatMap((t) => (t.automated ? t.roles : [])));
  const who = runners.has('risk') ? 'el sistema, el back office o el equipo de riesgo' : 'el sistema o el back office';
  return `La solicitud espera ${what}: ${pronoun} procesa ${who}.`;
}

/**
 * What the system's failed runs of the waiting stage come to (its service did not answer): when it tries
 * again, on the country's clock, or that it has stopped trying and someone must run the stage.
 */
export function stageFailureMessage(country: Country, failure: NonNullable<LeadTransitions['stage_failure']>): string {
  const times = failure.attempts === 1 ? 'una vez' : `${failure.attempts} veces`;
  return failure.retry_at
    ? `La etapa automática falló ${times}: el sistema la reintenta a las ${formatTime(country, failure.retry_at)}.`
    : `La etapa automática falló ${times} y el sistema dejó de reintentarla: debe ejecutarla el back office.`;
}
