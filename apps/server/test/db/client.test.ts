import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../src/db/client';
import { createPostgresDatabase } from '../helpers/app';

/*
 * The PostgreSQL driver's two pools: statements run by name keep one generic plan (they are named because
 * their best plan is the same for any values), unnamed ones are planned for their values.
 */
describe('queryRows on postgres', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    database = await openDatabase({ driver: 'postgres', url: created.url, poolMax: 2 });
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('runs named statements on generic plans and plans unnamed ones for their values', async () => {
    const mode = async (name?: string) =>
      (await queryRows(database.db, "select current_setting('plan_cache_mode') where $1::int = 1", [1], name))[0][0];
    expect(await mode('client_test_mode')).toBe('force_generic_plan');
    expect(await mode()).toBe('auto');
    // Several at once: every connection of each pool is set up the same way.
    const modes = await Promise.all([1, 2, 3, 4].map((i) => mode(i % 2 ? 'client_test_mode' : undefined)));
    expect(modes).toEqual(['force_generic_plan', 'auto', 'force_generic_plan', 'auto']);
  });

  it('starts no parallel workers for named statements (pages), whatever a generic plan guesses', async () => {
    const workers = async (name?: string) =>
      (await queryRows(database.db, "select current_setting('max_parallel_workers_per_gather') where $1::int = 1", [1], name))[0][0];
    expect(await workers('client_test_workers')).toBe('0');
    expect(await workers()).not.toBe('0');
  });

  it('answers the same rows either way', async () => {
    const text = 'select g, g * 2 from generate_series(1, $1::int) g order by g';
    expect(await queryRows(database.db, text, [3], 'client_test_series')).toEqual(await queryRows(database.db, text, [3]));
    expect(await queryRows(database.db, text, [2], 'client_test_series')).toEqual([
      [1, 2],
      [2, 4],
    ]);
  });
});
