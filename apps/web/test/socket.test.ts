import { SOCKET_MAX_ATTEMPTS, SOCKET_RETRY_DELAY_MS, type RealtimeConfigResponse } from '@backoffice/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_GIVE_UP_WARNING, createRealtimeConnection, type SocketLike } from '../src/lib/socket';

/** A socket.io client socket whose connection attempts answer as the test says. */
class FakeSocket implements SocketLike {
  readonly listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  connects = 0;
  disconnects = 0;
  constructor(private readonly outcome: () => 'ok' | 'fail') {}
  connect() {
    this.connects += 1;
    if (this.outcome() === 'ok') this.fire('connect');
    else this.fire('connect_error', new Error('websocket error'));
  }
  disconnect() {
    this.disconnects += 1;
    this.fire('disconnect', 'io client disconnect');
  }
  on(event: string, listener: (...args: never[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener as (...args: unknown[]) => void]);
  }
  readonly emitted: unknown[][] = [];
  emit(event: string, ...args: unknown[]) {
    this.emitted.push([event, ...args]);
  }
  fire(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}

const CONFIG: RealtimeConfigResponse = { enabled: true, url: null, path: '/socket.io' };

function setup(options: { outcome?: () => 'ok' | 'fail'; loadConfig?: () => Promise<RealtimeConfigResponse> } = {}) {
  const sockets: FakeSocket[] = [];
  const warn = vi.fn();
  const createSocket = vi.fn((config: RealtimeConfigResponse) => {
    expect(config).toEqual(CONFIG);
    const socket = new FakeSocket(options.outcome ?? (() => 'fail'));
    sockets.push(socket);
    return socket;
  });
  const connection = createRealtimeConnection({
    loadConfig: options.loadConfig ?? (async () => CONFIG),
    createSocket,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    warn,
  });
  const attempts = () => sockets.reduce((sum, s) => sum + s.connects, 0);
  return { connection, sockets, warn, createSocket, attempts };
}

describe('realtime bridge client (SPEC 4, 8, 9: socket retry policy)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('retries every 5000 ms up to 5 failed attempts, then warns once and stops for good', async () => {
    expect([SOCKET_RETRY_DELAY_MS, SOCKET_MAX_ATTEMPTS]).toEqual([5000, 5]);
    const { connection, warn, attempts, createSocket } = setup();
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(attempts()).toBe(1);
    for (let n = 2; n <= 5; n++) {
      await vi.advanceTimersByTimeAsync(4999);
      expect(attempts()).toBe(n - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(attempts()).toBe(n);
      if (n < 5) expect(warn).not.toHaveBeenCalled();
    }
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toBe(SOCKET_GIVE_UP_WARNING);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(attempts()).toBe(5);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
    // One socket, reconnected by hand (the built-in reconnection is off).
    expect(createSocket).toHaveBeenCalledTimes(1);
  });

  it('joins a watched customer’s room when connected, again after a reconnection, and leaves it when the last screen closes', async () => {
    const { connection, sockets } = setup({ outcome: () => 'ok' });
    const leaveEarly = connection.watchCustomer(7);
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    const socket = sockets[0]!;
    expect(socket.emitted).toEqual([['customer:watch', 7]]);
    const leaveSecond = connection.watchCustomer(7);
    expect(socket.emitted).toHaveLength(1);
    // A dropped connection: the retry's connection joins the room again.
    socket.fire('disconnect', 'transport close');
    await vi.advanceTimersByTimeAsync(SOCKET_RETRY_DELAY_MS);
    expect(socket.emitted).toEqual([
      ['customer:watch', 7],
      ['customer:watch', 7],
    ]);
    leaveEarly();
    expect(socket.emitted).toHaveLength(2);
    leaveSecond();
    expect(socket.emitted.at(-1)).toEqual(['customer:unwatch', 7]);
    socket.fire('disconnect', 'transport close');
    await vi.advanceTimersByTimeAsync(SOCKET_RETRY_DELAY_MS);
    expect(socket.emitted.filter(([event]) => event === 'customer:watch')).toHaveLength(2);
    connection.stop();
  });

  it('counts failures in a row: a connection resets the count, and a dropped connection is retried the same way', async () => {
    let results = ['fail', 'fail', 'ok'];
    const { connection, sockets, warn, attempts } = setup({ outcome: () => (results.shift() as 'ok' | 'fail') ?? 'fail' });
    connection.start();
    await vi.advanceTimersByTimeAsync(2 * SOCKET_RETRY_DELAY_MS);
    expect(attempts()).toBe(3); // connected at the third
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts()).toBe(3);

    // The server goes away: five fresh attempts, 5000 ms apart, then the warning.
    results = [];
    sockets[0].fire('disconnect', 'transport close');
    await vi.advanceTimersByTimeAsync(SOCKET_RETRY_DELAY_MS - 1);
    expect(attempts()).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts()).toBe(4);
    await vi.advanceTimersByTimeAsync(3 * SOCKET_RETRY_DELAY_MS);
    expect(attempts()).toBe(7);
    expect(warn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(SOCKET_RETRY_DELAY_MS);
    expect(attempts()).toBe(8);
    expect(warn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts()).toBe(8);
  });

  it('tells whether it is connected, and its listeners hear each change: connect, drop, stop', async () => {
    let results = ['ok'];
    const { connection, sockets } = setup({ outcome: () => (results.shift() as 'ok' | 'fail') ?? 'fail' });
    const heard: boolean[] = [];
    const unsubscribe = connection.subscribeStatus(() => heard.push(connection.isConnected()));
    expect(connection.isConnected()).toBe(false);
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.isConnected()).toBe(true);
    sockets[0].fire('disconnect', 'transport close');
    expect(connection.isConnected()).toBe(false);
    results = ['ok'];
    await vi.advanceTimersByTimeAsync(SOCKET_RETRY_DELAY_MS);
    expect(connection.isConnected()).toBe(true);
    connection.stop();
    expect(connection.isConnected()).toBe(false);
    expect(heard).toEqual([true, false, true, false]);
    unsubscribe();
    connection.start();
    await vi.advanceTimersByTimeAsync(SOCKET_RETRY_DELAY_MS);
    expect(heard).toHaveLength(4);
  });

  it('counts a failed configuration request as an attempt', async () => {
    const loadConfig = vi.fn(async (): Promise<RealtimeConfigResponse> => {
      throw new Error('offline');
    });
    const { connection, warn, createSocket } = setup({ loadConfig });
    connection.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(loadConfig).toHaveBeenCalledTimes(5);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(createSocket).not.toHaveBeenCalled();
  });

  it('does not connect when the bridge is disabled; stop cancels a pending retry and disconnects', async () => {
    const disabled = setup({ loadConfig: async () => ({ ...CONFIG, enabled: false }) });
    disabled.connection.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(disabled.createSocket).not.toHaveBeenCalled();

    const { connection, sockets, attempts, warn } = setup();
    connection.start();
    await vi.advanceTimersByTimeAsync(SOCKET_RETRY_DELAY_MS);
    expect(attempts()).toBe(2);
    connection.stop();
    expect(sockets[0].disconnects).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts()).toBe(2);
    expect(warn).not.toHaveBeenCalled();
  });

  it('hands valid event payloads to the handlers of that event, until they unsubscribe', async () => {
    const { connection, sockets } = setup({ outcome: () => 'ok' });
    const assigned = vi.fn();
    const due = vi.fn();
    const unsubscribe = connection.on('lead:assigned', assigned);
    connection.on('call-reminder:due', due);
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    const payload = { lead_id: 7, seller_id: 3, source: 'reassign', by: { id: 1, name: 'Ana' } };
    sockets[0].fire('lead:assigned', payload);
    sockets[0].fire('lead:assigned', { lead_id: 'x' });
    expect(assigned).toHaveBeenCalledTimes(1);
    expect(assigned).toHaveBeenCalledWith(payload);
    expect(due).not.toHaveBeenCalled();
    unsubscribe();
    sockets[0].fire('lead:assigned', payload);
    expect(assigned).toHaveBeenCalledTimes(1);
  });
});
