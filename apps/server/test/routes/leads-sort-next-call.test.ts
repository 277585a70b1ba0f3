import { leadListResponseSchema, type LeadListResponse } from '@backoffice/shared';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '../../src/db/schema';
import { decodeCursor, encodeCursor, INFINITY_KEYS } from '../../src/lib/cursor';
import type { LeadFilters, LeadScope } from '../../src/lists/leads';
import { TestClient, createTestApp, type Driver, type TestApp } from '../helpers/app';
import { FIXTURE_BASE, insertKnownLeads, userIdByEmail, userIds, type KnownLead } from '../helpers/leads-fixture';

/*
 * The lists sorted by next call (leads.next_call_at, the soonest pending call back): ascending the soonest
 * first, descending the latest first, leads without one last both ways, ties broken by id. 80 arg leads,
 * a quarter without a call back and the rest sharing fourteen instants, so pages of 10 end inside a group of
 * equal call backs and inside the leads without one. Expectations are computed here from the values the
 * test wrote (and checked once against a plain ORDER BY … NULLS LAST); every way a page is read (a cursor
 * either way, a page by number from an anchor, the few-matches gathering, the ids planned for their values,
 * export batches) must give the same order.
 */

const N_ARG = 80;
const HOUR = 3_600_000;
type Dir = 'asc' | 'desc';
type Page = LeadListResponse;

/** The fixture's call backs: none for every fourth lead, the others on seven days at two hours of the day (all past). */
const nextCallOf = (i: number): Date | null =>
  i % 4 === 1 ? null : new Date(FIXTURE_BASE.getTime() + ((i * 5) % 7) * 24 * HOUR + (i % 2) * HOUR);

describe.each<Driver>(['pglite', 'postgres'])('lead lists sorted by next call on %s', (driver) => {
  let t: TestApp;
  let known: KnownLead[];
  const nextCall = new Map<number, number | null>();
  let admin: TestClient;
  let seller: TestClient;
  let sellerId: number;
  let otherSellerId: number;

  /** The independent order: call backs by time (then id) in the direction asked, then the leads without one. */
  const expected = (dir: Dir, keep: (lead: KnownLead) => boolean = () => true): number[] => {
    const sign = dir === 'asc' ? 1 : -1;
    const chosen = known.filter(keep);
    const withCall = chosen.filter((l) => nextCall.get(l.id) != null);
    const without = chosen.filter((l) => nextCall.get(l.id) == null);
    withCall.sort((a, b) => sign * (nextCall.get(a.id)! - nextCall.get(b.id)! || a.id - b.id));
    without.sort((a, b) => sign * (a.id - b.id));
    return [...withCall, ...without].map((l) => l.id);
  };

  const get = async (client: TestClient, path: string, query: string): Promise<Page> => {
    const res = await client.get(`/api/arg/${path}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return leadListResponseSchema.parse(res.json());
  };
  const ids = (page: Page) => page.rows.map((row) => row.id);

  /**
   * Every page forward by nextCursor, back by prevCursor from the last one, and each by its number (no
   * cursor: from the list's start or a remembered anchor): the same pages, in the expected order.
   */
  const walk = async (client: TestClient, path: string, query: string, want: number[]) => {
    const pageSize = 10;
    const base = `${query}&pageSize=${pageSize}`;
    let page = await get(client, path, base);
    expect(page.pageInfo.prevCursor).toBeNull();
    const pages = [ids(page)];
    while (page.pageInfo.nextCursor) {
      page = await get(client, path, `${base}&page=${pages.length + 1}&cursor=${page.pageInfo.nextCursor}`);
      pages.push(ids(page));
      expect(pages.length).toBeLessThan(20);
    }
    expect(pages.flat()).toEqual(want);
    expect(pages.length).toBe(Math.max(1, Math.ceil(want.length / pageSize)));
    for (let n = pages.length - 1; n >= 1; n--) {
      page = await get(client, path, `${base}&page=${n}&cursor=${page.pageInfo.prevCursor}`);
      expect(ids(page), `back to page ${n}`).toEqual(pages[n - 1]);
    }
    expect(page.pageInfo.prevCursor).toBeNull();
    // By number, twice: the second time from the anchors the first walk left.
    for (let round = 0; round < 2; round++) {
      for (let n = pages.length; n >= 1; n--) {
        const byNumber = await get(client, path, `${base}&page=${n}`);
        expect(ids(byNumber), `page ${n} by number`).toEqual(pages[n - 1]);
        expect(byNumber.pageInfo.nextCursor === null).toBe(n === pages.length);
      }
    }
    return pages;
  };

  const csvIds = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean)
      .slice(1)
      .map((line) => Number(line.split(';')[0]));

  beforeAll(async () => {
    // Counts cached (the few-matches path after a filter's first page), anchors every 7 rows, export batches
    // of 7: every reading of the list crosses groups of equal call backs and the leads without one.
    t = await createTestApp(driver, { seedLeads: 0, listCountThreshold: 50, countCacheSeconds: 60, pageAnchorRows: 7, exportBatch: 7 });
    sellerId = await userIdByEmail(t.app, 'arg', 'seller@arg.example');
    const sellers = await userIds(t.app, 'arg', ['2', '6']);
    otherSellerId = sellers.find((id) => id !== sellerId)!;
    known = await insertKnownLeads(t.app, 'arg', N_ARG, [sellerId, otherSellerId]);
    for (const [i, lead] of known.entries()) {
      const at = nextCallOf(i);
      nextCall.set(lead.id, at?.getTime() ?? null);
      if (at) await t.app.db.update(leads).set({ nextCallAt: at }).where(eq(leads.id, lead.id));
    }
    // col leads with call backs sooner than any arg one: never in an arg list.
    const colKnown = await insertKnownLeads(t.app, 'col', 6, []);
    for (const lead of colKnown)
      await t.app.db
        .update(leads)
        .set({ nextCallAt: new Date(FIXTURE_BASE.getTime() - 100 * HOUR) })
        .where(eq(leads.id, lead.id));
    admin = new TestClient(t.app);
    expect((await admin.login('arg', 'admin@arg.example')).statusCode).toBe(200);
    seller = new TestClient(t.app);
    expect((await seller.login('arg', 'seller@arg.example')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the fixture has leads without a call back and ties, split by pages of 10 both ways', () => {
    for (const dir of ['asc', 'desc'] as const) {
      const want = expected(dir);
      const same = (a: number, b: number) => nextCall.get(a) === nextCall.get(b);
      // Some page boundary falls between two leads with the same call back, and one between two without.
      const boundaries = [10, 20, 30, 40, 50, 60, 70].map((n) => [want[n - 1], want[n]] as const);
      expect(
        boundaries.some(([a, b]) => nextCall.get(a) != null && same(a, b)),
        dir,
      ).toBe(true);
      expect(
        boundaries.some(([a, b]) => nextCall.get(a) == null && nextCall.get(b) == null),
        dir,
      ).toBe(true);
    }
    const own = known.filter((l) => l.sellerId === sellerId);
    expect(own.filter((l) => nextCall.get(l.id) == null).length).toBeGreaterThan(1);
    expect(own.filter((l) => nextCall.get(l.id) != null).length).toBeGreaterThan(10);
  });

  it.each<Dir>(['asc', 'desc'])('sorts by next call %s: without a call back last, ties by id', async (dir) => {
    const want = expected(dir);
    // A plain ORDER BY … NULLS LAST agrees with the expectation computed here.
    const plain = await t.app.db
      .select({ id: leads.id })
      .from(leads)
      .where(eq(leads.country, 'arg'))
      .orderBy(
        dir === 'asc'
          ? sql`${leads.nextCallAt} asc nulls last, ${leads.id} asc`
          : sql`${leads.nextCallAt} desc nulls last, ${leads.id} desc`,
      );
    expect(plain.map((row) => row.id)).toEqual(want);
    // (arg's /sales is the sellers' list: see the seller's tests.)
    const page = await get(admin, 'leads', `sort=next_call_at&dir=${dir}&pageSize=100`);
    expect(ids(page)).toEqual(want);
    const first = page.rows[0];
    expect(first.next_call_at).toBe(new Date(nextCall.get(first.id)!).toISOString());
    expect(page.rows.at(-1)!.next_call_at).toBeNull();
  });

  it.each<[Dir, string, (lead: KnownLead) => boolean]>([
    ['asc', '', () => true],
    ['desc', '', () => true],
    ['asc', 'management=none,Contestador,No responde', (l) => [null, 'Contestador', 'No responde'].includes(l.managementStatus)],
    ['desc', 'status=1,4,5,26,14', (l) => [1, 4, 5, 26, 14].includes(l.statusId)],
  ])('pages by next call %s (%s) by cursor both ways and by number, exactly', async (dir, filter, keep) => {
    const want = expected(dir, keep);
    expect(want.length).toBeGreaterThan(20);
    await walk(admin, 'leads', `sort=next_call_at&dir=${dir}${filter ? `&${filter}` : ''}`, want);
  });

  it.each<Dir>(['asc', 'desc'])('gives the same pages when a filter is known to match few (%s)', async (dir) => {
    const scope: LeadScope = { country: 'arg' };
    const filters: LeadFilters = { status: [1, 4, 5, 26, 14] };
    const want = expected(dir, (l) => filters.status!.includes(l.statusId));
    for (const few of [false, true]) {
      const pages: number[][] = [];
      let cursor: string | null = null;
      do {
        const found = await t.app.leadQueries.page(scope, filters, {
          sort: 'next_call_at',
          dir,
          page: pages.length + 1,
          pageSize: 10,
          few,
          cursor: decodeCursor(cursor ?? undefined),
        });
        pages.push(found.rows.map((row) => (JSON.parse(row) as { id: number }).id));
        cursor = found.nextCursor;
      } while (cursor);
      expect(pages.flat(), `few: ${few}`).toEqual(want);
      // A page by position (an offset after the list's start) is the same page.
      const third = await t.app.leadQueries.page(scope, filters, { sort: 'next_call_at', dir, page: 3, pageSize: 10, few });
      expect(third.rows.map((row) => (JSON.parse(row) as { id: number }).id)).toEqual(want.slice(20, 30));
    }
  });

  it.each<Dir>(['asc', 'desc'])('shows a seller their own leads by next call %s on /sales and /leads, paged and exported', async (dir) => {
    const want = expected(dir, (l) => l.sellerId === sellerId);
    for (const path of ['sales', 'leads']) await walk(seller, path, `sort=next_call_at&dir=${dir}`, want);
    const csv = await seller.get(`/api/arg/sales/export?format=csv&sort=next_call_at&dir=${dir}`);
    expect(csv.statusCode).toBe(200);
    expect(csvIds(csv.body)).toEqual(want);
  });

  it.each<Dir>(['asc', 'desc'])('exports by next call %s in the list order, batch after batch (CSV and XLSX)', async (dir) => {
    const want = expected(dir);
    const csv = await admin.get(`/api/arg/leads/export?format=csv&sort=next_call_at&dir=${dir}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['x-total-count']).toBe(String(N_ARG));
    expect(csvIds(csv.body)).toEqual(want);
    const filtered = await admin.get(`/api/arg/leads/export?format=csv&sort=next_call_at&dir=${dir}&seller=${otherSellerId},none`);
    expect(csvIds(filtered.body)).toEqual(expected(dir, (l) => l.sellerId === otherSellerId || l.sellerId === null));
    const xlsx = await admin.get(`/api/arg/leads/export?format=xlsx&sort=next_call_at&dir=${dir}`);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Leads')!;
    const rows = [];
    for (let r = 2; r <= sheet.rowCount; r++) rows.push(sheet.getRow(r).getCell(1).value);
    expect(rows).toEqual(want);
  });

  it('takes a cursor holding a lead without a call back for this sort only, and ignores tampered ones', async () => {
    const want = expected('asc');
    const firstWithout = want.findIndex((id) => nextCall.get(id) == null);
    const at = (value: string, id: number, sort = 'next_call_at', dir: Dir = 'asc') =>
      Buffer.from(JSON.stringify([sort, dir, value, id, 'n'])).toString('base64url');
    // After the first lead without a call back: the rest of them.
    const cursor = at(INFINITY_KEYS.infinity, want[firstWithout]);
    expect(decodeCursor(cursor)).toMatchObject({ value: INFINITY_KEYS.infinity, id: want[firstWithout] });
    const after = await get(admin, 'leads', `sort=next_call_at&dir=asc&pageSize=10&page=9&cursor=${cursor}`);
    expect(ids(after)).toEqual(want.slice(firstWithout + 1, firstWithout + 11));
    // An infinity in another sort's cursor is no cursor we made: the page is reached by its number.
    expect(decodeCursor(at(INFINITY_KEYS.infinity, 5, 'created_at'))).toBeUndefined();
    expect(decodeCursor(at(INFINITY_KEYS['-infinity'], 5, 'updated_at', 'desc'))).toBeUndefined();
    expect(decodeCursor(at('9223372036854775806', 5))).toBeUndefined();
    const tampered = await get(admin, 'leads', `sort=next_call_at&dir=asc&pageSize=10&page=2&cursor=${at('9223372036854775806', 5)}`);
    expect(ids(tampered)).toEqual(want.slice(10, 20));
    // A cursor the server made round-trips.
    const made = { sort: 'next_call_at', dir: 'desc', value: INFINITY_KEYS['-infinity'], id: 7, direction: 'prev' } as const;
    expect(decodeCursor(encodeCursor(made))).toEqual(made);
  });

  it('moves a lead when its seller schedules a call back, pages by number included', async () => {
    // Descending: a call back ahead of every one of the fixture's (all past) is the first.
    const own = (l: KnownLead) => l.sellerId === sellerId;
    const want = expected('desc', own);
    const pageOf = async (n: number) => ids(await get(seller, 'sales', `sort=next_call_at&dir=desc&pageSize=10&page=${n}`));
    // Pages by number remember where they start (anchors every 7 rows): dropped when a call back moves a lead.
    expect(await pageOf(2)).toEqual(want.slice(10, 20));
    const lead = known.find((l) => own(l) && nextCall.get(l.id) == null && [1, 4, 5].includes(l.statusId))!;
    expect(lead).toBeDefined();
    expect(want.indexOf(lead.id)).toBeGreaterThan(20);
    const at = new Date(Date.now() + 24 * HOUR);
    at.setUTCMilliseconds(0);
    const res = await seller.post(`/api/arg/sales/${lead.id}/call-back`, { at: at.toISOString() });
    expect(res.statusCode, res.body).toBe(200);
    const [stored] = await t.app.db
      .select({ at: leads.nextCallAt })
      .from(leads)
      .where(and(eq(leads.id, lead.id), eq(leads.country, 'arg')));
    expect(stored.at?.getTime()).toBe(at.getTime());
    nextCall.set(lead.id, at.getTime());
    const moved = expected('desc', own);
    expect(moved[0]).toBe(lead.id);
    expect(await pageOf(2)).toEqual(moved.slice(10, 20));
    expect(await pageOf(3)).toEqual(moved.slice(20, 30));
    expect(ids(await get(seller, 'sales', 'sort=next_call_at&dir=asc&pageSize=100'))).toEqual(expected('asc', own));
  });
});
