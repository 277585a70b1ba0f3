import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { errorBodySchema } from '@backoffice/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type Driver, type TestApp } from '../helpers/app';

/*
 * What Node's HTTP parser refuses never reaches Fastify's routes, hooks or `inject`: these tests talk to a
 * listening server over real sockets.
 */

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET through node:http (its own limits apply to answers, not to what it sends). */
function get(port: number, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Bytes written as they are on a socket; answers what came back until the server closed it. */
function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe.each<Driver>(['pglite', 'postgres'])('client errors on a listening server on %s', (driver) => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    // No realtime bridge: a node closed right after it listens can leave the adapter's LISTEN connection
    // checked out (it is not what these tests are about).
    t = await createTestApp(driver, { seedLeads: 0, realtime: { ...testConfig().realtime, enabled: false } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a request head over the size limit (a 20 KB query string) with 431 and the error body in Spanish', async () => {
    const res = await get(port, `/api/col/leads?q=${'a'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    const message = 'La solicitud es demasiado grande: su dirección o sus encabezados superan el tamaño permitido';
    expect(JSON.parse(res.body)).toEqual({
      statusCode: 431,
      error: 'Request Header Fields Too Large',
      message,
      statusMessage: message,
    });
    errorBodySchema.strict().parse(JSON.parse(res.body));
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));

    // Headers count too, and the server goes on answering.
    expect((await get(port, '/api/health', { 'x-filler': 'b'.repeat(20_000) })).status).toBe(431);
    expect((await get(port, '/api/health')).status).toBe(200);
  });

  it('answers a malformed request with 400 and the error body in Spanish', async () => {
    const answer = await raw(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nnot a header\r\n\r\n');
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(body)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'La solicitud HTTP está mal formada',
      statusMessage: 'La solicitud HTTP está mal formada',
    });
    errorBodySchema.strict().parse(JSON.parse(body));
    expect(head).toMatch(/\r\nContent-Type: application\/json; charset=utf-8(\r\n|$)/i);
  });
});
