import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, describeError, readCookie, resolvePath, shouldRetry } from '../src/lib/api-client';
import { SERVER_TOUCH_LAG_MS, sessionActivity } from '../src/lib/session-activity';

const RETRIED = [408, 409, 425, 429, 500, 502, 503, 504];

describe('retry policy (SPEC 7)', () => {
  it('retries each listed status once for GET', () => {
    for (const status of RETRIED) {
      expect(shouldRetry('GET', status, 0), String(status)).toBe(true);
      expect(shouldRetry('GET', status, 1), String(status)).toBe(false);
    }
  });

  it('never retries methods with a body', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const status of RETRIED) expect(shouldRetry(method, status, 0)).toBe(false);
    }
  });

  it('does not retry client errors', () => {
    for (const status of [400, 401, 403, 404, 413, 422]) expect(shouldRetry('GET', status, 0)).toBe(false);
  });
});

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('api client', () => {
  it('puts product paths under the country and keeps absolute ones', () => {
    expect(resolvePath('auth/user-info', 'col')).toBe('/api/col/auth/user-info');
    expect(resolvePath('/api/log/error', 'col')).toBe('/api/log/error');
  });

  it('reads a cookie among others', () => {
    expect(readCookie('a=1; XSRF-TOKEN=abc%3D%3D; b=2', 'XSRF-TOKEN')).toBe('abc==');
    expect(readCookie('a=1', 'XSRF-TOKEN')).toBeUndefined();
  });

  it('sends the XSRF cookie as a header, with credentials', async () => {
    const fetch = vi.fn(async () => json(200, { ok: true }));
    const client = createApiClient({ fetch, cookies: () => 'sid=x; XSRF-TOKEN=tok123' });
    await client.post('auth/login', { email: 'a@b.c' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/arg/auth/login');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('tok123');
    expect(init.body).toBe(JSON.stringify({ email: 'a@b.c' }));
  });

  it('echoes the XSRF cookie on every method and sends no header without the cookie', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      const fetch = vi.fn(async () => json(200, {}));
      await createApiClient({ fetch, cookies: () => 'XSRF-TOKEN=t-1' }).request('x', { method, body: method === 'GET' ? undefined : {} });
      const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
      expect(init.method).toBe(method);
      expect(init.credentials).toBe('include');
      expect((init.headers as Record<string, string>)['X-XSRF-TOKEN'], method).toBe('t-1');
    }
    const fetch = vi.fn(async () => json(200, {}));
    await createApiClient({ fetch, cookies: () => 'sid=1' }).get('x', { query: { id: 7, empty: '' } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/arg/x?id=7');
    expect(init.headers as Record<string, string>).not.toHaveProperty('X-XSRF-TOKEN');
    expect(init.credentials).toBe('include');
  });

  it("sends no timeout of its own: the only signal is the caller's", async () => {
    const fetch = vi.fn(async () => json(200, {}));
    await createApiClient({ fetch, cookies: () => '' }).get('x');
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.signal).toBeUndefined();
  });

  it('retries each listed status once for GET, through the client', async () => {
    for (const status of RETRIED) {
      const fetch = vi.fn(async () => json(status, { statusMessage: `status ${status}` }));
      const error = await createApiClient({ fetch, cookies: () => '' })
        .get('x')
        .catch((e: unknown) => e);
      expect(fetch, String(status)).toHaveBeenCalledTimes(2);
      expect(error).toMatchObject({ status, statusMessage: `status ${status}` });
    }
  });

  it('never retries a method with a body, whatever the status', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const fetch = vi.fn(async () => json(503, { statusMessage: 'no disponible' }));
      await expect(createApiClient({ fetch, cookies: () => '' }).request('x', { method, body: {} })).rejects.toBeInstanceOf(ApiError);
      expect(fetch, method).toHaveBeenCalledTimes(1);
    }
  });

  it('does not retry a 401 on GET', async () => {
    const fetch = vi.fn(async () => json(401, { statusMessage: 'No autenticado' }));
    await expect(createApiClient({ fetch, cookies: () => '' }).get('auth/user-info')).rejects.toMatchObject({ status: 401 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('retries a GET once, then raises the server status message', async () => {
    const fetch = vi.fn(async () => json(503, { statusMessage: 'Base de datos no disponible' }));
    const client = createApiClient({ fetch, cookies: () => '' });
    const error = await client.get('x').catch((e: unknown) => e);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, statusMessage: 'Base de datos no disponible' });
  });

  it('succeeds when the retry does', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(502, {}))
      .mockResolvedValueOnce(json(200, { value: 7 }));
    const client = createApiClient({ fetch, cookies: () => '' });
    await expect(client.get('x')).resolves.toEqual({ value: 7 });
  });

  it('does not retry a POST and carries the field errors', async () => {
    const fetch = vi.fn(async () =>
      json(400, { statusMessage: 'Datos inválidos: email: inválido', fields: [{ field: 'email', message: 'inválido' }] }),
    );
    const client = createApiClient({ fetch, cookies: () => '' });
    const error = (await client.post('x', {}).catch((e: unknown) => e)) as ApiError;
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(error.fields).toEqual([{ field: 'email', message: 'inválido' }]);
  });

  it('falls back to the generic SPEC message when the body is not JSON', async () => {
    const fetch = vi.fn(async () => new Response('<html>', { status: 500 }));
    const client = createApiClient({ fetch, cookies: () => '' });
    await expect(client.post('x')).rejects.toMatchObject({ statusMessage: 'Ocurrió un error inesperado' });
  });

  it('words a request that got no answer for a person (status 0), and leaves a cancellation as it is', async () => {
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await createApiClient({ fetch: down, cookies: () => '' })
      .get('x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    // The tests' build is arg's: voseo.
    expect(error).toMatchObject({ status: 0, message: 'No se pudo conectar con el servidor. Revisá tu conexión e intentalo de nuevo.' });

    const controller = new AbortController();
    const aborted = vi.fn(async () => {
      controller.abort();
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    const cancelled = await createApiClient({ fetch: aborted, cookies: () => '' })
      .get('x', { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(cancelled).not.toBeInstanceOf(ApiError);
    expect(cancelled).toMatchObject({ name: 'AbortError' });
  });
});

describe('describeError', () => {
  it('words a 400 by its fields’ reasons, without their API names', () => {
    const refused = new ApiError(400, 'Datos inválidos: to: La fecha hasta no puede ser anterior a la fecha desde', [
      { field: 'to', message: 'La fecha hasta no puede ser anterior a la fecha desde' },
      { field: 'amount', message: 'Rango de monto desconocido' },
    ]);
    expect(describeError(refused, 'Revisa los filtros')).toBe(
      'Revisa los filtros: La fecha hasta no puede ser anterior a la fecha desde · Rango de monto desconocido',
    );
  });

  it('keeps the message of anything else', () => {
    expect(describeError(new ApiError(400, 'Cuerpo inválido'), 'Revisa los filtros')).toBe('Cuerpo inválido');
    expect(describeError(new ApiError(409, 'Otro usuario guardó antes', [{ field: 'version', message: 'x' }]), 'Revisa')).toBe(
      'Otro usuario guardó antes',
    );
    expect(describeError(new Error('Failed to fetch'), 'Revisa los filtros')).toBe('Failed to fetch');
  });
});

describe('idle timeout clock', () => {
  it('counts each call the user caused as activity, not the background polls', async () => {
    const onActivity = vi.fn();
    const client = createApiClient({ fetch: vi.fn(async () => json(200, {})), cookies: () => '', onActivity });
    await client.get('sales/schedule-calls', { background: true });
    expect(onActivity).not.toHaveBeenCalled();
    await client.get('leads');
    await client.post('leads', {});
    expect(onActivity).toHaveBeenCalledTimes(2);
  });

  it('tells how long is left before the server would end an idle session, on the cautious side', () => {
    sessionActivity.touch(1_000_000);
    expect(sessionActivity.remaining(30, 1_000_000)).toBe(30 * 60_000 - SERVER_TOUCH_LAG_MS);
    expect(sessionActivity.remaining(30, 1_000_000 + 30 * 60_000)).toBeLessThan(0);
  });
});
