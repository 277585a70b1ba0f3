import type { Country } from '@backoffice/shared';
import fp from 'fastify-plugin';
import { PeriodicTask } from '../../lib/periodic-task';

declare module 'fastify' {
  interface FastifyInstance {
    /** Deletes the security log's rows past SECURITY_LOG_RETENTION_DAYS (`runOnce` for tests). */
    securityLogPurge: PeriodicTask<number>;
  }
}

/** Hours between a node's purges of the security log: the retention is in days, once a few times a day is plenty. */
const PURGE_EVERY_HOURS = 6;

/**
 * What the security log learns from every request (ASVS V7): each refusal (403: role, country, ownership,
 * XSRF) with who, where and which route; and the log's retention, purged periodically by every node (a
 * delete by date, harmless when two nodes run it together).
 */
export default fp(
  async (app) => {
    app.addHook('onResponse', async (request, reply) => {
      if (reply.statusCode !== 403 || !request.url.startsWith('/api/')) return;
      try {
        const user = request.user ?? (await app.currentUser(request).catch(() => null));
        await app.securityEvents.record({
          country: (request.routeCountry ?? user?.country ?? null) as Country | null,
          type: 'access_denied',
          userId: user?.id ?? null,
          ip: request.ip,
          details: { method: request.method, route: request.routeOptions.url ?? null },
        });
      } catch (error) {
        // The answer is gone already; a log that cannot be written must not turn into an unhandled error.
        request.log.error({ err: error }, 'security log: access_denied not recorded');
      }
    });

    const purge = new PeriodicTask(
      () => app.securityEvents.purge(app.config.securityLogRetentionDays),
      (error) => app.log.error({ err: error }, 'security log purge failed'),
    );
    app.decorate('securityLogPurge', purge);
    app.addHook('onListen', async () => {
      await purge.runOnce().catch((error: unknown) => app.log.error({ err: error }, 'security log purge failed'));
      purge.start(PURGE_EVERY_HOURS * 3600);
    });
    app.addHook('preClose', async () => {
      await purge.stop();
    });
  },
  { name: 'security-log', dependencies: ['repositories', 'auth', 'config'] },
);
