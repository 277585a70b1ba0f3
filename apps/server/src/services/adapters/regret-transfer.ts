import type { Country } from '@backoffice/shared';

/** What the transfer system is told of a regret: its id (the idempotency key a real bank gets) and amounts. */
export interface RegretTransferInput {
  country: Country;
  regretId: number;
  docNumber: string;
  /** Minor units still to be returned. */
  remaining: number;
  /** What earlier transfers brought back. */
  returned: number;
}

export type OrderResult = { ok: true; reference: string } | { ok: false; error: string };
export type TransferResult = { ok: true; received: number } | { ok: false; error: string };

/**
 * The system that generates the payment order a customer returns a regretted loan's money with, and reports
 * what arrived. A repeated call for the same regret must be harmless (the regret id as idempotency key).
 */
export interface RegretTransferAdapter {
  generateOrder(input: RegretTransferInput): Promise<OrderResult>;
  collect(input: RegretTransferInput): Promise<TransferResult>;
}

/**
 * Deterministic by the customer's document, so demos and tests need no network: a document ending in
 * `failSuffix` fails every call; one ending in `shortSuffix` returns half of what is owed on its first transfer.
 */
export function simulatedRegretTransfer(options: { failSuffix: string; shortSuffix: string }): RegretTransferAdapter {
  const fails = (doc: string) => options.failSuffix !== '' && doc.endsWith(options.failSuffix);
  return {
    async generateOrder(input) {
      if (fails(input.docNumber)) return { ok: false, error: 'Simulador: el sistema de órdenes rechazó la solicitud' };
      return { ok: true, reference: `ORD-${input.country.toUpperCase()}-${String(input.regretId).padStart(6, '0')}` };
    },
    async collect(input) {
      if (fails(input.docNumber)) return { ok: false, error: 'Simulador: la transferencia no se acreditó' };
      const short = options.shortSuffix !== '' && input.docNumber.endsWith(options.shortSuffix) && input.returned === 0;
      return { ok: true, received: short ? Math.floor(input.remaining / 2) : input.remaining };
    },
  };
}
