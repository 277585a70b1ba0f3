import { gunzipSync } from 'node:zlib';
import {
  LEAD_SOURCE_LABELS,
  AMOUNT_RANGES,
  EXPORT_SELECTION_MAX,
  MANAGEMENT_STATUSES,
  NONE,
  STATUSES,
  leadListResponseSchema,
  stepsOf,
  type LeadListResponse,
} from '@backoffice/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { leads } from '../../src/db/schema';
import * as client from '../../src/db/client';
import { TestClient, createTestApp, type Driver, type TestApp } from '../helpers/app';
import { FIXTURE_BASE, insertKnownLeads, textMatches, userIdByEmail, userIds, type KnownLead } from '../helpers/leads-fixture';

/*
 * The list, its count, paging and the export against a known set of 80 arg leads (plus 12 col leads that
 * must never show up). Expectations are computed here, in memory, from the rows the test inserted: an
 * independent answer to compare the server's SQL with.
 */

const THRESHOLD = 50;
const TEXT_PROBE_CAP = 10;
const N_ARG = 80;

interface Filter {
  status?: number[];
  step?: number[];
  amount?: string;
  management?: string[];
  seller?: (number | 'none')[];
  from?: string;
  to?: string;
  q?: string;
}

/** Calendar day of a timestamp in Buenos Aires (UTC-3, no DST). */
const argDay = (date: Date) => new Date(date.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);

function matches(lead: KnownLead, f: Filter): boolean {
  if (f.status && !f.status.includes(lead.statusId)) return false;
  if (f.step && !f.step.includes(lead.statusId)) return false;
  if (f.amount) {
    const range = AMOUNT_RANGES.arg.find((r) => r.id === f.amount)!;
    const units = lead.requestedAmount / 100;
    if (range.min !== undefined && units < range.min) return false;
    if (range.max !== undefined && units >= range.max) return false;
  }
  if (f.management && !f.management.some((m) => (m === NONE ? lead.managementStatus === null : lead.managementStatus === m))) return false;
  if (f.seller && !f.seller.some((s) => (s === NONE ? lead.sellerId === null : lead.sellerId === s))) return false;
  if (f.from && argDay(lead.createdAt) < f.from) return false;
  if (f.to && argDay(lead.createdAt) > f.to) return false;
  if (f.q && !textMatches(lead, f.q)) return false;
  return true;
}

type SortField = 'created_at' | 'updated_at' | 'requested_amount' | 'id';
const sortValue: Record<SortField, (l: KnownLead) => number> = {
  created_at: (l) => l.createdAt.getTime(),
  updated_at: (l) => l.updatedAt.getTime(),
  requested_amount: (l) => l.requestedAmount,
  id: (l) => l.id,
};

function expected(known: KnownLead[], f: Filter, sort: SortField = 'created_at', dir: 'asc' | 'desc' = 'desc'): number[] {
  const sign = dir === 'asc' ? 1 : -1;
  return known
    .filter((l) => matches(l, f))
    .sort((a, b) => sign * (sortValue[sort](a) - sortValue[sort](b) || a.id - b.id))
    .map((l) => l.id);
}

function queryOf(f: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(f) as [string, unknown][]) {
    if (value === undefined) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params.toString();
}

describe.each<Driver>(['pglite', 'postgres'])('leads list, count, paging and export on %s', (driver) => {
  let t: TestApp;
  let known: KnownLead[];
  let colKnown: KnownLead[];
  let admin: TestClient;
  let sellerId: number;
  let otherSellerId: number;

  const list = async (query: string, client = admin): Promise<LeadListResponse> => {
    const res = await client.get(`/api/arg/leads?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return leadListResponseSchema.parse(res.json());
  };

  beforeAll(async () => {
    // A small text probe cap, so the q filters below take both ways: by customer id (few matches) and
    // walking the list (many).
    t = await createTestApp(driver, {
      seedLeads: 0,
      listCountThreshold: THRESHOLD,
      countCacheSeconds: 0,
      listTextProbeCap: TEXT_PROBE_CAP,
    });
    sellerId = await userIdByEmail(t.app, 'arg', 'seller@arg.example');
    const sellers = await userIds(t.app, 'arg', ['2', '6']);
    otherSellerId = sellers.find((id) => id !== sellerId)!;
    known = await insertKnownLeads(t.app, 'arg', N_ARG, [sellerId, otherSellerId, sellers[2]]);
    const colSellers = await userIds(t.app, 'col', ['seller']);
    colKnown = await insertKnownLeads(t.app, 'col', 12, colSellers);
    admin = new TestClient(t.app);
    expect((await admin.login('arg', 'admin@arg.example')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const middleFragment = () => known[17].docNumber.slice(2, 7);
  const filters: [string, () => Filter][] = [
    ['no filter', () => ({})],
    ['status (several)', () => ({ status: [4, 26, 32] })],
    [
      'step',
      () => ({
        step: stepsOf('arg')
          .slice(0, 3)
          .map((s) => s.id),
      }),
    ],
    ['status and step intersect', () => ({ status: [4, 5, 14], step: [4, 26] })],
    ['amount range', () => ({ amount: '5000-10000' })],
    ['amount greater than', () => ({ amount: 'gt-30000' })],
    ['amount greater than 50000', () => ({ amount: 'gt-50000' })],
    ['amount less than', () => ({ amount: 'lt-15000' })],
    ['management status', () => ({ management: ['Contestador'] })],
    ['management none (sin gestión)', () => ({ management: [NONE] })],
    ['management none or a status', () => ({ management: [NONE, 'No responde'] })],
    ['seller', () => ({ seller: [sellerId] })],
    ['seller none (unassigned)', () => ({ seller: [NONE] })],
    ['seller none or one', () => ({ seller: [NONE, otherSellerId] })],
    ['created from', () => ({ from: argDay(known[40].createdAt) })],
    ['created to', () => ({ to: argDay(known[20].createdAt) })],
    ['created between', () => ({ from: argDay(known[10].createdAt), to: argDay(known[30].createdAt) })],
    ['q: fragment in the middle of a document', () => ({ q: middleFragment() })],
    ['q: document with dots', () => ({ q: known[9].docNumber.replace(/(\d{2})(\d{3})(\d{3})/, '$1.$2.$3') })],
    ['q: CUIL', () => ({ q: known[12].cuil! })],
    ['q: fragment of a cellphone', () => ({ q: known[23].cellphone.slice(3, 8) })],
    ['q: 6 digits at an odd position of a CUIL (digit windows)', () => ({ q: known[21].cuil!.slice(3, 9) })],
    ['q: 7 digits in the middle of a cellphone (digit windows)', () => ({ q: known[25].cellphone.slice(2, 9) })],
    ['q: the first 6 digits of a document (digit windows)', () => ({ q: known[33].docNumber.slice(0, 6) })],
    ['q: email', () => ({ q: known[31].email })],
    ['q: name without accents', () => ({ q: 'nunez' })],
    ['q: the beginning of a first name', () => ({ q: 'mart' })],
    ['q: the beginning of a name and a short fragment', () => ({ q: 'Mart nú' })],
    ['q: two words, accents and case', () => ({ q: 'MARÍA nuñez' })],
    // "mar" begins maria and martin: checked on each lead of nunez's list (lists/word-lists.ts).
    ['q: a word that begins several words and a whole one', () => ({ q: 'mar nunez' })],
    ['q: no match', () => ({ q: 'zzzzzz' })],
    [
      'combined: status + amount + management',
      () => ({ status: [1, 4, 5, 26, 14], amount: 'lt-30000', management: ['No responde', 'Contestador', NONE] }),
    ],
    ['combined: seller + date + q', () => ({ seller: [sellerId, NONE], from: argDay(known[5].createdAt), q: 'correo1' })],
  ];

  it.each(filters)('filter %s returns exactly the matching rows', async (_name, make) => {
    const f = make();
    const want = expected(known, f);
    const body = await list(queryOf({ ...f, pageSize: 100 }));
    expect(body.rows.map((r) => r.id)).toEqual(want);
    expect(body.count).toEqual({ total: Math.min(want.length, THRESHOLD), exact: want.length <= THRESHOLD });
    for (const row of body.rows) expect(row.customer.doc_type).toBe('DNI');
  });

  it('reads a text with few matching customers by customer id and one with many by walking the list', async () => {
    const few = await t.app.leadQueries.resolveText('arg', { q: known[31].email });
    expect(few.customerIds).toHaveLength(1);
    const broad = expected(known, { q: 'correo1' }).length;
    expect(broad).toBeGreaterThan(TEXT_PROBE_CAP);
    expect((await t.app.leadQueries.resolveText('arg', { q: 'correo1' })).customerIds).toBeUndefined();
    // Document fragments of 6+ digits never need the probe: the digit windows are exact keys.
    expect((await t.app.leadQueries.resolveText('arg', { q: known[17].docNumber.slice(1, 7) })).customerIds).toBeUndefined();
  });

  it("tells a first name and a surname dense from their prefixes' index entries; fewer than the cap there, the word index gives exactly their customers", async () => {
    const customersOf = async (ids: number[]) =>
      (await t.app.db.select({ customerId: leads.customerId }).from(leads).where(inArray(leads.id, ids)))
        .map((row) => row.customerId)
        .sort((a, b) => a - b);
    const byIndex = vi.spyOn(client, 'queryRowsByIndex');
    try {
      // Pairs of the fixture's first names and surnames (and their beginnings), and a first name with a word of
      // every email (10 customers: the cap, so the paired look is not enough and the word index answers).
      for (const q of ['maria nunez', 'jose perez', 'lucia gomez', 'ivan alvarez', 'mar sos', 'sofia munoz', 'maria cliente']) {
        const want = expected(known, { q });
        expect(want.length, q).toBeLessThanOrEqual(TEXT_PROBE_CAP);
        const resolved = await t.app.leadQueries.resolveText('arg', { q });
        expect(
          [...(resolved.customerIds ?? [])].sort((a, b) => a - b),
          q,
        ).toEqual(await customersOf(want));
        expect(resolved.dense, q).toBeUndefined();
      }
      // A surname and a word of every email: more customers than the cap, fewer than the sample's 20.
      const broad = expected(known, { q: 'nunez cliente' }).length;
      expect(broad).toBeGreaterThan(TEXT_PROBE_CAP);
      expect(broad).toBeLessThan(20);
      byIndex.mockClear();
      expect(await t.app.leadQueries.resolveText('arg', { q: 'nunez cliente' })).toEqual({ q: 'nunez cliente', dense: true });
      // The word index was not asked (its calls' arguments hold the database: not printed).
      expect(byIndex.mock.calls.length).toBe(0);
      // A text of more words is no pair: the word index settles it.
      expect(await t.app.leadQueries.resolveText('arg', { q: 'nunez cliente correo' })).toEqual({ q: 'nunez cliente correo', dense: true });
      expect(byIndex.mock.calls.length).toBeGreaterThan(0);
    } finally {
      byIndex.mockRestore();
    }
  });

  it('pages a broad text alone (walked in list order) like any other filter, in every direction, for staff and for a seller', async () => {
    const seller = new TestClient(t.app);
    expect((await seller.login('arg', 'seller@arg.example')).statusCode).toBe(200);
    const walk = vi.spyOn(client, 'queryRowsInIndexOrder');
    try {
      // Every customer's email holds "cliente": the seller's own leads, all of them matching.
      const askers: [TestClient, Filter, string][] = [
        [admin, {}, 'correo1'],
        [seller, { seller: [sellerId] }, 'cliente'],
      ];
      for (const [who, scope, q] of askers) {
        for (const [sort, dir] of [
          ['created_at', 'desc'],
          ['requested_amount', 'asc'],
        ] as const) {
          const want = expected(known, { ...scope, q }, sort, dir);
          expect(want.length).toBeGreaterThan(10);
          const first = await list(queryOf({ q, sort, dir, pageSize: 10 }), who);
          expect(first.rows.map((r) => r.id)).toEqual(want.slice(0, 10));
          const second = await list(queryOf({ q, sort, dir, pageSize: 10, page: 2, cursor: first.pageInfo.nextCursor }), who);
          expect(second.rows.map((r) => r.id)).toEqual(want.slice(10, 20));
          const back = await list(queryOf({ q, sort, dir, pageSize: 10, page: 1, cursor: second.pageInfo.prevCursor }), who);
          expect(back.rows.map((r) => r.id)).toEqual(want.slice(0, 10));
          // The same page by its number (an offset over the walk).
          const byNumber = await list(queryOf({ q, sort, dir, pageSize: 10, page: 2 }), who);
          expect(byNumber.rows.map((r) => r.id)).toEqual(want.slice(10, 20));
        }
        expect(walk).toHaveBeenCalled();
        walk.mockClear();
      }
    } finally {
      walk.mockRestore();
    }
  });

  it("counts a broad name alone in the user's scope, checking every candidate", async () => {
    const queries = vi.spyOn(client, 'queryRows');
    try {
      // "maria example": María and Martín share "mar" (both candidates), only María matches: checked on the
      // words under each prefix. With a third word the two longest give the prefixes ("cliente", "example":
      // every customer) and the customer's row is checked for the rest.
      for (const q of ['maria example', 'mar example', 'cliente example', 'example inés', 'maria cliente example']) {
        for (const scope of [{ country: 'arg' as const }, { country: 'arg' as const, ownSellerId: sellerId }]) {
          const want = expected(known, { q, ...(scope.ownSellerId ? { seller: [scope.ownSellerId] } : {}) }).length;
          queries.mockClear();
          const count = await t.app.leadQueries.count(scope, { q }, THRESHOLD);
          expect(count, `${q} ${scope.ownSellerId ?? 'staff'}`).toEqual({ total: Math.min(want, THRESHOLD), exact: want <= THRESHOLD });
          // A text with a word that begins one word only is counted from lead_words (lists/lead-words.ts), a
          // word that begins several ("mar": maria, martin) checked on each lead there.
          expect(
            queries.mock.calls.some(([, text]) => text.includes('lead_words')),
            q,
          ).toBe(true);
        }
      }
      expect(expected(known, { q: 'maria example' }).length).toBeLessThan(expected(known, { q: 'mar example' }).length);
      expect(expected(known, { q: 'cliente example' }).length).toBeGreaterThan(THRESHOLD);
      expect(expected(known, { q: 'maria cliente example' }).length).toBeLessThan(THRESHOLD);
    } finally {
      queries.mockRestore();
    }
  });

  it('the interesting filters are not trivially empty or full (the fixture covers them)', () => {
    for (const [name, make] of filters) {
      const n = expected(known, make()).length;
      if (name.includes('no match')) expect(n).toBe(0);
      else if (name !== 'no filter') expect(n, name).toBeGreaterThan(0);
      if (name !== 'no filter') expect(n, name).toBeLessThan(N_ARG);
    }
  });

  it('filters col lists by data rate (SPEC 3: 1 to 7, or none), and refuses the filter in arg', async () => {
    // Rates 1 to 7 and none, in turn (the fixture gives none).
    const rateOf = (i: number) => (i % 8 === 0 ? null : i % 8);
    for (const [i, lead] of colKnown.entries())
      await t.app.db
        .update(leads)
        .set({ dataRate: rateOf(i) })
        .where(eq(leads.id, lead.id));
    const colAdmin = new TestClient(t.app);
    expect((await colAdmin.login('col', 'admin@col.example')).statusCode).toBe(200);
    const idsOf = (rates: (number | null)[]) =>
      colKnown
        .filter((_, i) => rates.includes(rateOf(i)))
        .map((lead) => lead.id)
        .sort((a, b) => a - b);
    for (const [query, rates] of [
      ['2,3', [2, 3]],
      ['7', [7]],
      [NONE, [null]],
      [`${NONE},1`, [null, 1]],
    ] as const) {
      for (const path of ['leads', 'sales']) {
        const res = await colAdmin.get(`/api/col/${path}?data_rate=${query}&pageSize=100`);
        expect(res.statusCode, res.body).toBe(200);
        const want = idsOf([...rates]);
        expect(want.length).toBeGreaterThan(0);
        expect(
          leadListResponseSchema
            .parse(res.json())
            .rows.map((row) => row.id)
            .sort((a, b) => a - b),
          `${path} ${query}`,
        ).toEqual(want);
      }
    }
    for (const bad of ['8', '0', 'x']) {
      const res = await colAdmin.get(`/api/col/leads?data_rate=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().fields[0].field.split('.')[0]).toBe('data_rate');
    }
    const arg = await admin.get('/api/arg/leads?data_rate=3');
    expect(arg.statusCode).toBe(400);
    expect(arg.json().fields).toEqual([{ field: 'data_rate', message: 'La calificación de datos es un filtro de Colombia' }]);
  });

  it('returns rows in the contract shape with the step label, customer and seller', async () => {
    const body = await list('pageSize=100');
    const lead = known[1];
    const row = body.rows.find((r) => r.id === lead.id)!;
    expect(row.status_id).toBe(lead.statusId);
    expect(row.step).toBe(stepsOf('arg').find((s) => s.id === lead.statusId)?.label ?? null);
    expect(row.customer).toMatchObject({ doc_number: lead.docNumber, cuil: lead.cuil, first_name: lead.firstName, email: lead.email });
    expect(row.requested_amount).toBe(lead.requestedAmount);
    expect(row.seller?.id).toBe(lead.sellerId);
    expect(row.version).toBe(1);
    expect(new Date(row.created_at).getTime()).toBe(lead.createdAt.getTime());
    expect(body.rows.some((r) => r.step === null)).toBe(true);

    // List rows are JSON rendered by PostgreSQL, sent as text: the detail (the same item with its own fields,
    // parsed and extended) agrees field by field, nothing more (with and without a seller and a step).
    const raw = (await admin.get('/api/arg/leads?pageSize=100')).json() as { rows: Record<string, unknown>[] };
    const samples = [
      raw.rows.find((r) => r.seller !== null && r.step !== null),
      raw.rows.find((r) => r.seller === null && r.step === null),
    ];
    for (const sample of samples) {
      expect(sample).toBeDefined();
      const { offered_amount, rate, timeline, customer, ...item } = (await admin.get(`/api/arg/leads/${String(sample!.id)}`)).json();
      const { birth_date, address, bank, bank_account, bank_account_type, version, ...customerSummary } = customer;
      expect(
        [offered_amount, rate, timeline, birth_date, address, bank, bank_account, bank_account_type, version].every((v) => v !== undefined),
      ).toBe(true);
      expect(sample).toHaveProperty('next_call_at');
      expect(sample).toStrictEqual({ ...item, customer: customerSummary });
    }
  });

  it.each<[SortField, 'asc' | 'desc']>([
    ['created_at', 'desc'],
    ['created_at', 'asc'],
    ['updated_at', 'desc'],
    ['updated_at', 'asc'],
    ['requested_amount', 'desc'],
    ['requested_amount', 'asc'],
    ['id', 'asc'],
    ['id', 'desc'],
  ])('sorts by %s %s (ties broken by id)', async (sort, dir) => {
    const body = await list(`pageSize=100&sort=${sort}&dir=${dir}`);
    expect(body.rows.map((r) => r.id)).toEqual(expected(known, {}, sort, dir));
  });

  it.each<[SortField, 'asc' | 'desc', Filter]>([
    ['created_at', 'desc', {}],
    ['created_at', 'asc', { management: [NONE, 'Contestador', 'No responde'] }],
    ['requested_amount', 'desc', { amount: 'lt-50000' }],
    ['updated_at', 'asc', {}],
  ])('pages by cursor forwards and backwards without repeating or skipping rows (%s %s)', async (sort, dir, f) => {
    const want = expected(known, f, sort, dir);
    const pageSize = 10;
    const pages: number[][] = [];
    let body = await list(queryOf({ ...f, sort, dir, pageSize }));
    expect(body.pageInfo.prevCursor).toBeNull();
    pages.push(body.rows.map((r) => r.id));
    let page = 1;
    while (body.pageInfo.nextCursor) {
      page++;
      body = await list(queryOf({ ...f, sort, dir, pageSize, page, cursor: body.pageInfo.nextCursor }));
      expect(body.pageInfo.page).toBe(page);
      pages.push(body.rows.map((r) => r.id));
      expect(page).toBeLessThan(20);
    }
    expect(pages.flat()).toEqual(want);
    expect(pages.length).toBe(Math.ceil(want.length / pageSize));

    // Back from the last page with prevCursor: the same pages in reverse.
    const back: number[][] = [pages[pages.length - 1]];
    while (body.pageInfo.prevCursor) {
      page--;
      body = await list(queryOf({ ...f, sort, dir, pageSize, page, cursor: body.pageInfo.prevCursor }));
      back.unshift(body.rows.map((r) => r.id));
    }
    expect(page).toBe(1);
    expect(back).toEqual(pages);

    // A page by number (no cursor) is the same page.
    for (const n of [1, 2, pages.length]) {
      const byNumber = await list(queryOf({ ...f, sort, dir, pageSize, page: n }));
      expect(byNumber.rows.map((r) => r.id)).toEqual(pages[n - 1]);
      expect(byNumber.pageInfo.nextCursor === null).toBe(n === pages.length);
      expect(byNumber.pageInfo.prevCursor === null).toBe(n === 1);
    }
  });

  it('keeps keyset order when a page ends between two leads created at the same instant', async () => {
    const [a, b] = [known[9], known[10]];
    expect(a.createdAt.getTime()).toBe(b.createdAt.getTime());
    const want = expected(known, {}, 'created_at', 'asc');
    // Ascending, 10 per page: the 10th row is `a`, the 11th `b` (same created_at, ids break the tie).
    expect(want.slice(9, 11)).toEqual([a.id, b.id]);
    const first = await list('pageSize=10&sort=created_at&dir=asc');
    expect(first.rows.at(-1)!.id).toBe(a.id);
    const second = await list(`pageSize=10&page=2&sort=created_at&dir=asc&cursor=${first.pageInfo.nextCursor}`);
    expect(second.rows[0].id).toBe(b.id);
    expect(second.rows.map((r) => r.id)).toEqual(want.slice(10, 20));
    const back = await list(`pageSize=10&page=1&sort=created_at&dir=asc&cursor=${second.pageInfo.prevCursor}`);
    expect(back.rows.map((r) => r.id)).toEqual(want.slice(0, 10));
  });

  it('ignores a cursor made for another sort, and refuses malformed paging', async () => {
    const body = await list('pageSize=10');
    const other = await list(`pageSize=10&page=2&sort=requested_amount&cursor=${body.pageInfo.nextCursor}`);
    expect(other.rows.map((r) => r.id)).toEqual(expected(known, {}, 'requested_amount', 'desc').slice(10, 20));
    const garbage = await list('pageSize=10&page=2&cursor=not-a-cursor');
    expect(garbage.rows.map((r) => r.id)).toEqual(expected(known, {}).slice(10, 20));
    // Well formed but holding what no row can (an id past the integer column, a timestamp past any interval).
    for (const tampered of [
      ['created_at', 'desc', '1', 2_147_483_648, 'n'],
      ['created_at', 'desc', '99999999999999999999', 5, 'n'],
    ]) {
      const cursor = Buffer.from(JSON.stringify(tampered)).toString('base64url');
      expect((await list(`pageSize=10&page=2&cursor=${cursor}`)).rows.map((r) => r.id)).toEqual(expected(known, {}).slice(10, 20));
    }
    for (const bad of [
      'pageSize=7',
      'page=0',
      'sort=name',
      'dir=up',
      'amount=1-2',
      'management=Otro',
      'q=ab',
      'from=2026-13-01',
      'from=0000-01-01',
      'to=0000-12-31',
      'status=x',
      'status=9999',
      'step=9999',
      'status=0x4',
      'seller=1e2',
    ]) {
      const res = await admin.get(`/api/arg/leads?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().fields[0].field.split('.')[0]).toBe(bad.split('=')[0]);
    }
    // A hand-edited link is told in Spanish what a page is.
    for (const page of ['abc', '0', '2.5']) {
      expect((await admin.get(`/api/arg/leads?page=${page}`)).json().fields, page).toEqual([
        { field: 'page', message: 'La página es un número entero desde 1' },
      ]);
    }
    const reversed = await admin.get('/api/arg/leads?from=2026-03-05&to=2026-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fields).toEqual([{ field: 'to', message: 'La fecha hasta no puede ser anterior a la fecha desde' }]);
    // col ranges are not arg ranges.
    const colRange = await admin.get(`/api/arg/leads?amount=${AMOUNT_RANGES.col[0].id}`);
    expect(colRange.statusCode).toBe(400);
  });

  it('counts exactly up to the threshold, says "more than" beyond it, and exactly on request', async () => {
    expect((await list('pageSize=10')).count).toEqual({ total: THRESHOLD, exact: false });
    expect((await list('pageSize=10&exactCount=1')).count).toEqual({ total: N_ARG, exact: true });
    const small = { management: ['Contestador'] };
    const n = expected(known, small).length;
    expect(n).toBeLessThan(THRESHOLD);
    expect((await list(queryOf(small))).count).toEqual({ total: n, exact: true });
    // Exactly at the threshold is still exact.
    const at = await createTestApp(driver, { seedLeads: 0, listCountThreshold: N_ARG, countCacheSeconds: 0 }, async () => {});
    try {
      await insertKnownLeads(at.app, 'arg', N_ARG, []);
      const client = new TestClient(at.app);
      await client.login('arg', 'admin@arg.example');
      expect((await client.get('/api/arg/leads').then((r) => r.json())).count).toEqual({ total: N_ARG, exact: true });
    } finally {
      await at.close();
    }
  });

  it('answers a count=later page without the count it would have to make, and /leads/count gives it apart', async () => {
    // Many matches (80 over a cap of 50), a page of 10: the same rows and cursors, the count left out.
    const later = await list('pageSize=10&count=later');
    const now = await list('pageSize=10');
    expect(later.rows).toEqual(now.rows);
    expect(later.pageInfo).toEqual(now.pageInfo);
    expect(later.count).toBeNull();
    const countOf = async (query: string, client = admin) => {
      const res = await client.get(`/api/arg/leads/count?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    // Paging and order do not change it; the cap and exactCount apply as to a page's own count.
    expect(await countOf('pageSize=10&page=3&sort=id&dir=asc')).toEqual(now.count);
    expect(await countOf('exactCount=1')).toEqual({ total: N_ARG, exact: true });
    // A text over several pages: its rows now, its count apart, the same as a page with its count says.
    const name = { q: 'correo' };
    const want = expected(known, name);
    expect(want.length).toBeGreaterThan(10);
    const named = await list(queryOf({ ...name, pageSize: 10, count: 'later' }));
    expect(named.rows.map((r) => r.id)).toEqual(want.slice(0, 10));
    expect(named.count).toBeNull();
    expect(await countOf(queryOf(name))).toEqual({ total: Math.min(want.length, THRESHOLD), exact: want.length <= THRESHOLD });
    // A first page that holds every match is its own count: it comes with the rows.
    const few = { management: ['Contestador'] };
    expect((await list(queryOf({ ...few, count: 'later' }))).count).toEqual({ total: expected(known, few).length, exact: true });
    // The filters are checked as for a page, naming the field; an unknown count mode too.
    const bad = await admin.get('/api/arg/leads/count?status=999');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].field).toBe('status');
    const mode = await admin.get('/api/arg/leads?count=soon');
    expect(mode.statusCode).toBe(400);
    expect(mode.json().fields[0].field).toBe('count');
  });

  it("counts a seller's own leads only, on /leads/count and /sales/count, and refuses the roles the lists refuse", async () => {
    const seller = new TestClient(t.app);
    expect((await seller.login('arg', 'seller@arg.example')).statusCode).toBe(200);
    const own = expected(known, { seller: [sellerId] });
    expect(own.length).toBeLessThan(known.length);
    for (const path of ['leads', 'sales']) {
      const res = await seller.get(`/api/arg/${path}/count`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(), path).toEqual({ total: own.length, exact: true });
      // Another seller's leads, or the unassigned ones, are not counted for them either.
      expect((await seller.get(`/api/arg/${path}/count?seller=${otherSellerId},none`)).json(), path).toEqual({ total: 0, exact: true });
    }
    // A name among their own leads: counted in their scope, as their page finds them.
    const name = { q: 'mart' };
    const ownNamed = expected(known, { ...name, seller: [sellerId] });
    expect(ownNamed.length).toBeGreaterThan(0);
    expect(expected(known, name).length).toBeGreaterThan(ownNamed.length);
    expect((await seller.get(`/api/arg/sales/count?${queryOf(name)}`)).json()).toEqual({ total: ownNamed.length, exact: true });
    const auditor = new TestClient(t.app);
    expect((await auditor.login('arg', 'auditor@arg.example')).statusCode).toBe(200);
    for (const path of ['leads', 'sales']) {
      const list = await auditor.get(`/api/arg/${path}`);
      expect((await auditor.get(`/api/arg/${path}/count`)).statusCode, path).toBe(list.statusCode);
    }
    expect((await auditor.get('/api/arg/sales/count')).statusCode).toBe(403);
  });

  it('shows sellers only their own leads, in the list, the count, the export and the detail', async () => {
    const seller = new TestClient(t.app);
    expect((await seller.login('arg', 'seller@arg.example')).statusCode).toBe(200);
    const own = expected(known, { seller: [sellerId] });
    expect(own.length).toBeGreaterThan(0);
    const body = await list('pageSize=100', seller);
    expect(body.rows.map((r) => r.id)).toEqual(own);
    expect(body.count).toEqual({ total: own.length, exact: true });
    // Asking for someone else's or unassigned leads finds nothing.
    expect((await list(`seller=${otherSellerId},none`, seller)).rows).toEqual([]);
    const csv = await seller.get('/api/arg/leads/export?format=csv');
    expect(csv.headers['x-total-count']).toBe(String(own.length));
    expect(csv.body.trim().split('\r\n')).toHaveLength(own.length + 1);
    const othersLead = known.find((l) => l.sellerId === otherSellerId)!;
    expect((await seller.get(`/api/arg/leads/${othersLead.id}`)).statusCode).toBe(403);
    expect((await seller.get(`/api/arg/leads/${own[0]}`)).statusCode).toBe(200);
  });

  it('exports the whole filtered set as CSV: BOM, Spanish headers, accents, quoting, formula neutralisation', async () => {
    const f: Filter = { status: [1, 4, 26, 32, 8, 15] };
    const want = expected(known, f);
    // A pending call back of one row, at 15:30 UTC: 12:30 in Buenos Aires.
    await t.app.db
      .update(leads)
      .set({ nextCallAt: new Date('2026-03-02T15:30:00Z') })
      .where(eq(leads.id, known[8].id));
    const res = await admin.get(`/api/arg/leads/export?format=csv&${queryOf(f)}&page=3&pageSize=10`);
    await t.app.db.update(leads).set({ nextCallAt: null }).where(eq(leads.id, known[8].id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="leads-arg-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['x-total-count']).toBe(String(want.length));
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    const lines = text.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe(
      'Lead;Fecha de creación;Estado;Paso;Tipo de documento;Documento;CUIL;Nombre;Apellido;Celular;Email;Monto solicitado;Cuotas;Vendedor;Gestión;Próxima llamada;Origen;Última actualización;Código de estado',
    );
    // The whole set, not a page, in the list's order.
    expect(lines.slice(1).map((line) => Number(line.split(';')[0]))).toEqual(want);

    const lineOf = (id: number) => lines.find((line) => line.startsWith(`${id};`))!;
    const quoted = known[3];
    expect(lineOf(quoted.id)).toContain(';"Pérez ""el Tano""; Gómez";');
    expect(lineOf(known[5].id)).toContain(`;"'=HYPERLINK(""http://x"")";`);
    expect(lineOf(known[6].id)).toContain(";'+Núñez;");
    expect(lineOf(known[7].id)).toContain(";'@Inés;");
    const plain = known[8];
    const cells = lineOf(plain.id).split(';');
    expect(cells[2]).toBe(STATUSES.arg.find((s) => s.id === plain.statusId)!.label);
    expect(cells.at(-1)).toBe(STATUSES.arg.find((s) => s.id === plain.statusId)!.name);
    expect(cells[5]).toBe(plain.docNumber);
    expect(cells[6]).toBe(plain.cuil);
    expect(cells[11]).toBe(
      plain.requestedAmount % 100 === 0 ? String(plain.requestedAmount / 100) : (plain.requestedAmount / 100).toFixed(2).replace('.', ','),
    );
    expect(cells[14]).toBe(plain.managementStatus ?? 'Sin gestión');
    expect(cells[15]).toBe('2026-03-02 12:30');
    expect(lineOf(known[5].id).split(';')[15]).toBe('');
    expect(cells[16]).toBe(LEAD_SOURCE_LABELS[plain.source]);
    // Local (Buenos Aires) time of creation.
    const local = new Date(plain.createdAt.getTime() - 3 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    expect(cells[1]).toBe(local);
  });

  it('sends a CSV export gzipped to a client that takes it, the same file once undone', async () => {
    const url = `/api/arg/leads/export?format=csv&${queryOf({ status: [1, 4, 26, 32, 8, 15] })}`;
    const plain = await admin.get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const zipped = await admin.get(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(zipped.headers['x-total-count']).toBe(plain.headers['x-total-count']);
    expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);

    // Refused with q=0, or not offered: as it is.
    for (const acceptEncoding of ['gzip;q=0, br', 'identity']) {
      const res = await admin.get(url, { headers: { 'accept-encoding': acceptEncoding } });
      expect(res.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(res.rawPayload.equals(plain.rawPayload)).toBe(true);
    }
    // An XLSX is a zip already.
    const xlsx = await admin.get(`/api/arg/leads/export?format=xlsx&${queryOf({ status: [1] })}`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(xlsx.headers['content-encoding']).toBeUndefined();
  });

  it('exports XLSX that opens: header, every filtered row, numbers as numbers', async () => {
    const f: Filter = { management: ['No responde', NONE] };
    const want = expected(known, f);
    const res = await admin.get(`/api/arg/leads/export?format=xlsx&${queryOf(f)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/filename="leads-arg-\d{4}-\d{2}-\d{2}\.xlsx"/);
    expect(res.headers['x-total-count']).toBe(String(want.length));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Leads')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Lead');
    expect(sheet.getRow(1).getCell(2).value).toBe('Fecha de creación');
    expect(sheet.rowCount).toBe(want.length + 1);
    const ids = [];
    for (let r = 2; r <= sheet.rowCount; r++) ids.push(sheet.getRow(r).getCell(1).value);
    expect(ids).toEqual(want);
    const lead = known.find((l) => l.id === want[0])!;
    const row = sheet.getRow(2);
    expect(row.getCell(9).value).toBe(lead.lastName);
    expect(row.getCell(12).value).toBe(lead.requestedAmount / 100);
    expect(row.getCell(15).value).toBe(lead.managementStatus ?? 'Sin gestión');
  });

  it("exports only the selected leads, in the list order, within the user's scope and the other filters", async () => {
    const csvIds = (body: string) =>
      body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean)
        .slice(1)
        .map((line) => Number(line.split(';')[0]));
    const picked = [known[2].id, known[30].id, known[11].id, known[57].id];
    const res = await admin.get(`/api/arg/leads/export?format=csv&ids=${picked.join(',')}&sort=requested_amount&dir=asc`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('4');
    expect(csvIds(res.body)).toEqual(expected(known, {}, 'requested_amount', 'asc').filter((id) => picked.includes(id)));
    // With other filters the selection is narrowed by them, like any filter.
    const f: Filter = { status: [known[30].statusId] };
    const narrowed = await admin.get(`/api/arg/leads/export?format=csv&ids=${picked.join(',')}&${queryOf(f)}`);
    expect(csvIds(narrowed.body)).toEqual(expected(known, f).filter((id) => picked.includes(id)));
    // A seller's selection holds only their own leads, whatever ids they send.
    const seller = new TestClient(t.app);
    expect((await seller.login('arg', 'seller@arg.example')).statusCode).toBe(200);
    const mine = known.find((l) => l.sellerId === sellerId)!;
    const others = known.find((l) => l.sellerId === otherSellerId)!;
    const own = await seller.get(`/api/arg/leads/export?format=csv&ids=${mine.id},${others.id}`);
    expect(csvIds(own.body)).toEqual([mine.id]);
  });

  it('refuses a selection beyond EXPORT_SELECTION_MAX or with bad ids: 400 naming ids', async () => {
    const tooMany = Array.from({ length: EXPORT_SELECTION_MAX + 1 }, (_, i) => i + 1).join(',');
    for (const ids of [tooMany, '1,abc', '0']) {
      const res = await admin.get(`/api/arg/leads/export?format=csv&ids=${ids}`);
      expect(res.statusCode, ids.slice(0, 20)).toBe(400);
      // The list itself ('ids') or the bad entry in it ('ids.1').
      expect(res.json().fields.map((f: { field: string }) => f.field.split('.')[0])).toEqual(['ids']);
    }
    const atMost = Array.from({ length: EXPORT_SELECTION_MAX }, (_, i) => known[i % known.length].id).join(',');
    expect((await admin.get(`/api/arg/leads/export?format=csv&ids=${atMost}`)).statusCode).toBe(200);
  });

  it('exports an empty set as just the header', async () => {
    const res = await admin.get('/api/arg/leads/export?format=csv&q=zzzzzz');
    expect(res.headers['x-total-count']).toBe('0');
    expect(
      res.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean),
    ).toHaveLength(1);
  });

  it('covers every management status and the fixed date range in the fixture', () => {
    for (const status of MANAGEMENT_STATUSES) expect(known.some((l) => l.managementStatus === status)).toBe(true);
    expect(argDay(known[0].createdAt)).toBe(argDay(FIXTURE_BASE));
  });
});
