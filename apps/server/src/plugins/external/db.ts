import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { backupDue, pruneBackups, writeBackup } from '../../db/backup';
import { openDatabase, redact, type Database, type Db } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { trackHandlersInFlight } from '../../lib/handlers-in-flight';
import { PeriodicTask } from '../../lib/periodic-task';

/** How long a closing server waits for handlers still running (their clients hung up) before closing the database. */
const HANDLERS_GRACE_MS = 10_000;
/** How often a node on a data folder checks that its lock file still names it, and whether a backup is due. */
const LOCK_CHECK_SECONDS = 10;
const BACKUP_CHECK_SECONDS = 600;

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
    const upkeep = database.dataDirLock ? dataDirUpkeep(app, database) : undefined;
    app.addHook('onClose', async () => {
      await upkeep?.stop();
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
      const result = await seed(db, {
        leadsPerCountry: config.seedLeads,
        callBacks: config.seedCallBacks,
        log: (message) => app.log.info(message),
      });
      if (!result.skipped) app.log.info({ ...result, ms: Date.now() - started }, 'demo data seeded');
    });

    app.decorate('database', database);
    app.decorate('db', database.db);
  },
  { name: 'db', dependencies: ['config'] },
);

/**
 * A node on a data folder: stops if its lock is gone or someone else's (a folder deleted or taken under it,
 * as PostgreSQL does with postmaster.pid), writes the automatic backups, and writes one at once on SIGUSR2
 * (what `npm run db:backup` asks of a running server).
 */
function dataDirUpkeep(app: FastifyInstance, database: Database) {
  const { dir, keep, intervalHours } = app.config.backup;
  const lock = database.dataDirLock!;
  const lockCheck = new PeriodicTask(
    async () => {
      if (lock.isHeld()) return;
      app.log.fatal(
        { lock: lock.path },
        'the data folder lock is gone or names another process: stopping so that two servers never write one folder',
      );
      process.kill(process.pid, 'SIGTERM');
    },
    () => {},
  );
  const backup = async (reason: string) => {
    const started = Date.now();
    const file = await writeBackup(database, dir);
    // BACKUP_KEEP 0 turns the automatic backups off; a requested one then removes none of the earlier ones.
    const removed = keep > 0 ? pruneBackups(dir, keep) : [];
    app.log.info(
      { reason, file: file.path, bytes: file.bytes, removed: removed.length, ms: Date.now() - started },
      'embedded database backed up',
    );
  };
  const scheduled = new PeriodicTask(
    async () => {
      if (keep > 0 && backupDue(dir, intervalHours)) await backup('scheduled');
    },
    (error) => app.log.error({ err: error, dir }, 'automatic backup failed'),
  );
  const onSignal = () => {
    backup('requested (SIGUSR2)').catch((error: unknown) => app.log.error({ err: error, dir }, 'requested backup failed'));
  };
  app.addHook('onListen', async () => {
    lockCheck.start(LOCK_CHECK_SECONDS);
    scheduled.start(Math.min(BACKUP_CHECK_SECONDS, intervalHours * 3600));
    process.on('SIGUSR2', onSignal);
    // A first backup as soon as the server serves, if none is recent: a new folder is covered from day one.
    scheduled.runOnce().catch((error: unknown) => app.log.error({ err: error, dir }, 'automatic backup failed'));
  });
  return {
    async stop() {
      process.off('SIGUSR2', onSignal);
      await Promise.all([lockCheck.stop(), scheduled.stop()]);
    },
  };
}
