import {
  REALTIME_EVENTS,
  SOCKET_MAX_ATTEMPTS,
  SOCKET_RETRY_DELAY_MS,
  realtimeConfigSchema,
  type RealtimeConfigResponse,
  type RealtimeEventName,
  type RealtimeEventPayload,
} from '@backoffice/shared';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { io } from 'socket.io-client';
import { api } from './api-client';

/*
 * The realtime bridge client (SPEC 4 "Call reminder flow", 8 "Socket connect error", 9): socket.io on the
 * address the server publishes at GET /api/realtime, websocket transport only, no built-in reconnection.
 * A failed attempt is retried every SOCKET_RETRY_DELAY_MS; after SOCKET_MAX_ATTEMPTS failed attempts in a
 * row it warns once and stops (a successful connection starts the count again). The session cookie
 * authenticates the socket, as it does the API.
 *
 * Features listen with `realtime.on(event, handler)` (or the `useRealtimeEvent` hook): handlers get the
 * payload already checked against the shared schema, and stay registered across reconnections.
 */

export type RealtimeHandler<E extends RealtimeEventName> = (payload: RealtimeEventPayload<E>) => void;

/** The part of a socket.io client socket the connection uses (a fake one in tests). */
export interface SocketLike {
  connect(): unknown;
  disconnect(): unknown;
  on(event: string, listener: (...args: never[]) => void): unknown;
  emit?(event: string, ...args: unknown[]): unknown;
}

export interface RealtimeDeps {
  loadConfig: () => Promise<RealtimeConfigResponse>;
  createSocket: (config: RealtimeConfigResponse) => SocketLike;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  warn: (...args: unknown[]) => void;
}

export const SOCKET_GIVE_UP_WARNING = 'Realtime bridge: could not connect; giving up';

export function createRealtimeConnection(deps: RealtimeDeps) {
  const handlers = new Map<RealtimeEventName, Set<(payload: never) => void>>();
  /** Customers whose room this browser is in, with how many screens hold each (joined again on every connection). */
  const watched = new Map<number, number>();
  let socket: SocketLike | null = null;
  let config: RealtimeConfigResponse | null = null;
  let retryTimer: unknown = null;
  let failures = 0;
  /** Bumped by stop(): answers of an attempt made before it are ignored. */
  let generation = 0;
  let active = false;
  /** Whether this browser's socket is connected now (statusListeners hear each change). */
  let connected = false;
  const statusListeners = new Set<() => void>();
  const setConnected = (value: boolean) => {
    if (connected === value) return;
    connected = value;
    for (const listener of statusListeners) listener();
  };

  const dispatch = (event: RealtimeEventName, raw: unknown) => {
    const parsed = REALTIME_EVENTS[event].safeParse(raw);
    if (!parsed.success) return;
    for (const handler of handlers.get(event) ?? []) (handler as (payload: unknown) => void)(parsed.data);
  };

  const retryLater = () => {
    retryTimer = deps.setTimeout(() => {
      retryTimer = null;
      void attempt();
    }, SOCKET_RETRY_DELAY_MS);
  };

  const failed = (error: unknown) => {
    failures += 1;
    if (failures >= SOCKET_MAX_ATTEMPTS) {
      deps.warn(SOCKET_GIVE_UP_WARNING, error);
      active = false;
      return;
    }
    retryLater();
  };

  const attempt = async () => {
    const mine = generation;
    if (!config) {
      try {
        config = await deps.loadConfig();
      } catch (error) {
        if (mine === generation) failed(error);
        return;
      }
      if (mine !== generation) return;
      if (!config.enabled) {
        active = false;
        return;
      }
    }
    if (!socket) {
      const created = deps.createSocket(config);
      socket = created;
      created.on('connect', () => {
        failures = 0;
        if (socket !== created) return;
        setConnected(true);
        // Rooms do not survive a new connection: the open screens' customers are joined again.
        for (const customerId of watched.keys()) created.emit?.('customer:watch', customerId);
      });
      created.on('connect_error', (error: Error) => {
        if (socket === created) failed(error);
      });
      // Without built-in reconnection a dropped connection (server restart, network) stays down: it gets the
      // same policy afresh (the drop is not a failed attempt). A disconnect we asked for (stop) is not retried.
      created.on('disconnect', (reason: string) => {
        if (socket !== created || reason === 'io client disconnect') return;
        setConnected(false);
        failures = 0;
        retryLater();
      });
      for (const event of Object.keys(REALTIME_EVENTS) as RealtimeEventName[]) {
        created.on(event, (payload: unknown) => dispatch(event, payload));
      }
    }
    socket.connect();
  };

  return {
    /** Connects (signed in); a no-op while already started. */
    start() {
      if (active) return;
      active = true;
      failures = 0;
      void attempt();
    },
    /** Disconnects and cancels a pending retry (sign-out, app closed). Handlers stay registered. */
    stop() {
      active = false;
      generation += 1;
      if (retryTimer !== null) deps.clearTimeout(retryTimer);
      retryTimer = null;
      const current = socket;
      socket = null;
      config = null;
      current?.disconnect();
      setConnected(false);
    },
    /** Whether this browser's socket is connected now. */
    isConnected: () => connected,
    /** Hears each change of isConnected (useSyncExternalStore's subscribe); returns the unsubscribe. */
    subscribeStatus(listener: () => void): () => void {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    /** Joins the customer's room while a screen has them open (the server checks the user may); returns the leave. */
    watchCustomer(customerId: number): () => void {
      const count = watched.get(customerId) ?? 0;
      watched.set(customerId, count + 1);
      if (count === 0 && connected) socket?.emit?.('customer:watch', customerId);
      return () => {
        const left = (watched.get(customerId) ?? 1) - 1;
        if (left > 0) return void watched.set(customerId, left);
        watched.delete(customerId);
        if (connected) socket?.emit?.('customer:unwatch', customerId);
      };
    },
    on<E extends RealtimeEventName>(event: E, handler: RealtimeHandler<E>): () => void {
      let set = handlers.get(event);
      if (!set) handlers.set(event, (set = new Set()));
      set.add(handler as (payload: never) => void);
      return () => set.delete(handler as (payload: never) => void);
    },
  };
}

export type RealtimeConnection = ReturnType<typeof createRealtimeConnection>;

/** The app's one connection. */
export const realtime: RealtimeConnection = createRealtimeConnection({
  loadConfig: async () => realtimeConfigSchema.parse(await api.get('/api/realtime')),
  createSocket: (config) =>
    io(config.url ?? window.location.origin, {
      path: config.path,
      transports: ['websocket'],
      reconnection: false,
      autoConnect: false,
      withCredentials: true,
    }),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
  warn: (...args) => console.warn(...args),
});

/** Runs `handler` for each `event` while the component is mounted (the latest handler, without resubscribing). */
export function useRealtimeEvent<E extends RealtimeEventName>(event: E, handler: RealtimeHandler<E>): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => realtime.on(event, (payload) => latest.current(payload)), [event]);
}

/**
 * While mounted, the screen is in the customer's room and `handler` hears the messages that customer sends
 * (`customer-message:inbound`, pushed only to the staff with them open).
 */
export function useCustomerMessages(customerId: number | null | undefined, handler: RealtimeHandler<'customer-message:inbound'>): void {
  useEffect(() => (customerId ? realtime.watchCustomer(customerId) : undefined), [customerId]);
  useRealtimeEvent('customer-message:inbound', (payload) => {
    if (payload.customer_id === customerId) handler(payload);
  });
}

/** Whether this browser's realtime socket is connected, kept current. */
export function useRealtimeConnected(): boolean {
  return useSyncExternalStore(realtime.subscribeStatus, realtime.isConnected);
}
