import { statusIdOf, type AutomatedStage, type Country } from '@backoffice/shared';
import type { Offer, StageAdapter, StageAdapters, StageInput } from './types';

/*
 * Deterministic simulators: the last digit of the customer's document picks the outcome, so a demo or a
 * test reaches every automated status by choosing the document.
 *
 *   stage                 digit → outcome (any other digit: the stage passes)
 *   prefilter (arg)       0 PREFILTER_REJECTED, 1 PREFILTER_FAILED                  → RISK
 *   killer (col)          0 KILLER_REJECTED, 1 KILLER_FAILED                        → KILLER_APPROVAL
 *   risk                  2 RISK_REJECTED, 3 RISK_FAILED, 4 RISK_MANUAL (col only)  → arg PHONE_VALIDATION, col PENDING_OFFER (with an offer)
 *   identity              5 rejected, 6 manual review, 7 EXCEPTION                  → arg VALIDATE_DOCS, col VALIDATED
 *   transfer              8 TRANSFER_REJECTED, 9 TRANSFER_FAILED                    → arg TRANSFERED, col TRANSFERRED
 *
 * A document ending in `failSuffix` (STAGE_SIMULATE_FAIL_SUFFIX) makes every stage's service not answer at
 * all (the run throws): the system's retries and their notice can be shown on purpose.
 */

type Rule = [status: string, reason: string];

const PASS = 'pass';

const RULES: Record<Country, Partial<Record<AutomatedStage, Record<string, Rule>>>> = {
  arg: {
    prefilter: {
      0: ['PREFILTER_REJECTED', 'Prefiltro: el cliente tiene restricciones vigentes (simulador)'],
      1: ['PREFILTER_FAILED', 'Prefiltro: el servicio no respondió (simulador)'],
      [PASS]: ['RISK', 'Prefiltro aprobado (simulador)'],
    },
    risk: {
      2: ['RISK_REJECTED', 'Riesgo: score insuficiente (simulador)'],
      3: ['RISK_FAILED', 'Riesgo: el motor de riesgo no respondió (simulador)'],
      [PASS]: ['PHONE_VALIDATION', 'Riesgo aprobado con oferta (simulador)'],
    },
    identity: {
      5: ['REJECTED', 'Identidad: los datos no coinciden con el registro (simulador)'],
      6: ['MANUAL_VALIDATION', 'Identidad: requiere revisión manual (simulador)'],
      7: ['EXCEPTION', 'Identidad: el servicio devolvió un error (simulador)'],
      [PASS]: ['VALIDATE_DOCS', 'Identidad validada (simulador)'],
    },
    transfer: {
      8: ['TRANSFER_REJECTED', 'Transferencia rechazada por el banco: cuenta inválida (simulador)'],
      9: ['TRANSFER_FAILED', 'Transferencia: el banco no respondió (simulador)'],
      [PASS]: ['TRANSFERED', 'Transferencia acreditada (simulador)'],
    },
  },
  col: {
    killer: {
      0: ['KILLER_REJECTED', 'Killer: el cliente no cumple las políticas (simulador)'],
      1: ['KILLER_FAILED', 'Killer: el servicio no respondió (simulador)'],
      [PASS]: ['KILLER_APPROVAL', 'Killer aprobado (simulador)'],
    },
    risk: {
      2: ['RISK_REJECTED', 'Riesgo: score insuficiente (simulador)'],
      3: ['RISK_FAILED', 'Riesgo: el motor de riesgo no respondió (simulador)'],
      4: ['RISK_MANUAL', 'Riesgo: requiere análisis manual (simulador)'],
      [PASS]: ['PENDING_OFFER', 'Riesgo aprobado con oferta (simulador)'],
    },
    identity: {
      5: ['VALIDATION_REJECTED', 'Identidad: los datos no coinciden con el registro (simulador)'],
      6: ['VALIDATION_MANUAL', 'Identidad: requiere revisión manual (simulador)'],
      7: ['EXCEPTION', 'Identidad: el servicio devolvió un error (simulador)'],
      [PASS]: ['VALIDATED', 'Identidad validada (simulador)'],
    },
    transfer: {
      8: ['TRANSFER_REJECTED', 'Transferencia rechazada por el banco: cuenta inválida (simulador)'],
      9: ['TRANSFER_FAILED', 'Transferencia: el banco no respondió (simulador)'],
      [PASS]: ['TRANSFERRED', 'Transferencia acreditada (simulador)'],
    },
  },
};

/** Annual nominal rate (percent) of the offers risk makes. */
export const DEFAULT_RATE: Record<Country, number> = { arg: 89.5, col: 28.75 };

/** The offer when risk approves: the requested amount at the country's rate. */
export function defaultOffer(country: Country, requestedAmount: number): Offer {
  return { amount: requestedAmount, rate: DEFAULT_RATE[country] };
}

export interface SimulatorOptions {
  /** Documents ending in these digits: the service does not answer ('' = none). */
  failSuffix?: string;
}

function simulator(stage: AutomatedStage, { failSuffix = '' }: SimulatorOptions): StageAdapter {
  return {
    async run(input: StageInput) {
      const rules = RULES[input.country][stage];
      if (!rules) throw new Error(`No ${stage} stage in ${input.country}`);
      const digits = input.docNumber.replace(/\D/g, '');
      if (failSuffix && digits.endsWith(failSuffix))
        throw new Error(`${stage}: the service did not answer (simulator, document ending in ${failSuffix})`);
      const digit = digits.slice(-1);
      const rule = rules[digit] ?? rules[PASS];
      if (!rule) throw new Error(`No passing rule for the ${stage} stage in ${input.country}`);
      const [status, reason] = rule;
      const to = statusIdOf(input.country, status)!;
      const approvesRisk = stage === 'risk' && rules[digit] === undefined;
      return { to, reason, ...(approvesRisk ? { offer: defaultOffer(input.country, input.requestedAmount) } : {}) };
    },
  };
}

export function simulatedAdapters(options: SimulatorOptions = {}): StageAdapters {
  return {
    prefilter: simulator('prefilter', options),
    killer: simulator('killer', options),
    risk: simulator('risk', options),
    identity: simulator('identity', options),
    transfer: simulator('transfer', options),
  };
}
