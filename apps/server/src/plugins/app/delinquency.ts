import { COUNTRIES, todayIn, type Country } from '@backoffice/shared';
import fp from 'fastify-plugin';
import { PeriodicTask } from '../../lib/periodic-task';
import { COLLECTIONS_LIST } from '../../repositories/collections';
import { runDelinquency, type DelinquencyResult } from '../../services/delinquency';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every DELINQUENCY_CHECK_SECONDS a node looks whether each country's delinquency run of the day (the
     * country's calendar day) is done, and runs it if not: one node at a time, once a day (`runOnce` for tests).
     */
    delinquency: PeriodicTask<Partial<Record<Country, DelinquencyResult>>>;
  }
}

export default fp(
  async (app) => {
    const task = new PeriodicTask(
      async () => {
        const results: Partial<Record<Country, DelinquencyResult>> = {};
        for (const country of COUNTRIES) {
          const result = await runDelinquency(app.db, country, todayIn(country));
          if (result.ran) {
            app.log.info({ country, ...result }, 'delinquency run');
            app.lists.changed(COLLECTIONS_LIST);
          }
          results[country] = result;
        }
        return results;
      },
      (error) => app.log.error({ err: error }, 'delinquency run failed'),
    );
    app.decorate('delinquency', task);
    // Only nodes that listen (not `inject` tests); the first look right away, so a node started today catches up.
    app.addHook('onListen', async () => {
      if (app.config.delinquencyCheckSeconds <= 0) return;
      task.start(app.config.delinquencyCheckSeconds);
      setTimeout(() => task.runOnce().catch((error: unknown) => app.log.error({ err: error }, 'delinquency run failed')), 1000).unref();
    });
    app.addHook('preClose', async () => task.stop());
  },
  { name: 'delinquency', dependencies: ['db', 'config'] },
);
