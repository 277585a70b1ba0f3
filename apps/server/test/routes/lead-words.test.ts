import type { LeadListItem, ListResponse } from '@backoffice/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, leads } from '../../src/db/schema';
import { createTestApp, signedIn, type Driver, type TestApp } from '../helpers/app';
import { insertKnownLeads, userIdByEmail, userIds, type KnownLead } from '../helpers/leads-fixture';

/*
 * A name typed in the leads or sales list, in the default order, is read from lead_words: the table follows
 * the leads (insert, seller, customer) and the customers' words, and the pages and counts are those of the
 * list's other ways (the same text sorted by id, which checks each lead's customer).
 */

describe.each<Driver>(['pglite', 'postgres'])('lead_words on %s', (driver) => {
  let t: TestApp;
  const as = signedIn(() => t.app);
  let arg: KnownLead[];
  let sellerId: number;
  let otherSellerId: number;

  beforeAll(async () => {
    // Every text that matches anyone is left dense (no customer ids looked up first), as common names are.
    t = await createTestApp(driver, { seedLeads: 0, countCacheSeconds: 0, listTextProbeCap: 0 });
    sellerId = await userIdByEmail(t.app, 'arg', 'seller@arg.example');
    otherSellerId = (await userIds(t.app, 'arg', ['2'])).find((id) => id !== sellerId)!;
    arg = await insertKnownLeads(t.app, 'arg', 48, [sellerId, otherSellerId]);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every lead's rows hold its customer's words, country, seller and creation time, and no other rows exist. */
  const followed = async () => {
    const result = await t.app.db.execute<{ held: number; expected: number }>(
      sql`select (select count(*) from lead_words)::int as held,
                 (select count(*) from leads l join customers c on c.id = l.customer_id
                    join lateral unnest(tsvector_to_array(c.search_words)) w(word) on true
                    join lead_words lw on lw.lead_id = l.id and lw.word = w.word and lw.country = l.country
                     and lw.seller_id is not distinct from l.seller_id and lw.created_at = l.created_at)::int as expected`,
    );
    const [row] = (result as unknown as { rows: { held: number; expected: number }[] }).rows;
    expect(row!.held).toBeGreaterThan(0);
    expect(row!.held).toBe(row!.expected);
  };

  /** A list's rows for a text through every page (cursor by cursor, 10 a page), and its count. */
  const listed = async (path: string, email: string, q: string, sort = '') => {
    const user = await as('arg', email);
    const found: number[] = [];
    let cursor: string | null = null;
    let total = -1;
    do {
      const res = await user.get(
        `${path}?q=${encodeURIComponent(q)}&pageSize=10${sort}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<ListResponse<LeadListItem>>();
      if (total < 0) total = page.count.total;
      found.push(...page.rows.map((r) => r.id));
      cursor = page.pageInfo.nextCursor;
    } while (cursor);
    const counted = (await user.get(`${path}/count?q=${encodeURIComponent(q)}`)).json<{ total: number }>().total;
    return { found, total, counted };
  };

  /** The default order's pages match the same text sorted by id (the list's other way), newest first. */
  const sameAsOtherWay = async (path: string, email: string, q: string) => {
    const byWords = await listed(path, email, q);
    const byId = await listed(path, email, q, '&sort=id&dir=asc');
    const createdAt = new Map(arg.map((lead) => [lead.id, lead.createdAt.getTime()]));
    const newestFirst = [...byId.found].sort((a, b) => createdAt.get(b)! - createdAt.get(a)! || b - a);
    expect(byWords.found, q).toEqual(newestFirst);
    expect(byWords.total, q).toBe(byId.total);
    expect(byWords.counted, q).toBe(byId.found.length);
    return byWords.found;
  };

  const NAMES = ['maria nunez', 'María', 'nun', 'perez gomez', 'jose', 'ramon sosa', 'ines', 'martin acosta', 'zzz', 'maria zzz', 'sofia'];

  it('answers names as the list did, for an admin and in a seller scope', async () => {
    await followed();
    for (const q of NAMES) await sameAsOtherWay('/api/arg/leads', 'admin@arg.example', q);
    for (const q of NAMES) {
      const own = await sameAsOtherWay('/api/arg/sales', 'seller@arg.example', q);
      expect(own.every((id) => arg.find((lead) => lead.id === id)!.sellerId === sellerId)).toBe(true);
    }
    // The fixture does find some of them, in both scopes.
    expect((await listed('/api/arg/leads', 'admin@arg.example', 'maria')).found.length).toBeGreaterThan(2);
    expect((await listed('/api/arg/sales', 'seller@arg.example', 'maria')).found.length).toBeGreaterThan(0);
  });

  it('follows a reassignment, a customer change and a new name', async () => {
    const lead = arg.find((l) => l.sellerId === otherSellerId && l.firstName === 'María')!;
    const before = (await listed('/api/arg/sales', 'seller@arg.example', 'maria')).found;
    expect(before).not.toContain(lead.id);
    await t.app.db.update(leads).set({ sellerId }).where(eq(leads.id, lead.id));
    await followed();
    expect((await listed('/api/arg/sales', 'seller@arg.example', 'maria')).found).toContain(lead.id);
    await sameAsOtherWay('/api/arg/sales', 'seller@arg.example', 'maria');

    // The lead moves to another customer (a Sofía): found under her name, no longer under María.
    const sofia = arg.find((l) => l.firstName === 'Sofía')!;
    const [other] = await t.app.db.select({ id: leads.customerId }).from(leads).where(eq(leads.id, sofia.id));
    await t.app.db.update(leads).set({ customerId: other!.id }).where(eq(leads.id, lead.id));
    await followed();
    expect((await listed('/api/arg/leads', 'admin@arg.example', 'maria')).found).not.toContain(lead.id);
    expect((await listed('/api/arg/leads', 'admin@arg.example', 'sofia')).found).toContain(lead.id);

    // The customer is renamed: both its leads follow.
    await t.app.db.update(customers).set({ firstName: 'Eulalia' }).where(eq(customers.id, other!.id));
    await followed();
    const renamed = await sameAsOtherWay('/api/arg/leads', 'admin@arg.example', 'eulalia');
    expect(renamed.sort((a, b) => a - b)).toEqual([lead.id, sofia.id].sort((a, b) => a - b));
    for (const q of NAMES) await sameAsOtherWay('/api/arg/leads', 'admin@arg.example', q);
  });

  it('drops a deleted lead', async () => {
    const last = arg.at(-1)!;
    await t.app.db.delete(leads).where(eq(leads.id, last.id));
    await followed();
    const rows = await t.app.db.execute(sql`select 1 from lead_words where lead_id = ${last.id}`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});
