import type { TelephonyConfig } from '../../config';
import { NeotelAdapter } from './neotel';
import { SimulatedTelephony } from './simulator';
import type { CallRecord, CallsRepository } from '../../repositories/calls';
import { TelephonyError, type TelephonyAdapter } from './types';

/*
 * Telephony (DOMAIN 5): start a call from a user's telephony number (users.neotel_id) to a cellphone, and
 * hang up that user's call. Adapters only talk to the telephony system; the calls routes record every call
 * (calls table) and its outcome on the lead's timeline, whatever the adapter.
 */

/**
 * Places a call and records it: the user's one open call is claimed first (CallsRepository.claimStart: a
 * repeated start dials once; 'busy' when a call is open), then dialled, then what the telephony system
 * answered is recorded. A failure is recorded as a failed call and rethrown (a TelephonyError: the
 * system's refusal; anything else: ours), so a claimed call never stays open.
 */
export async function placeCall(
  calls: CallsRepository,
  telephony: TelephonyAdapter,
  record: CallRecord,
): Promise<{ placed: true; id: number; externalId: string | null } | { placed: false }> {
  const id = await calls.claimStart(record);
  if (id === undefined) return { placed: false };
  let externalId: string | null;
  try {
    ({ externalId } = await telephony.start({ user: record.neotelUser, cellphone: record.cellphone }));
  } catch (error) {
    await calls.recordStart(id, {
      status: 'failed',
      outcome: error instanceof TelephonyError ? error.message : 'Error interno al iniciar la llamada',
    });
    throw error;
  }
  await calls.recordStart(id, { status: 'started', externalId });
  return { placed: true, id, externalId };
}

export function createTelephony(config: TelephonyConfig): TelephonyAdapter {
  if (config.adapter === 'neotel') {
    if (!config.neotelBaseUrl) throw new Error('NEOTEL_BASE_URL is required with TELEPHONY_ADAPTER=neotel');
    return new NeotelAdapter({ baseUrl: config.neotelBaseUrl, token: config.neotelToken, timeoutMs: config.neotelTimeoutMs });
  }
  return new SimulatedTelephony({ failAll: config.simulateFailure, failSuffix: config.failSuffix });
}

export { NeotelAdapter } from './neotel';
export { SimulatedTelephony } from './simulator';
export { TelephonyError, type StartCallInput, type TelephonyAdapter, type TelephonyHealth } from './types';
