import { TelephonyError, type StartCallInput, type TelephonyAdapter, type TelephonyHealth } from './types';

/**
 * The default telephony: answers at once, so demos and tests need no telephony system. It fails every call
 * when `failAll` (TELEPHONY_SIMULATE_FAILURE) and calls to numbers ending in `failSuffix`
 * (TELEPHONY_FAIL_SUFFIX, default '0000'), so the error path can be shown on purpose.
 */
export class SimulatedTelephony implements TelephonyAdapter {
  readonly name = 'simulator' as const;
  private sequence = 0;

  constructor(private readonly options: { failAll: boolean; failSuffix: string }) {}

  async start({ user, cellphone }: StartCallInput): Promise<{ externalId: string | null }> {
    if (this.options.failAll) throw new TelephonyError('Simulador: todas las llamadas fallan (TELEPHONY_SIMULATE_FAILURE)');
    if (this.options.failSuffix && cellphone.endsWith(this.options.failSuffix)) {
      throw new TelephonyError(`Simulador: los números terminados en ${this.options.failSuffix} fallan`);
    }
    this.sequence += 1;
    return { externalId: `sim-${user}-${Date.now()}-${this.sequence}` };
  }

  async hangUp(_user: number): Promise<void> {
    if (this.options.failAll) throw new TelephonyError('Simulador: todas las llamadas fallan (TELEPHONY_SIMULATE_FAILURE)');
  }

  /** Always up (it lives in this process); the detail says which calls it fails on purpose. */
  async health(): Promise<TelephonyHealth> {
    const failing = this.options.failAll
      ? 'todas las llamadas fallan (TELEPHONY_SIMULATE_FAILURE)'
      : this.options.failSuffix
        ? `fallan los números terminados en ${this.options.failSuffix}`
        : 'ninguna llamada falla';
    return { ok: true, detail: `Simulador en el servidor: ${failing}` };
  }
}
