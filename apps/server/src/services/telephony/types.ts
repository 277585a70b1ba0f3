/** What every telephony adapter implements (see index.ts). */

export interface StartCallInput {
  /** The caller's telephony user number (> 0). */
  user: number;
  /** Digits only. */
  cellphone: string;
}

export interface TelephonyAdapter {
  readonly name: 'simulator' | 'neotel';
  /** Resolves with the telephony system's call id when it gives one; rejects with TelephonyError. */
  start(input: StartCallInput): Promise<{ externalId: string | null }>;
  hangUp(user: number): Promise<void>;
  /** Whether the telephony system answers now (diagnostics); never rejects. */
  health(): Promise<TelephonyHealth>;
}

export interface TelephonyHealth {
  ok: boolean;
  /** Spanish, shown on the diagnostics page. */
  detail: string;
}

/** The telephony system refused the request or could not be reached; `message` is for the log and the calls table. */
export class TelephonyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TelephonyError';
  }
}
