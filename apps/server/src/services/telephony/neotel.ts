import { TelephonyError, type StartCallInput, type TelephonyAdapter, type TelephonyHealth } from './types';

/**
 * Neotel over HTTP (global fetch), JSON both ways, `Authorization: Bearer <NEOTEL_TOKEN>` when a token is set:
 *
 *   POST {NEOTEL_BASE_URL}/calls/start    {user, phone}  → 2xx {call_id?}
 *   POST {NEOTEL_BASE_URL}/calls/hang-up  {user}         → 2xx
 *
 * Anything but 2xx, a network error or no answer within NEOTEL_TIMEOUT_MS is a TelephonyError.
 */
export class NeotelAdapter implements TelephonyAdapter {
  readonly name = 'neotel' as const;
  private readonly baseUrl: string;

  constructor(private readonly options: { baseUrl: string; token?: string; timeoutMs: number }) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  async start({ user, cellphone }: StartCallInput): Promise<{ externalId: string | null }> {
    const answer = await this.post('/calls/start', { user, phone: cellphone });
    const id = answer && typeof answer === 'object' ? (answer as { call_id?: unknown }).call_id : undefined;
    return { externalId: typeof id === 'string' || typeof id === 'number' ? String(id) : null };
  }

  async hangUp(user: number): Promise<void> {
    await this.post('/calls/hang-up', { user });
  }

  /**
   * Neotel has no health endpoint we know of: any HTTP answer from the base URL within the timeout (even a
   * 404) means it is reachable; a network error or no answer is not. 5xx is reported as a fault.
   */
  async health(): Promise<TelephonyHealth> {
    try {
      const response = await fetch(this.baseUrl, {
        method: 'GET',
        headers: this.options.token ? { authorization: `Bearer ${this.options.token}` } : {},
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      // The body is not needed; releasing it frees the connection.
      await response.body?.cancel().catch(() => {});
      if (response.status >= 500) return { ok: false, detail: `Neotel respondió ${response.status}` };
      return { ok: true, detail: `Neotel responde (HTTP ${response.status})` };
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      return {
        ok: false,
        detail: timedOut ? `Neotel no respondió en ${this.options.timeoutMs} ms` : `Neotel no responde: ${(error as Error).message}`,
      };
    }
  }

  private async post(path: string, body: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(this.options.token ? { authorization: `Bearer ${this.options.token}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw new TelephonyError(`Neotel no responde (${path}): ${(error as Error).message}`);
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) throw new TelephonyError(`Neotel respondió ${response.status} (${path}): ${text.slice(0, 200)}`);
    if (!text) return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // A 2xx without JSON still means the call went through.
      return null;
    }
  }
}
