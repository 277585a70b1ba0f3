import fp from 'fastify-plugin';
import { ListEngine } from '../../lists/engine';

declare module 'fastify' {
  interface FastifyInstance {
    /** The list engine every declared list (lists/definition.ts) runs on. */
    lists: ListEngine;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'lists',
      new ListEngine(app.db, {
        countThreshold: app.config.listCountThreshold,
        exportBatch: app.config.exportBatch,
        countCacheSeconds: app.config.countCacheSeconds,
      }),
    );
  },
  { name: 'lists', dependencies: ['db', 'config'] },
);
