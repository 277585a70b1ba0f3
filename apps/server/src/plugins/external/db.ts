import fp from 'fastify-plugin';
import { openDatabase, redact, type Database, type Db } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { trackHandlersInFlight } from '../../lib/handlers-in-flight';

/** How long a closing server waits for handlers still running (their clients hung up) before closing the database. */
const HANDLERS_GRACE_MS = 10_000;

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/**
 * Opens PostgreSQL (DATABASE_URL) or PGlite, applies pending migrations and, on an empty database, seeds
 * the demo data, all before the server accepts requests.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const database = await openDatabase(
      config.databaseUrl
        ? { driver: 'postgres', url: config.databaseUrl, poolMax: config.dbPoolMax }
        : { driver: 'pglite', dataDir: config.memoryDatabase ? undefined : config.dataDir },
    );
    app.log.info(
      {
        driver: database.driver,
        where: config.databaseUrl ? redact(config.databaseUrl) : config.memoryDatabase ? 'memory' : config.dataDir,
      },
      'database opened',
    );
    const handlers = trackHandlersInFlight(app);
    // The server has closed its connections by now (its own onClose runs first); a handler whose client hung
    // up may still be running, and it keeps the database until it ends.
    app.addHook('onClose', async () => {
      const left = await handlers.settled(HANDLERS_GRACE_MS);
      if (left > 0) app.log.warn({ handlers: left }, 'closing the database under handlers still running');
      await database.close();
    });

    await database.exclusive(async (db) => {
      await migrateDatabase(database);
      if (!config.seed) return;
      // Loaded only when seeding is on: faker and its locales weigh tens of MB a production node never needs.
      const { seed } = await import('../../db/seed');
      const started = Date.now();
      const result = await seed(db, { leadsPerCountry: config.seedLeads, callBacks: config.seedCallBacks, log: (message) => app.log.info(message) });
      if (!result.skipped) app.log.info({ ...result, ms: Date.now() - started }, 'demo data seeded');
    });

    app.decorate('database', database);
    app.decorate('db', database.db);
  },
  { name: 'db', dependencies: ['config'] },
);
