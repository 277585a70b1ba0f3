import { simulatedAdapters, type SimulatorOptions } from './simulator';
import type { StageAdapters } from './types';

export type { Offer, StageAdapter, StageAdapters, StageInput, StageOutcome } from './types';

export function defaultAdapters(simulator: SimulatorOptions = {}): StageAdapters {
  return simulatedAdapters(simulator);
}

export { DEFAULT_RATE, defaultOffer, simulatedAdapters } from './simulator';
