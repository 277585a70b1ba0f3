import { isSellerOrWoAssignation, realtimeRooms } from '@backoffice/shared';
import { createAdapter } from '@socket.io/postgres-adapter';
import fp from 'fastify-plugin';
import pg from 'pg';
import { Server } from 'socket.io';
import { CallReminderCheck, RealtimeService, type RealtimeServer } from '../../services/realtime';
import { isCollector } from '../../repositories/collections';
import { SESSION_COOKIE, sessionHeld, sessionUser, type AuthUser } from './auth';

declare module 'fastify' {
  interface FastifyInstance {
    /** Typed emitter to the bridge's rooms (`toUser`, `toCountry`); events are dropped until the node listens. */
    realtime: RealtimeService;
    /** The periodic `call-reminder:due` check (`runOnce` for tests and diagnostics). */
    callReminderCheck: CallReminderCheck;
  }
}

/** How long a closing node waits for the adapter's LISTEN connection to be in place, then for its pool to end (preClose). */
const ADAPTER_SETTLE_MS = 3_000;
const ADAPTER_POOL_END_MS = 2_000;

/**
 * Waits (at most `ms`) until the PostgreSQL adapter holds its LISTEN connection. The adapter (0.5) releases
 * that connection on close only once it holds it: closed while the connection is being set up (a node
 * stopped right after it started), it keeps it out of the pool for good, and the pool's end waits for it
 * for ever. Its subscriber is not public: read as `adapter.client.client`, and not waited for if absent.
 */
async function listenerInPlace(server: RealtimeServer, ms: number): Promise<void> {
  const subscriber = (server.of('/').adapter as unknown as { client?: { client?: unknown } }).client;
  const end = Date.now() + ms;
  while (subscriber && subscriber.client === undefined && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Refusal messages a client sees in `connect_error` (`err.message`). */
export const REALTIME_REFUSED = { notSignedIn: 'No autenticado', origin: 'Origen no permitido' } as const;

/**
 * The realtime bridge (DOMAIN 5): socket.io on the API's own HTTP server, websocket transport only.
 *
 * - Attached when the server starts listening (`onListen`), so `inject`-only apps (the tests) open no
 *   sockets, no LISTEN connection and no timer; closed in `preClose`, before Fastify waits for connections
 *   to drain (an open websocket would keep `close` waiting forever).
 * - A socket authenticates like an API request: `auth.token` in the handshake (the API's Bearer token) or
 *   the `sid` cookie. Cookie sockets from a page of another origin are refused (a foreign site must not
 *   ride the user's cookie), unless listed in REALTIME_ORIGINS.
 * - Rooms: `user:<id>` and `country:<country of the user>`, joined once at connection; `customer:<country>:<id>`
 *   joined and left on the client's `customer:watch` / `customer:unwatch` (a detail screen open), checked.
 * - PostgreSQL (several nodes): the PostgreSQL adapter relays every room emit through LISTEN/NOTIFY (payloads
 *   over 8000 bytes through `socket_io_attachments`, migration 0012), on a pool of its own: the LISTEN
 *   connection is held for the node's life and must not take one of the API's DB_POOL_MAX connections.
 *   PGlite is one process: socket.io's in-memory adapter.
 */
export default fp(
  async (app) => {
    const { realtime: config, databaseUrl } = app.config;
    const service = new RealtimeService(app.log);
    const reminders = new CallReminderCheck(app.db, service, app.log);
    app.decorate('realtime', service);
    app.decorate('callReminderCheck', reminders);
    if (!config.enabled) return;

    let io: RealtimeServer | null = null;
    let adapterPool: pg.Pool | null = null;

    const authenticate = async (headers: Record<string, string | string[] | undefined>, auth: unknown) => {
      const bearer = typeof (auth as { token?: unknown } | null)?.token === 'string' ? (auth as { token: string }).token : '';
      const cookieHeader = typeof headers.cookie === 'string' ? headers.cookie : '';
      const cookieToken = cookieHeader ? app.parseCookie(cookieHeader)[SESSION_COOKIE] : undefined;
      const token = bearer || cookieToken;
      if (!token) return { error: REALTIME_REFUSED.notSignedIn };
      if (!bearer && !originAllowed(headers, config.origins)) return { error: REALTIME_REFUSED.origin };
      const found = await app.sessions.findUser(token, { touch: false });
      // A session held to finishing its sign-in (a code, an enrolment, a reset password) gets no live data either.
      const user = found ? sessionUser(found) : undefined;
      if (!user || sessionHeld(user)) return { error: REALTIME_REFUSED.notSignedIn };
      return { user };
    };

    app.addHook('onListen', async () => {
      // Synchronous up to the attach: Fastify runs this right after `listen` resolves, and a client that
      // connects at once must find the socket server in place.
      const server: RealtimeServer = new Server(app.server, {
        path: config.path,
        transports: ['websocket'],
        serveClient: false,
        // Clients send no events: a small frame limit is enough (socket.io's default is 1 MB).
        maxHttpBufferSize: 16 * 1024,
      });
      if (databaseUrl) {
        adapterPool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
        // A dropped idle connection must not crash the node; the adapter reconnects its LISTEN client.
        adapterPool.on('error', (error) => app.log.warn({ err: error }, 'realtime adapter connection lost'));
        server.adapter(
          createAdapter(adapterPool, {
            errorHandler: (error) => app.log.warn({ err: error }, 'realtime adapter error'),
          }),
        );
      }
      server.use((socket, next) => {
        authenticate(socket.handshake.headers, socket.handshake.auth).then(
          (result) => {
            if ('error' in result) return next(new Error(result.error));
            (socket.data as { user?: AuthUser }).user = result.user;
            next();
          },
          (error: unknown) => {
            app.log.error({ err: error }, 'realtime authentication failed');
            next(new Error(REALTIME_REFUSED.notSignedIn));
          },
        );
      });
      server.on('connection', (socket) => {
        const user = (socket.data as { user: AuthUser }).user;
        void socket.join([realtimeRooms.user(user.id), realtimeRooms.country(user.country)]);
        // A customer's room only for a user who may see that customer (a seller's or collector's own).
        socket.on('customer:watch', (customerId, ack) => {
          const reply = typeof ack === 'function' ? ack : () => {};
          if (!Number.isSafeInteger(customerId) || customerId <= 0) return reply(false);
          app.communications.customerVisible(user.country, customerId, ownScope(user)).then(
            (visible) => {
              if (visible) void socket.join(realtimeRooms.customer(user.country, customerId));
              reply(visible);
            },
            (error: unknown) => {
              app.log.error({ err: error }, 'realtime customer watch failed');
              reply(false);
            },
          );
        });
        socket.on('customer:unwatch', (customerId) => {
          if (Number.isSafeInteger(customerId)) void socket.leave(realtimeRooms.customer(user.country, customerId));
        });
      });
      io = server;
      // The adapter's queue: a bulk producer (a massive batch) waits on it instead of queueing without bound.
      const pool = adapterPool;
      service.attach(server, pool ? () => pool.waitingCount : undefined);
      reminders.start(config.reminderCheckSeconds);
      app.log.info({ path: config.path, adapter: databaseUrl ? 'postgres' : 'memory' }, 'realtime bridge attached');
    });

    app.addHook('preClose', async () => {
      await reminders.stop();
      service.detach();
      if (io) {
        if (adapterPool) await listenerInPlace(io, ADAPTER_SETTLE_MS);
        // Disconnects the sockets, closes the adapter (LISTEN client, timers) and the engine. It also closes
        // the HTTP server, which Fastify then closes again (it accepts ERR_SERVER_NOT_RUNNING).
        await io.close();
        io = null;
      }
      // Bounded too: should the LISTEN connection still be out (the database never answered), it ends with
      // the process rather than keep the node from closing.
      const pool = adapterPool;
      adapterPool = null;
      if (pool) {
        const ended = pool.end().then(
          () => true,
          () => true,
        );
        const timedOut = new Promise<false>((resolve) => setTimeout(resolve, ADAPTER_POOL_END_MS, false).unref());
        if (!(await Promise.race([ended, timedOut]))) app.log.warn('realtime adapter pool still busy at close: left to the process exit');
      }
    });
  },
  { name: 'realtime', dependencies: ['db', 'repositories', 'auth', 'cookie', 'config'] },
);

/**
 * A browser always sends Origin on a websocket handshake; other clients (tests, services) need not. A page
 * of the API's own host, or a listed origin, may use the cookie.
 */
function originAllowed(headers: Record<string, string | string[] | undefined>, allowed: string[]): boolean {
  const origin = typeof headers.origin === 'string' ? headers.origin : undefined;
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === headers.host;
  } catch {
    return false;
  }
}

/** Sellers see their applications' customers, collectors their loans'; other staff the country's. */
function ownScope(user: AuthUser): { sellerId?: number; collectorId?: number } {
  if (isSellerOrWoAssignation(user.country, user.role)) return { sellerId: user.id };
  if (isCollector(user.country, user.role)) return { collectorId: user.id };
  return {};
}
