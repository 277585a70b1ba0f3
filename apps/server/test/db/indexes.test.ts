import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { migrateDatabase } from '../../src/db/migrate';

describe('the schema’s indexes', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ driver: 'pglite' });
    await migrateDatabase(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  // The lists order `desc` (nulls first, PostgreSQL's default); an index built DESC NULLS LAST (drizzle's
  // `.desc()` alone) cannot give that order, so the page reads and sorts every match instead.
  it('orders each descending column nulls first, as the lists ask', async () => {
    const result = await database.db.execute(
      sql`select indexname from pg_indexes where schemaname = 'public' and indexdef like '%DESC NULLS LAST%' order by 1`,
    );
    expect((result as { rows: unknown[] }).rows).toEqual([]);
  });
});
