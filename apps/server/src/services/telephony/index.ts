import type { TelephonyConfig } from '../../config';
import { NeotelAdapter } from './neotel';
import { SimulatedTelephony } from './simulator';
import type { TelephonyAdapter } from './types';

/*
 * Telephony (DOMAIN 5): start a call from a user's telephony number (users.neotel_id) to a cellphone, and
 * hang up that user's call. Adapters only talk to the telephony system; the calls routes record every call
 * (calls table) and its outcome on the lead's timeline, whatever the adapter.
 */

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
