import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { defineList } from '../../src/lists/definition';
import { ListEngine } from '../../src/lists/engine';
import type { AuthUser } from '../../src/plugins/app/auth';
import { createTestApp, type Driver, type TestApp } from '../helpers/app';

interface Person {
  id: number;
  name: string;
  created: string;
}

/** A list over the country's users, declared as an area declares its own. */
const people = defineList<{ role?: string }, Person>({
  name: 'people',
  from: sql`users u`,
  id: sql`u.id`,
  sorts: {
    name: { expr: sql`u.name`, type: 'text' },
    created_at: { expr: sql`u.created_at`, type: 'timestamptz' },
    id: { expr: sql`u.id`, type: 'integer' },
  },
  defaultSort: { sort: 'id', dir: 'asc' },
  where: ({ country }, { role }) => [sql`u.country = ${country}`, role ? sql`u.role = ${role}` : undefined],
  row: sql`json_build_object('id', u.id, 'name', u.name, 'created', u.created_at)`,
  export: {
    sheet: 'Personas',
    columns: () => [
      { header: 'Id', width: 8, kind: 'number', value: (r) => r.id },
      { header: 'Nombre', width: 20, kind: 'text', value: (r) => r.name },
    ],
  },
});

describe.each<Driver>(['pglite', 'postgres'])('the list engine on %s', (driver) => {
  let t: TestApp;
  let engine: ListEngine;
  const context = { country: 'arg' as const, user: { id: 1 } as AuthUser };
  let all: { id: number; name: string }[];

  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 0 });
    // A cap below the country's users, so the count is capped; export batches of 3 walk several keysets.
    engine = new ListEngine(t.app.db, { countThreshold: 5, exportBatch: 3 });
    all = await t.app.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.country, 'arg')).orderBy(users.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('pages forward and back by cursor through every row once, in order', async () => {
    const seen: number[] = [];
    let page = await engine.page(people, context, {}, { page: 1, pageSize: 4 });
    seen.push(...page.rows.map((r) => r.id));
    let n = 1;
    while (page.pageInfo.nextCursor) {
      page = await engine.page(people, context, {}, { page: ++n, pageSize: 4, cursor: page.pageInfo.nextCursor });
      seen.push(...page.rows.map((r) => r.id));
    }
    expect(seen).toEqual(all.map((r) => r.id));
    // Back one page from the last: the rows the page before it showed.
    const back = await engine.page(people, context, {}, { page: n - 1, pageSize: 4, cursor: page.pageInfo.prevCursor! });
    expect(back.rows.map((r) => r.id)).toEqual(all.slice((n - 2) * 4, (n - 1) * 4).map((r) => r.id));
  });

  it('sorts descending by a timestamp and by text, the id breaking ties', async () => {
    // The database's collation decides text order: descending is ascending turned around.
    const ascending = await engine.page(people, context, {}, { page: 1, pageSize: 50, sort: 'name', dir: 'asc' });
    const descending = await engine.page(people, context, {}, { page: 1, pageSize: 50, sort: 'name', dir: 'desc' });
    expect(descending.rows.map((r) => r.id)).toEqual(ascending.rows.map((r) => r.id).reverse());
    expect(ascending.rows.length).toBe(all.length);
    const first = await engine.page(people, context, {}, { page: 1, pageSize: 2, sort: 'created_at', dir: 'desc' });
    const second = await engine.page(
      people,
      context,
      {},
      { page: 2, pageSize: 2, sort: 'created_at', dir: 'desc', cursor: first.pageInfo.nextCursor! },
    );
    const byOffset = await engine.page(people, context, {}, { page: 2, pageSize: 2, sort: 'created_at', dir: 'desc' });
    expect(second.rows).toEqual(byOffset.rows);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(4);
  });

  it('caps the count at the threshold unless asked for the exact one, and filters', async () => {
    expect(all.length).toBeGreaterThan(5);
    expect((await engine.page(people, context, {}, { page: 1, pageSize: 10 })).count).toEqual({ total: 5, exact: false });
    expect((await engine.page(people, context, {}, { page: 1, pageSize: 10, exactCount: true })).count).toEqual({
      total: all.length,
      exact: true,
    });
    const admins = await engine.page(people, context, { role: '1' }, { page: 1, pageSize: 10 });
    expect(admins.count.exact).toBe(true);
    expect(admins.rows.length).toBe(admins.count.total);
    expect(admins.rows.length).toBeGreaterThan(0);
    // A page past the end has no rows to carry the count: it is still the filter's, and none matching is 0.
    expect((await engine.page(people, context, {}, { page: 100, pageSize: 10, exactCount: true })).count).toEqual({
      total: all.length,
      exact: true,
    });
    expect((await engine.page(people, context, { role: 'none' }, { page: 1, pageSize: 10 })).count).toEqual({ total: 0, exact: true });
  });

  it('leaves a count out of a page asked with count=later unless the page holds every row, and counts it apart', async () => {
    const later = await engine.page(people, context, {}, { page: 1, pageSize: 2, count: 'later' });
    const now = await engine.page(people, context, {}, { page: 1, pageSize: 2 });
    expect(later.rows).toEqual(now.rows);
    expect(later.pageInfo).toEqual(now.pageInfo);
    expect(later.count).toBeNull();
    expect(await engine.total(people, context, {}, {})).toEqual({ total: 5, exact: false });
    expect(await engine.total(people, context, {}, { exactCount: true })).toEqual({ total: all.length, exact: true });
    // Past the first page the count is never at hand; the filters apply to the count as to the rows.
    expect((await engine.page(people, context, {}, { page: 2, pageSize: 2, count: 'later' })).count).toBeNull();
    const admins = await engine.page(people, context, { role: '1' }, { page: 1, pageSize: 10 });
    expect(await engine.total(people, context, { role: '1' }, {})).toEqual(admins.count);
    expect(await engine.total(people, context, { role: 'none' }, {})).toEqual({ total: 0, exact: true });
    // A first page with no page after it is its own exact count.
    const whole = await engine.page(people, context, {}, { page: 1, pageSize: 50, count: 'later' });
    expect(whole.count).toEqual({ total: all.length, exact: true });
  });

  it('ignores a cursor of another list, another order or a forged value instead of failing', async () => {
    const page = await engine.page(people, context, {}, { page: 1, pageSize: 2, sort: 'name', dir: 'asc' });
    const cursor = page.pageInfo.nextCursor!;
    const [, , , value, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    const forged = Buffer.from(JSON.stringify(['people', 'created_at', 'asc', "x'; drop table users", id, 'n'])).toString('base64url');
    const asked = await engine.page(people, context, {}, { page: 1, pageSize: 2, sort: 'created_at', dir: 'asc', cursor: forged });
    const plain = await engine.page(people, context, {}, { page: 1, pageSize: 2, sort: 'created_at', dir: 'asc' });
    expect(asked.rows).toEqual(plain.rows);
    expect(typeof value).toBe('string');
    await expect(engine.page(people, context, {}, { page: 1, pageSize: 2, sort: 'nope' })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('exports the whole filtered set across batches as CSV', async () => {
    const chunks: string[] = [];
    const reply = {
      headers: {} as Record<string, string>,
      header(name: string, value: string) {
        this.headers[name] = value;
        return this;
      },
      type(value: string) {
        this.headers['content-type'] = value;
        return this;
      },
      async send(stream: AsyncIterable<Buffer | string>) {
        for await (const chunk of stream) chunks.push(String(chunk));
        return this;
      },
    };
    const request = { headers: {}, log: { error: () => {} } };
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await engine.export(people, context, {}, request as any, reply as any, { format: 'csv' });
    const lines = chunks
      .join('')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Id;Nombre');
    expect(lines.slice(1).map((line) => Number(line.split(';')[0]))).toEqual(all.map((r) => r.id));
    expect(reply.headers['x-total-count']).toBe(String(all.length));
  });
});
