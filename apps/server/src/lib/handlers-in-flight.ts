import { tracingChannel } from 'node:diagnostics_channel';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What Fastify publishes on its handler tracing channel (the part read here). */
interface HandlerStore {
  request: FastifyRequest;
  /** Set once the handler has returned a promise: it ends at asyncEnd, not at end. */
  async: boolean;
}

/**
 * The app's requests whose handler may still be running. `app.close()` waits for the connections still open,
 * not for a handler whose client hung up: it goes on, and its next statement would meet a closed database
 * ("Cannot use a pool after calling end on the pool"), a multi-statement change cut in the middle.
 * A request counts from its onRequest hook until its handler ends (Fastify's 'fastify.request.handler'
 * tracing channel) or its response is sent, whichever comes first; `settled` waits until none is left.
 */
export function trackHandlersInFlight(app: FastifyInstance) {
  const running = new Set<FastifyRequest>();
  let waiters: (() => void)[] = [];
  const done = (request: FastifyRequest) => {
    // The channel is the process's: another app's requests (tests build several) are not in this set.
    if (!running.delete(request) || running.size > 0) return;
    for (const wake of waiters) wake();
    waiters = [];
  };
  const channel = tracingChannel<unknown, HandlerStore>('fastify.request.handler');
  const subscribers = {
    start: () => {},
    end: (store: HandlerStore) => {
      if (!store.async) done(store.request);
    },
    asyncStart: () => {},
    asyncEnd: (store: HandlerStore) => done(store.request),
    error: () => {},
  };
  channel.subscribe(subscribers);
  // Callback hooks: every request passes here, and an async hook would cost each one a promise.
  app.addHook('onRequest', (request, _reply, next) => {
    running.add(request);
    next();
  });
  app.addHook('onResponse', (request, _reply, next) => {
    done(request);
    next();
  });

  return {
    get count() {
      return running.size;
    },
    /** Resolves once no handler is running, or after `graceMs` (answering how many were still running). */
    async settled(graceMs: number): Promise<number> {
      if (running.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          new Promise<void>((resolve) => waiters.push(resolve)),
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, graceMs);
          }),
        ]);
        clearTimeout(timer);
      }
      channel.unsubscribe(subscribers);
      return running.size;
    },
  };
}
