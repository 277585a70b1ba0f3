import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { trackHandlersInFlight } from '../../src/lib/handlers-in-flight';

/**
 * A listening app whose onClose stands for the database's (it closes once the tracker has settled), and a
 * route whose handler waits until released, like one between two statements.
 */
async function appWithGatedRoute(graceMs = 5_000) {
  const events: string[] = [];
  let release = () => {};
  let started = () => {};
  const handlerStarted = new Promise<void>((resolve) => (started = resolve));
  const app = Fastify();
  const handlers = trackHandlersInFlight(app);
  app.addHook('onClose', async () => {
    const left = await handlers.settled(graceMs);
    events.push(`database closed (${left} running)`);
  });
  app.get('/gated', async () => {
    started();
    await new Promise<void>((resolve) => (release = resolve));
    events.push('handler ended');
    return { ok: true };
  });
  app.get('/quick', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return { app, events, handlers, handlerStarted, release: () => release(), port };
}

/** Asks for `path` and hangs up as soon as the handler has started, as a closed browser tab does. */
async function hangUpDuring(port: number, path: string, handlerStarted: Promise<void>) {
  const request = httpRequest({ host: '127.0.0.1', port, path });
  request.on('error', () => {});
  request.end();
  await handlerStarted;
  request.destroy();
  // The server sees the socket close.
  await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('handlers in flight at shutdown', () => {
  it('a handler whose client hung up ends before the database closes', async () => {
    const { app, events, handlers, handlerStarted, release, port } = await appWithGatedRoute();
    await hangUpDuring(port, '/gated', handlerStarted);
    expect(handlers.count).toBe(1);

    const closing = app.close();
    // The server has no connection left to wait for; the close waits for the handler.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events).toEqual([]);
    release();
    await closing;
    expect(events).toEqual(['handler ended', 'database closed (0 running)']);
  });

  it('answered requests are not waited for, and a handler that never ends holds the close only for the grace', async () => {
    const { app, events, handlers, handlerStarted, release, port } = await appWithGatedRoute(200);
    expect((await fetch(`http://127.0.0.1:${port}/quick`)).status).toBe(200);
    expect(handlers.count).toBe(0);
    await hangUpDuring(port, '/gated', handlerStarted);

    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(events).toEqual(['database closed (1 running)']);
    release();
  });

  it('another app’s running handler does not hold this one’s close', async () => {
    const busy = await appWithGatedRoute();
    const idle = await appWithGatedRoute();
    await hangUpDuring(busy.port, '/gated', busy.handlerStarted);

    await idle.app.close();
    expect(idle.events).toEqual(['database closed (0 running)']);
    busy.release();
    await busy.app.close();
    expect(busy.events).toEqual(['handler ended', 'database closed (0 running)']);
  });
});
