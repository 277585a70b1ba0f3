import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { DatabaseAvailability } from '../lib/database-availability';
import { acquireDataDirLock, type DataDirLock } from '../lib/data-dir-lock';
import * as schema from './schema';

export { schema };

/** One type for both drivers: repositories never know which database they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of the database (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbDriver = 'pglite' | 'postgres';

export type DatabaseOptions =
  | { driver: 'postgres'; url: string; poolMax?: number }
  /** dataDir undefined = in memory (tests). */
  | { driver: 'pglite'; dataDir?: string };

export interface Database {
  db: Db;
  driver: DbDriver;
  /**
   * Runs `fn` while no other app node runs it (PostgreSQL advisory lock), so several nodes starting at
   * once do not migrate or seed twice. PGlite has a single process: it just runs.
   */
  exclusive<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL: whether its server is reachable, as the pool last saw it (the health endpoint reads it). */
  availability?: DatabaseAvailability;
  /** PGlite on a folder: the folder's lock, held until close (lib/data-dir-lock.ts). */
  dataDirLock?: DataDirLock;
  /** PGlite on a folder: a gzipped tarball of its data folder, taken after a checkpoint (db/backup.ts). */
  dumpDataDir?(): Promise<Blob>;
}

/** An embedded data folder that PGlite could not open: which folder, what failed, what to do. */
export class DataDirOpenError extends Error {
  constructor(
    readonly dir: string,
    cause: unknown,
  ) {
    const what = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
    super(
      `The embedded database in ${dir} could not be opened (${what}). Its files are damaged or unreadable ` +
        `(a disk problem, a full disk, or files written by two servers at once before the data folder had a lock). ` +
        `To recover: restore the newest backup with 'npm run db:restore -- --latest' (it moves the damaged folder aside, ` +
        `never deletes it; backups are in BACKUP_DIR, by default <DATA_DIR>/backups), or move ${dir} aside to start ` +
        `with an empty database.`,
      { cause },
    );
    this.name = 'DataDirOpenError';
  }
}

/** Arbitrary constant shared by every node: the key of the migrate-and-seed advisory lock. */
const STARTUP_LOCK_KEY = 4_220_310;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === 'postgres') return openPostgres(options.url, options.poolMax);
  return openPglite(options.dataDir);
}

/** Where PGlite keeps its files inside DATA_DIR. */
export const pgliteDir = (dataDir: string) => join(dataDir, 'pglite');

async function openPglite(dataDir: string | undefined): Promise<Database> {
  // Two PGlite instances writing one folder lose writes and can leave it unopenable: one process per folder.
  const lock = dataDir ? acquireDataDirLock(dataDir, 'server') : undefined;
  try {
    const dir = dataDir ? pgliteDir(dataDir) : undefined;
    if (dir) mkdirSync(dir, { recursive: true });
    const client = await createPglite(dir);
    // A process that exits without closing (an uncaught error) leaves no lock behind; kill -9 does, taken over later.
    const releaseAtExit = () => lock?.release();
    if (lock) process.once('exit', releaseAtExit);
    const { drizzle } = await pgliteModules();
    const db = drizzle({ client, schema }) as unknown as Db;
    return {
      db,
      driver: 'pglite',
      exclusive: (fn) => fn(db),
      close: async () => {
        try {
          await client.close();
        } finally {
          lock?.release();
          process.off('exit', releaseAtExit);
        }
      },
      dataDirLock: lock,
      dumpDataDir: dir
        ? async () => {
            // A checkpoint first: the tarball then needs no WAL replay to read every committed row.
            await client.exec('checkpoint');
            return client.dumpDataDir('gzip');
          }
        : undefined,
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

// Imported on demand: PGlite's WebAssembly build costs ~45 MB of memory a PostgreSQL node never uses.
async function pgliteModules() {
  const [{ PGlite }, { pg_trgm }, { drizzle }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  return { PGlite, pg_trgm, drizzle };
}

/**
 * PGlite with the extensions the migrations need, in `dir` (undefined: in memory), optionally loaded from a
 * backup's tarball (only into an empty folder). Open failures become a DataDirOpenError that says what to do.
 */
export async function createPglite(dir: string | undefined, loadDataDir?: Blob) {
  const { PGlite, pg_trgm } = await pgliteModules();
  try {
    const client = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir });
    // A folder whose files are damaged may open and fail at its first query: ask one now.
    await client.query('select 1');
    return client;
  } catch (error) {
    if (!dir) throw error;
    throw new DataDirOpenError(dir, error);
  }
}

/**
 * The pool that runs a pool's named statements (queryRows with a name), keyed by the pool: its connections
 * use generic plans only (plan_cache_mode). A statement is named because its best plan is the same for any
 * values, yet PostgreSQL plans a prepared statement anew on every run for as long as its estimates favour
 * custom plans (for a page that gathers and sorts its matches they always do). On the main pool the setting
 * would make the unnamed statements generic too, the ones meant to be planned for their values. Named
 * statements are pages of a few dozen rows: no parallel workers either (a generic plan guesses a bound
 * OFFSET large, and starting two workers costs more than such a page).
 */
const genericPools = new WeakMap<pg.Pool, pg.Pool>();
const CONNECT_TIMEOUT_MS = 5000;
const CLOSE_GRACE_MS = 10_000;

async function openPostgres(url: string, poolMax = 4): Promise<Database> {
  // Short OLTP queries: JIT compilation (on by default in PostgreSQL) costs more than it saves, and it
  // kicks in on cost estimates (e.g. a capped count over a large table) rather than on real work.
  // A connection that cannot be made in 5 s fails the request (a 503) rather than holding it while the
  // database is away; keep-alive notices a peer gone without a word.
  const common = { connectionString: url, max: poolMax, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true };
  const pool = new pg.Pool({ ...common, options: '-c jit=off' });
  const generic = new pg.Pool({
    ...common,
    options: '-c jit=off -c plan_cache_mode=force_generic_plan -c max_parallel_workers_per_gather=0',
  });
  const availability = new DatabaseAvailability();
  for (const p of [pool, generic]) {
    // An idle client losing its connection must not crash the process; the next query reconnects.
    p.on('error', () => availability.markAway());
    p.on('connect', (client) => {
      availability.markBack();
      // The pool listens to its idle clients only: one checked out (a transaction between two statements)
      // that loses its connection would throw from the socket. Its caller sees the failed query.
      client.on('error', () => availability.markAway());
    });
  }
  genericPools.set(pool, generic);
  // Fail fast with a clear message instead of on the first request.
  const probe = await pool.connect().catch((error: Error) => {
    void pool.end();
    void generic.end();
    throw new Error(`Cannot connect to PostgreSQL at ${redact(url)}: ${error.message}`);
  });
  probe.release();
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db,
    driver: 'postgres',
    availability,
    async exclusive(fn) {
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await fn(db);
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
        lock.release();
      }
    },
    close: async () => {
      // pool.end() waits for every checked-out client; one left by a request the database dropped mid-way must
      // not keep a stopping node up for ever: after the grace its sockets go with the process.
      const ended = Promise.all([pool.end(), generic.end()]);
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), CLOSE_GRACE_MS)));
      const outcome = await Promise.race([ended, grace]);
      clearTimeout(timer);
      if (outcome === 'late') console.warn(`PostgreSQL pools not ended after ${CLOSE_GRACE_MS} ms: clients still checked out`);
    },
  };
}

/** The URL without its password, for messages and logs. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured DATABASE_URL';
  }
}

/**
 * Runs SQL text with positional values and returns the rows as arrays. For statements compiled once by
 * drizzle (`toSQL()`). Unnamed, PostgreSQL plans the statement for these values: for statements whose best
 * plan depends on them. With a `name` (unique per text), each connection of the generic pool prepares it once
 * and runs it on one generic plan: for statements whose plan is the same whatever the values (PGlite plans
 * every statement for its values).
 */
export async function queryRows(db: Db, text: string, values: unknown[], name?: string): Promise<unknown[][]> {
  const client = (db as unknown as { $client: pg.Pool | { query: PgliteQuery } }).$client;
  if (client instanceof pg.Pool) {
    const pool = (name && genericPools.get(client)) || client;
    return (await pool.query<unknown[]>({ name, text, values, rowMode: 'array' })).rows;
  }
  return (await client.query(text, values, { rowMode: 'array' })).rows;
}

type PgliteQuery = (text: string, values: unknown[], options: { rowMode: 'array' }) => Promise<{ rows: unknown[][] }>;

/**
 * Parallel workers only take cores from the other requests of a busy server, and starting them costs more
 * than the few milliseconds these statements run.
 */
const NO_PARALLEL = 'set local max_parallel_workers_per_gather = 0';

/**
 * queryRows in a transaction whose plans can read tables only through bitmap index scans (no parallel
 * workers). For free-text searches over the word and digit-window indexes: PostgreSQL cannot estimate how
 * many rows a text matches, and when it bets on many it walks a whole table in index order waiting for
 * them, which costs seconds when they are rare. A bitmap scan costs what the index's posting lists cost,
 * whatever the text.
 */
export function queryRowsByIndex(db: Db, text: string, values: unknown[]): Promise<unknown[][]> {
  return queryRowsPlannedWith(
    db,
    `set local enable_seqscan = off; set local enable_indexscan = off; set local enable_indexonlyscan = off; ${NO_PARALLEL}`,
    text,
    values,
  );
}

/**
 * queryRows in a transaction whose plans walk indexes in order (no bitmap scans, no sequential scans, no
 * parallel workers). The other way round: for a text known to match densely (a common name, see
 * lists/free-text.ts), walking the list in order finds a page of matches within a few thousand
 * rows, but PostgreSQL underestimates prefix words and first collects every match through the word index,
 * many times slower at a million customers.
 */
export function queryRowsInIndexOrder(db: Db, text: string, values: unknown[]): Promise<unknown[][]> {
  return queryRowsPlannedWith(db, `set local enable_bitmapscan = off; set local enable_seqscan = off; ${NO_PARALLEL}`, text, values);
}

/** queryRows in a transaction whose planner `settings` (`set local …`) hold for that statement only. */
async function queryRowsPlannedWith(db: Db, settings: string, text: string, values: unknown[]): Promise<unknown[][]> {
  const client = (db as unknown as { $client: pg.Pool | PgliteClient }).$client;
  if (client instanceof pg.Pool) {
    const connection = await client.connect();
    let failed: Error | undefined;
    try {
      await connection.query(`begin; ${settings}`);
      const { rows } = await connection.query<unknown[]>({ text, values, rowMode: 'array' });
      await connection.query('commit');
      return rows;
    } catch (error) {
      failed = error as Error;
      await connection.query('rollback').catch(() => {});
      throw error;
    } finally {
      // A failed connection is dropped rather than handed to the next caller.
      connection.release(failed);
    }
  }
  return client.transaction(async (tx) => {
    await tx.exec(settings);
    return (await tx.query(text, values, { rowMode: 'array' })).rows;
  });
}

interface PgliteClient {
  transaction<T>(fn: (tx: { exec(sql: string): Promise<unknown>; query: PgliteQuery }) => Promise<T>): Promise<T>;
}
