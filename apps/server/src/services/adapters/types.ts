import type { AutomatedStage, Country } from '@backoffice/shared';

/** What an automated stage is told about the application. */
export interface StageInput {
  country: Country;
  leadId: number;
  /** The customer's document (DNI, CC): the simulators decide by its last digit. */
  docNumber: string;
  /** Minor units. */
  requestedAmount: number;
}

/** An offer risk makes: minor units and annual nominal rate in percent. */
export interface Offer {
  amount: number;
  rate: number;
}

/** The stage's decision: the status it moves the lead to (one of the stage's automated transitions). */
export interface StageOutcome {
  to: number;
  /** Written to the status history (rejections and failures must say why). */
  reason: string;
  offer?: Offer;
}

/**
 * One external system (prefilter bureau, killer rules, risk engine, identity service, bank transfer).
 * Real integrations implement this; the simulator is the default, so demos and tests need no network.
 * A run may be repeated for the same lead and status (a retry after an error or a lost answer, a node that
 * stopped mid-call): a real adapter must make that harmless, the transfer above all (e.g. the lead's id as
 * the bank's idempotency key, so a second call answers the first one's result instead of paying twice).
 */
export interface StageAdapter {
  run(input: StageInput): Promise<StageOutcome>;
}

export type StageAdapters = Record<AutomatedStage, StageAdapter>;
