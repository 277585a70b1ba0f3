import {
  ARG_STATUS_IDS,
  CALL_BACK_MAX_DAYS,
  CALL_BACK_MAX_PENDING,
  CALL_BACK_MESSAGES,
  COL_STATUS_IDS,
  findTransition,
  isTerminalStatus,
  leadListResponseSchema,
  saleDetailSchema,
  salesStatusesOf,
  type Country,
} from '@backoffice/shared';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, leadEvents, leads, scheduledCalls, users } from '../../src/db/schema';
import { TestClient, createTestApp, signedIn, type Driver, type TestApp } from '../helpers/app';
import { insertKnownLeads, userIdByEmail, userIds, type KnownLead } from '../helpers/leads-fixture';

/*
 * /sales and /sale-detail: the working list (every application in the user's scope, filterable by the SPEC 4
 * sales statuses), the SPEC 6 route rule, taking from the unassigned pool under concurrency, customer edits
 * (validation and stale versions) and call backs. Expectations come from the rows the test inserted.
 */

const ARG_SALES = salesStatusesOf('arg').map((s) => s.id);
const COL_SALES = salesStatusesOf('col').map((s) => s.id);
const HOUR = 3_600_000;

describe.each<Driver>(['pglite', 'postgres'])('sales on %s', (driver) => {
  let t: TestApp;
  let arg: KnownLead[];
  let col: KnownLead[];
  let sellerId: number;
  let otherSellerId: number;

  /** A signed-in client per account, reused across tests. */
  const as = signedIn(() => t.app);
  const emailOf = async (id: number) => (await t.app.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0].email;
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);
  const eventCount = async () => (await t.app.db.select({ n: count() }).from(leadEvents))[0].n;

  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 0, countCacheSeconds: 0 });
    sellerId = await userIdByEmail(t.app, 'arg', 'seller@arg.example');
    otherSellerId = (await userIds(t.app, 'arg', ['2'])).find((id) => id !== sellerId)!;
    arg = await insertKnownLeads(t.app, 'arg', 48, [sellerId, otherSellerId]);
    col = await insertKnownLeads(t.app, 'col', 10, await userIds(t.app, 'col', ['seller']));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists exactly the own applications, and each sales status filter exactly its rows', async () => {
    const seller = await as('arg', 'seller@arg.example');
    // The working list holds every application assigned to the seller, at any step of the pipeline.
    const own = arg.filter((l) => l.sellerId === sellerId);
    expect(own.length).toBeGreaterThan(3);
    expect(own.some((l) => !ARG_SALES.includes(l.statusId))).toBe(true);

    let res = await seller.get('/api/arg/sales?pageSize=100');
    expect(res.statusCode, res.body).toBe(200);
    let body = leadListResponseSchema.parse(res.json());
    expect(ids(body.rows)).toEqual(ids(own));
    expect(body.count).toMatchObject({ total: own.length, exact: true });

    for (const status of [1, 14, 15]) {
      const expected = own.filter((l) => l.statusId === status);
      expect(expected.length).toBeGreaterThan(0);
      res = await seller.get(`/api/arg/sales?sales_status=${status}&pageSize=100`);
      body = leadListResponseSchema.parse(res.json());
      expect(ids(body.rows)).toEqual(ids(expected));
      expect(body.rows.every((r) => r.status_id === status && r.seller?.id === sellerId)).toBe(true);
    }
    // Two statuses, plus the other list filters (management, amount) combined with AND.
    res = await seller.get('/api/arg/sales?sales_status=1,15&management=none&pageSize=100');
    expect(ids(leadListResponseSchema.parse(res.json()).rows)).toEqual(
      ids(own.filter((l) => [1, 15].includes(l.statusId) && l.managementStatus === null)),
    );
    // Step: the applications at those steps (Paso 12 is ACCEPTED, Paso 3 PENDING_CUSTOMER_APPROVAL).
    res = await seller.get('/api/arg/sales?step=15,4&pageSize=100');
    const atSteps = own.filter((l) => [15, 4].includes(l.statusId));
    expect(atSteps.some((l) => l.statusId === 4)).toBe(true);
    expect(ids(leadListResponseSchema.parse(res.json()).rows)).toEqual(ids(atSteps));

    // A status that is not a sales status (or no status at all) is refused, naming the field once.
    for (const url of ['/api/arg/sales?sales_status=4', '/api/arg/sales?sales_status=999', '/api/arg/sales/pool?sales_status=999']) {
      res = await seller.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fields, url).toEqual([expect.objectContaining({ field: 'sales_status' })]);
    }
  });

  it('shows col admins every sale of the country, and col sellers their own', async () => {
    const admin = await as('col', 'admin@col.example');
    const res = await admin.get('/api/col/sales?pageSize=100');
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(leadListResponseSchema.parse(res.json()).rows)).toEqual(ids(col));
    const sold = leadListResponseSchema.parse((await admin.get(`/api/col/sales?sales_status=${COL_SALES.join(',')}&pageSize=100`)).json());
    expect(ids(sold.rows)).toEqual(ids(col.filter((l) => COL_SALES.includes(l.statusId))));
    const colSellerId = await userIdByEmail(t.app, 'col', 'seller@col.example');
    const seller = await as('col', 'seller@col.example');
    const mine = leadListResponseSchema.parse((await seller.get('/api/col/sales?pageSize=100')).json());
    expect(ids(mine.rows)).toEqual(ids(col.filter((l) => l.sellerId === colSellerId)));
  });

  it('exports only the seller’s own sales', async () => {
    const seller = await as('arg', 'seller@arg.example');
    const own = arg.filter((l) => l.sellerId === sellerId);
    const res = await seller.get('/api/arg/sales/export?format=csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="ventas-arg-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['x-total-count']).toBe(String(own.length));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1);
    expect(lines.map((line) => Number(line.split(';')[0])).sort((a, b) => a - b)).toEqual(ids(own));
    // A selection: only those of their own it names (another seller's id is not theirs to export).
    const other = arg.find((l) => l.sellerId !== null && l.sellerId !== sellerId)!;
    const selected = await seller.get(`/api/arg/sales/export?format=csv&ids=${own[0].id},${other.id}`);
    expect(selected.headers['x-total-count']).toBe('1');
    expect(
      selected.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => Number(line.split(';')[0])),
    ).toEqual([own[0].id]);
  });

  it('opens the seller’s own sale and refuses another seller’s with 403 (detail, customer, call back)', async () => {
    const seller = await as('arg', 'seller@arg.example');
    const mine = arg.find((l) => l.sellerId === sellerId)!;
    const res = await seller.get(`/api/arg/sales/${mine.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = saleDetailSchema.parse(res.json());
    expect(detail).toMatchObject({ id: mine.id, customer: { doc_number: mine.docNumber, version: 1 }, scheduled_calls: [] });

    const theirs = arg.find((l) => l.sellerId === otherSellerId)!;
    expect((await seller.get(`/api/arg/sales/${theirs.id}`)).statusCode).toBe(403);
    const edit = { first_name: 'Ana', last_name: 'Paz', cellphone: '1144445555', email: 'ana@example.com', version: 1 };
    expect((await seller.patch(`/api/arg/sales/${theirs.id}/customer`, edit)).statusCode).toBe(403);
    const at = new Date(Date.now() + 24 * HOUR).toISOString();
    expect((await seller.post(`/api/arg/sales/${theirs.id}/call-back`, { at })).statusCode).toBe(403);
    const unassigned = arg.find((l) => l.sellerId === null)!;
    expect((await seller.get(`/api/arg/sales/${unassigned.id}`)).statusCode).toBe(403);
    expect((await seller.get('/api/arg/sales/999999')).statusCode).toBe(404);
  });

  it('applies the SPEC 6 sales rule: other roles and the other country get 403', async () => {
    for (const email of ['seller_wo_assignation@arg.example', 'operator@arg.example', 'admin@arg.example', 'supervisor@arg.example']) {
      const client = await as('arg', email);
      expect((await client.get('/api/arg/sales')).statusCode, email).toBe(403);
      expect((await client.get('/api/arg/sales/export')).statusCode, email).toBe(403);
      expect((await client.get(`/api/arg/sales/${arg[1].id}`)).statusCode, email).toBe(403);
    }
    for (const email of ['operator@col.example', 'seller_wo_assignation@col.example']) {
      const client = await as('col', email);
      expect((await client.get('/api/col/sales')).statusCode, email).toBe(403);
    }
    const seller = await as('arg', 'seller@arg.example');
    expect((await seller.get('/api/col/sales')).statusCode).toBe(403);
    expect((await seller.get(`/api/col/sales/${col[1].id}`)).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/arg/sales')).statusCode).toBe(401);
  });

  /** What the pool offers: unassigned, in a sales status, and still able to move (not RECHAZADO). */
  const inPool = (lead: KnownLead) =>
    lead.sellerId === null &&
    (lead.country === 'arg' ? ARG_SALES : COL_SALES).includes(lead.statusId) &&
    !isTerminalStatus(lead.country, lead.statusId);

  it('lists the unassigned pool (sales statuses only) for sellers with and without assignation, and nobody else', async () => {
    const pool = arg.filter(inPool);
    expect(arg.some((l) => l.sellerId === null && !ARG_SALES.includes(l.statusId))).toBe(true);
    const woAssignation = await as('arg', await emailOf((await userIds(t.app, 'arg', ['7']))[0]));
    for (const client of [woAssignation, await as('arg', 'seller@arg.example')]) {
      const res = await client.get('/api/arg/sales/pool?pageSize=100');
      expect(res.statusCode, res.body).toBe(200);
      expect(ids(leadListResponseSchema.parse(res.json()).rows)).toEqual(ids(pool));
    }
    // Its own filters narrow it; a status outside the sales statuses is refused, naming the field.
    const created = (await woAssignation.get('/api/arg/sales/pool?sales_status=1&pageSize=100')).json();
    expect(ids(created.rows)).toEqual(ids(pool.filter((l) => l.statusId === 1)));
    expect((await woAssignation.get('/api/arg/sales/pool?sales_status=4')).json().fields).toEqual([
      expect.objectContaining({ field: 'sales_status' }),
    ]);
    for (const email of ['operator@arg.example', 'admin@arg.example', 'supervisor@arg.example']) {
      expect((await (await as('arg', email)).get('/api/arg/sales/pool')).statusCode, email).toBe(403);
    }
    expect((await woAssignation.get('/api/col/sales/pool')).statusCode).toBe(403);
  });

  it('offers only applications that can still move: never a closed one (RECHAZADO), in either country', async () => {
    const woAssignation = await as('arg', await emailOf((await userIds(t.app, 'arg', ['7']))[0]));
    const rejected = arg.filter((l) => l.sellerId === null && l.statusId === ARG_STATUS_IDS.REJECTED);
    expect(rejected.length).toBeGreaterThan(0);
    const offered = ids(leadListResponseSchema.parse((await woAssignation.get('/api/arg/sales/pool?pageSize=100')).json()).rows);
    expect(offered).toEqual(ids(arg.filter(inPool)));
    for (const lead of rejected) expect(offered).not.toContain(lead.id);
    // Asking for RECHAZADO (a sales status: not a 400) finds nothing to take; with another status, that one's.
    const asked = leadListResponseSchema.parse(
      (await woAssignation.get(`/api/arg/sales/pool?sales_status=${ARG_STATUS_IDS.REJECTED}`)).json(),
    );
    expect(asked).toMatchObject({ rows: [], count: { total: 0, exact: true }, pageInfo: { nextCursor: null, prevCursor: null } });
    const both = (
      await woAssignation.get(`/api/arg/sales/pool?sales_status=${ARG_STATUS_IDS.REJECTED},${ARG_STATUS_IDS.CREATED}&pageSize=100`)
    ).json();
    expect(ids(both.rows)).toEqual(ids(arg.filter((l) => inPool(l) && l.statusId === ARG_STATUS_IDS.CREATED)));

    const colSeller = await as('col', await emailOf((await userIds(t.app, 'col', ['seller_wo_assignation']))[0]));
    expect(col.some((l) => l.sellerId === null && l.statusId === COL_STATUS_IDS.REJECTED)).toBe(true);
    const colOffered = ids(leadListResponseSchema.parse((await colSeller.get('/api/col/sales/pool?pageSize=100')).json()).rows);
    expect(colOffered).toEqual(ids(col.filter(inPool)));
    expect(colOffered.length).toBeGreaterThan(0);
  });

  it('refuses to take a closed application (409 saying why) and writes nothing', async () => {
    for (const [country, leadsOf, status, taker] of [
      ['arg', arg, ARG_STATUS_IDS.REJECTED, 'seller@arg.example'],
      ['col', col, COL_STATUS_IDS.REJECTED, 'seller@col.example'],
    ] as const) {
      const target = leadsOf.find((l) => l.sellerId === null && l.statusId === status)!;
      const [before] = await t.app.db.select().from(leads).where(eq(leads.id, target.id));
      const eventsBefore = await eventCount();
      const res = await (await as(country, taker)).post(`/api/${country}/sales/${target.id}/take`, {});
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe('La solicitud ya está cerrada (RECHAZADO): no admite cambios de estado, así que no se puede tomar');
      const [after] = await t.app.db.select().from(leads).where(eq(leads.id, target.id));
      expect(after).toEqual(before);
      expect(await eventCount()).toBe(eventsBefore);
    }
    // Another status with no way out reads the same; a live status outside the sales statuses keeps its message.
    const seller = await as('arg', 'seller@arg.example');
    const notSales = arg.find((l) => l.sellerId === null && !ARG_SALES.includes(l.statusId) && !isTerminalStatus('arg', l.statusId))!;
    expect((await seller.post(`/api/arg/sales/${notSales.id}/take`, {})).json().message).toBe('La solicitud no está en un estado de venta');
  });

  it('lets exactly one of several sellers take an unassigned sale at once; others get 409', async () => {
    const pool = arg.filter(inPool);
    expect(pool.length).toBeGreaterThan(1);
    const target = pool[0];
    const takerIds = [sellerId, otherSellerId, ...(await userIds(t.app, 'arg', ['7']))];
    const takers = await Promise.all(takerIds.map(async (id) => as('arg', await emailOf(id))));
    const answers = await Promise.all(takers.map((client) => client.post(`/api/arg/sales/${target.id}/take`, {})));
    const won = answers.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    const lost = answers.filter((r) => r.statusCode !== 200);
    expect(lost.map((r) => r.statusCode)).toEqual(lost.map(() => 409));
    expect(lost[0].json().message).toBe('Otro vendedor ya tomó esta solicitud');
    const winner = won[0].json() as { seller_id: number; version: number };
    const [row] = await t.app.db.select().from(leads).where(eq(leads.id, target.id));
    expect(row).toMatchObject({ sellerId: winner.seller_id, version: 2 });
    const events = await t.app.db
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadId, target.id), eq(leadEvents.type, 'assignment')));
    expect(events).toHaveLength(1);
    // The winner taking it again (a double click, a second tab) is told it is theirs, and nothing is written.
    const winnerClient = takers[takerIds.indexOf(winner.seller_id)];
    const again = await winnerClient.post(`/api/arg/sales/${target.id}/take`, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ id: target.id, seller_id: winner.seller_id, version: 2 });
    expect(
      await t.app.db
        .select()
        .from(leadEvents)
        .where(and(eq(leadEvents.leadId, target.id), eq(leadEvents.type, 'assignment'))),
    ).toHaveLength(1);

    // Roles that are not sellers cannot take; leads outside the sales statuses are not in the pool.
    const operator = await as('arg', 'operator@arg.example');
    expect((await operator.post(`/api/arg/sales/${pool[1].id}/take`, {})).statusCode).toBe(403);
    const notSales = arg.find((l) => l.sellerId === null && !ARG_SALES.includes(l.statusId))!;
    expect((await takers[0].post(`/api/arg/sales/${notSales.id}/take`, {})).statusCode).toBe(409);
    expect((await takers[0].post(`/api/arg/sales/${col[0].id}/take`, {})).statusCode).toBe(404);
  });

  it('validates customer edits with the lead rules (400 naming the field, nothing written) and refuses stale ones', async () => {
    const seller = await as('arg', 'seller@arg.example');
    const lead = arg.filter((l) => l.sellerId === sellerId)[1];
    const [before] = await t.app.db.select().from(customers).where(eq(customers.docNumber, lead.docNumber));
    const eventsBefore = await eventCount();
    const valid = {
      first_name: 'Ana María',
      last_name: 'Paz',
      cellphone: '11 4444-5555',
      email: 'Ana@Example.com',
      address: 'Calle 1',
      version: 1,
    };

    for (const [field, value] of [
      ['cellphone', '0115555'],
      ['email', 'no-es-un-email'],
      ['first_name', '1'],
    ] as const) {
      const res = await seller.patch(`/api/arg/sales/${lead.id}/customer`, { ...valid, [field]: value });
      expect(res.statusCode, field).toBe(400);
      expect(new Set(res.json().fields.map((f: { field: string }) => f.field))).toEqual(new Set([field]));
    }
    const [unchanged] = await t.app.db.select().from(customers).where(eq(customers.id, before.id));
    expect(unchanged).toEqual(before);
    expect(await eventCount()).toBe(eventsBefore);

    const res = await seller.patch(`/api/arg/sales/${lead.id}/customer`, valid);
    expect(res.statusCode, res.body).toBe(200);
    const detail = saleDetailSchema.parse(res.json());
    expect(detail.customer).toMatchObject({
      first_name: 'Ana María',
      cellphone: '1144445555',
      email: 'ana@example.com',
      address: 'Calle 1',
      version: 2,
    });
    expect(detail.timeline[0]).toMatchObject({ type: 'customer', text: expect.stringContaining('Celular: 1144445555') });

    // Someone saved first: this edit still carries version 1.
    const stale = await seller.patch(`/api/arg/sales/${lead.id}/customer`, { ...valid, cellphone: '1166667777' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/fue modificado por otro usuario/);
    const [after] = await t.app.db.select().from(customers).where(eq(customers.id, before.id));
    expect(after).toMatchObject({ cellphone: '1144445555', version: 2 });

    // Saving what is stored (as typed another way) writes nothing: no new version to make others' edits stale.
    const events = await eventCount();
    const same = await seller.patch(`/api/arg/sales/${lead.id}/customer`, { ...valid, cellphone: '(11) 4444 5555', version: 2 });
    expect(same.statusCode, same.body).toBe(200);
    expect(saleDetailSchema.parse(same.json()).customer.version).toBe(2);
    expect((await t.app.db.select().from(customers).where(eq(customers.id, before.id)))[0]).toEqual(after);
    expect(await eventCount()).toBe(events);
  });

  it("keeps the customer's bank account: an arg CBU with its check digits, a col bank from the list with its account", async () => {
    /** A seller's own sale: its customer edit URL and the edit that changes nothing. */
    const ownSale = async (country: Country, seller: TestClient, leadId: number) => {
      const { customer } = saleDetailSchema.parse((await seller.get(`/api/${country}/sales/${leadId}`)).json());
      const { first_name, last_name, cellphone, email, address, version } = customer;
      return { url: `/api/${country}/sales/${leadId}/customer`, base: { first_name, last_name, cellphone, email, address, version } };
    };
    /** Each edit is refused naming exactly its field. */
    const refused = async (seller: TestClient, url: string, base: object, cases: (readonly [object, string])[]) => {
      for (const [change, field] of cases) {
        const res = await seller.patch(url, { ...base, ...change });
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(res.json().fields.map((f: { field: string }) => f.field)).toEqual([field]);
      }
    };

    const seller = await as('arg', 'seller@arg.example');
    const lead = arg.filter((l) => l.sellerId === sellerId)[3];
    const { url, base } = await ownSale('arg', seller, lead.id);
    await refused(seller, url, base, [
      [{ bank_account: '2850590940090418135202' }, 'bank_account'],
      [{ bank_account: '12345' }, 'bank_account'],
      [{ bank: 'Bancolombia', bank_account: '2850590940090418135201' }, 'bank'],
    ]);
    const saved = await seller.patch(url, { ...base, bank_account: '2850590-940090418135201' });
    expect(saved.statusCode, saved.body).toBe(200);
    const detail = saleDetailSchema.parse(saved.json());
    expect(detail.customer).toMatchObject({ bank: null, bank_account: '2850590940090418135201', version: base.version + 1 });
    expect(detail.timeline[0]).toMatchObject({ type: 'customer', text: 'Cuenta bancaria: 2850590940090418135201' });
    // The lead detail (and so the audit case) shows it.
    const admin = await as('arg', 'admin@arg.example');
    expect((await admin.get(`/api/arg/leads/${lead.id}`)).json().customer).toMatchObject({ bank_account: '2850590940090418135201' });
    // Emptied: no account.
    const cleared = await seller.patch(url, { ...base, version: base.version + 1, bank_account: '' });
    expect(saleDetailSchema.parse(cleared.json()).customer.bank_account).toBeNull();

    const colSeller = await as('col', 'seller@col.example');
    const colSellerId = await userIdByEmail(t.app, 'col', 'seller@col.example');
    const { url: colUrl, base: colBase } = await ownSale('col', colSeller, col.find((l) => l.sellerId === colSellerId)!.id);
    await refused(colSeller, colUrl, colBase, [
      [{ bank: 'Bancolombia' }, 'bank_account'],
      [{ bank_account: '1234567890' }, 'bank_account'],
      [{ bank: 'Banco Inventado', bank_account: '1234567890', bank_account_type: 'Ahorros' }, 'bank'],
      [{ bank: 'Bancolombia', bank_account: '12-34', bank_account_type: 'Ahorros' }, 'bank_account'],
    ]);
    const colSaved = await colSeller.patch(colUrl, {
      ...colBase,
      address: 'Calle 10 # 4-21',
      bank: 'Davivienda',
      bank_account: '0550 1234 5678',
      bank_account_type: 'Ahorros',
    });
    expect(colSaved.statusCode, colSaved.body).toBe(200);
    expect(saleDetailSchema.parse(colSaved.json()).customer).toMatchObject({
      bank: 'Davivienda',
      bank_account: '055012345678',
      bank_account_type: 'Ahorros',
    });

    // Left out, the address and the account are kept: an API client's partial edit erases nothing.
    const { address: _left, ...withoutAddress } = colBase;
    const kept = await colSeller.patch(colUrl, { ...withoutAddress, version: colBase.version + 1, cellphone: '3109998877' });
    expect(kept.statusCode, kept.body).toBe(200);
    const keptDetail = saleDetailSchema.parse(kept.json());
    expect(keptDetail.customer).toMatchObject({
      address: 'Calle 10 # 4-21',
      bank: 'Davivienda',
      bank_account: '055012345678',
      bank_account_type: 'Ahorros',
      cellphone: '3109998877',
    });
    expect(keptDetail.timeline[0]).toMatchObject({ type: 'customer', text: 'Celular: 3109998877' });
    // null clears, as blank does; a bank without its account (or the reverse) is still refused.
    await refused(colSeller, colUrl, { ...withoutAddress, version: colBase.version + 2 }, [[{ bank_account: null }, 'bank_account']]);
    const clearedCol = await colSeller.patch(colUrl, {
      ...withoutAddress,
      version: colBase.version + 2,
      bank: null,
      bank_account: null,
      address: null,
    });
    expect(saleDetailSchema.parse(clearedCol.json()).customer).toMatchObject({ address: null, bank: null, bank_account: null });
  });

  it('schedules call backs in the future only, stores them for the seller and shows them on the timeline', async () => {
    const seller = await as('arg', 'seller@arg.example');
    const lead = arg.filter((l) => l.sellerId === sellerId)[2];
    const past = await seller.post(`/api/arg/sales/${lead.id}/call-back`, { at: new Date(Date.now() - 60_000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toEqual([expect.objectContaining({ field: 'at' })]);
    expect((await seller.post(`/api/arg/sales/${lead.id}/call-back`, { at: 'mañana' })).statusCode).toBe(400);
    // Beyond the horizon (a mistyped year, say): refused, naming the field and the limit.
    const tooFar = await seller.post(`/api/arg/sales/${lead.id}/call-back`, {
      at: new Date(Date.now() + (CALL_BACK_MAX_DAYS + 1) * 24 * HOUR).toISOString(),
    });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().fields).toEqual([
      { field: 'at', message: `La llamada debe programarse dentro de los próximos ${CALL_BACK_MAX_DAYS} días` },
    ]);
    expect(await t.app.db.select().from(scheduledCalls).where(eq(scheduledCalls.leadId, lead.id))).toHaveLength(0);
    // Within it, however far (another of the seller's leads: this one's call backs are counted below).
    const other = arg.filter((l) => l.sellerId === sellerId)[3];
    const farthest = await seller.post(`/api/arg/sales/${other.id}/call-back`, {
      at: new Date(Date.now() + (CALL_BACK_MAX_DAYS - 1) * 24 * HOUR).toISOString(),
    });
    expect(farthest.statusCode, farthest.body).toBe(200);

    const later = new Date(Date.now() + 48 * HOUR);
    const sooner = new Date(Date.now() + 2 * HOUR);
    let res = await seller.post(`/api/arg/sales/${lead.id}/call-back`, { at: later.toISOString(), note: 'Pidió que llamen a la tarde' });
    expect(res.statusCode, res.body).toBe(200);
    res = await seller.post(`/api/arg/sales/${lead.id}/call-back`, { at: sooner.toISOString() });
    const detail = saleDetailSchema.parse(res.json());
    expect(detail.scheduled_calls.map((c) => c.schedule_time)).toEqual([sooner.toISOString(), later.toISOString()]);
    expect(detail.next_call_at).toBe(sooner.toISOString());
    // The seller's list shows it on the row too.
    const listed = (await seller.get(`/api/arg/sales?q=${lead.docNumber}`)).json().rows;
    expect(listed).toEqual([expect.objectContaining({ id: lead.id, next_call_at: sooner.toISOString() })]);
    expect(detail.version).toBe(1); // a call back does not make the open detail stale
    expect(detail.timeline.slice(0, 2).map((e) => e.type)).toEqual(['call_back', 'call_back']);
    expect(detail.timeline[1].text).toMatch(/^Llamar el \d{2}\/\d{2}\/\d{4}.*\nPidió que llamen a la tarde$/s);

    const stored = await t.app.db.select().from(scheduledCalls).where(eq(scheduledCalls.leadId, lead.id));
    expect(stored).toHaveLength(2);
    expect(stored.every((c) => c.sellerId === sellerId && c.status === 'pending' && c.country === 'arg' && c.createdBy === sellerId)).toBe(
      true,
    );
  });

  it('schedules the same call back once, however many times it is sent at once', async () => {
    const seller = await as('arg', 'seller@arg.example');
    const lead = arg.filter((l) => l.sellerId === sellerId)[4];
    const at = new Date(Date.now() + 5 * HOUR).toISOString();
    const sent = await Promise.all(
      Array.from({ length: 4 }, () => seller.post(`/api/arg/sales/${lead.id}/call-back`, { at, note: 'Doble clic' })),
    );
    expect(sent.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    for (const res of sent)
      expect(saleDetailSchema.parse(res.json()).scheduled_calls.filter((c) => c.status === 'pending')).toHaveLength(1);
    expect(await t.app.db.select().from(scheduledCalls).where(eq(scheduledCalls.leadId, lead.id))).toHaveLength(1);
    const events = await t.app.db
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadId, lead.id), eq(leadEvents.type, 'call_back')));
    expect(events).toHaveLength(1);
    // Another time is another call back; once resolved, the same time may be scheduled again.
    await seller.post(`/api/arg/sales/${lead.id}/call-back`, { at: new Date(Date.parse(at) + 60_000).toISOString() });
    await t.app.db
      .update(scheduledCalls)
      .set({ status: 'resolved' })
      .where(and(eq(scheduledCalls.leadId, lead.id), eq(scheduledCalls.scheduleTime, new Date(at))));
    expect((await seller.post(`/api/arg/sales/${lead.id}/call-back`, { at })).statusCode).toBe(200);
    const stored = await t.app.db.select().from(scheduledCalls).where(eq(scheduledCalls.leadId, lead.id));
    expect(stored.map((c) => c.status).sort()).toEqual(['pending', 'pending', 'resolved']);
  });

  it(`takes at most ${CALL_BACK_MAX_PENDING} pending call backs per application: the next is refused (409, nothing written) until one is resolved`, async () => {
    const seller = await as('arg', 'seller@arg.example');
    // One with no call backs yet; left as it was found (the tests below pick their leads among the same).
    const called = new Set((await t.app.db.select({ leadId: scheduledCalls.leadId }).from(scheduledCalls)).map((row) => row.leadId));
    const lead = arg.filter((l) => l.sellerId === sellerId && !isTerminalStatus('arg', l.statusId) && !called.has(l.id)).at(-1)!;
    const now = Date.now();
    const at = (hours: number) => new Date(now + hours * HOUR).toISOString();
    for (let i = 1; i <= CALL_BACK_MAX_PENDING; i++)
      expect((await seller.post(`/api/arg/sales/${lead.id}/call-back`, { at: at(i) })).statusCode).toBe(200);
    const eventsBefore = (await t.app.db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id))).length;
    const over = await seller.post(`/api/arg/sales/${lead.id}/call-back`, { at: at(CALL_BACK_MAX_PENDING + 1) });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(CALL_BACK_MESSAGES.full);
    // A repeat of one already pending is still that one.
    expect((await seller.post(`/api/arg/sales/${lead.id}/call-back`, { at: at(1) })).statusCode).toBe(200);
    expect(await t.app.db.select().from(scheduledCalls).where(eq(scheduledCalls.leadId, lead.id))).toHaveLength(CALL_BACK_MAX_PENDING);
    expect((await t.app.db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id))).length).toBe(eventsBefore);
    await t.app.db
      .update(scheduledCalls)
      .set({ status: 'resolved' })
      .where(and(eq(scheduledCalls.leadId, lead.id), eq(scheduledCalls.scheduleTime, new Date(at(1)))));
    expect((await seller.post(`/api/arg/sales/${lead.id}/call-back`, { at: at(CALL_BACK_MAX_PENDING + 1) })).statusCode).toBe(200);
    await t.app.db.delete(scheduledCalls).where(eq(scheduledCalls.leadId, lead.id));
    await t.app.db.delete(leadEvents).where(and(eq(leadEvents.leadId, lead.id), eq(leadEvents.type, 'call_back')));
    await t.app.db.update(leads).set({ nextCallAt: null }).where(eq(leads.id, lead.id));
  });

  it('keeps the bank account while an application of the customer is in audit or transfer (the other fields stay editable)', async () => {
    const seller = await as('col', 'seller@col.example');
    const colSellerId = await userIdByEmail(t.app, 'col', 'seller@col.example');
    const lead = col.find((l) => l.sellerId === colSellerId)!;
    const setStatus = (id: number, statusId: number) => t.app.db.update(leads).set({ statusId }).where(eq(leads.id, id));
    const edit = async () => {
      const { customer } = saleDetailSchema.parse((await seller.get(`/api/col/sales/${lead.id}`)).json());
      const { first_name, last_name, cellphone, email, address, bank, bank_account, bank_account_type, version } = customer;
      return {
        url: `/api/col/sales/${lead.id}/customer`,
        base: { first_name, last_name, cellphone, email, address, bank, bank_account, bank_account_type, version },
      };
    };
    let { url, base } = await edit();
    expect(
      (await seller.patch(url, { ...base, bank: 'Davivienda', bank_account: '055012345678', bank_account_type: 'Ahorros' })).statusCode,
    ).toBe(200);

    // Audited (approved, about to be paid): a new account, or none, is refused naming the field; nothing written.
    await setStatus(lead.id, COL_STATUS_IDS.AUDIT_APPROVAL);
    ({ url, base } = await edit());
    const customerBefore = (await t.app.db.select().from(customers).where(eq(customers.docNumber, lead.docNumber)))[0];
    const eventsBefore = await eventCount();
    for (const change of [
      { bank: 'Bancolombia', bank_account: '11112222333', bank_account_type: 'Ahorros' },
      { bank: null, bank_account: null, bank_account_type: null },
      // The same account as another type is another account for the transfer.
      { bank_account_type: 'Corriente' },
    ]) {
      const res = await seller.patch(url, { ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(409);
      expect(res.json().fields).toEqual([
        { field: 'bank_account', message: expect.stringContaining(`la solicitud #${lead.id} está en auditoría o transferencia`) },
      ]);
    }
    expect((await t.app.db.select().from(customers).where(eq(customers.id, customerBefore.id)))[0]).toEqual(customerBefore);
    expect(await eventCount()).toBe(eventsBefore);
    // The same account sent back with other changes is fine.
    const contact = await seller.patch(url, { ...base, email: 'nuevo@example.co' });
    expect(contact.statusCode, contact.body).toBe(200);
    // An account stored before its type was asked cannot be paid into: filling in only its type completes it,
    // even now (the account stays the audited one); changing the type once it has one is moving the money.
    await t.app.db.update(customers).set({ bankAccountType: null }).where(eq(customers.id, customerBefore.id));
    ({ url, base } = await edit());
    const completed = await seller.patch(url, { ...base, bank_account_type: 'Corriente' });
    expect(completed.statusCode, completed.body).toBe(200);
    expect((await t.app.db.select().from(customers).where(eq(customers.id, customerBefore.id)))[0].bankAccountType).toBe('Corriente');
    ({ url, base } = await edit());
    expect((await seller.patch(url, { ...base, bank_account_type: 'Ahorros' })).statusCode).toBe(409);
    // And an edit that leaves the account out keeps it, whatever it lacks.
    await t.app.db.update(customers).set({ bankAccountType: null }).where(eq(customers.id, customerBefore.id));
    ({ url, base } = await edit());
    const { bank: _bank, bank_account: _account, bank_account_type: _type, ...withoutAccount } = base;
    expect((await seller.patch(url, { ...withoutAccount, email: 'otro@example.co' })).statusCode).toBe(200);
    await t.app.db.update(customers).set({ bankAccountType: 'Corriente' }).where(eq(customers.id, customerBefore.id));
    ({ url, base } = await edit());

    // Another application of the customer in audit holds it too, whichever application the edit comes from.
    await setStatus(lead.id, COL_STATUS_IDS.REQUEST_INFORMATION);
    const [other] = await t.app.db
      .insert(leads)
      .values({
        country: 'col',
        customerId: customerBefore.id,
        requestedAmount: 100_000_000,
        term: 12,
        statusId: COL_STATUS_IDS.AUDIT_PENDING,
        source: 'web',
        sellerId: null,
      })
      .returning();
    ({ url, base } = await edit());
    const held = await seller.patch(url, { ...base, bank_account: '11112222333' });
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toContain(`#${other.id}`);
    // Sent back to the seller (REQUEST_INFORMATION) with no other application in audit: correctable.
    await setStatus(other.id, COL_STATUS_IDS.CANCELLED);
    ({ url, base } = await edit());
    expect((await seller.patch(url, { ...base, bank_account: '11112222333' })).statusCode).toBe(200);
  });

  /** A col customer's new application (as `client`), and what its sale's customer edit starts from. */
  const colCustomer = {
    first_name: 'Marta',
    last_name: 'Ríos',
    birth_date: '1980-03-03',
    cellphone: '3001112233',
    email: 'marta@example.co',
    requested_amount: 2_000_000,
    term: 12,
    bank: 'Davivienda',
    bank_account: '055011112222',
    bank_account_type: 'Ahorros',
  };
  const customerEdit = async (client: TestClient, leadId: number) => {
    const { customer } = saleDetailSchema.parse((await client.get(`/api/col/sales/${leadId}`)).json());
    const { first_name, last_name, cellphone, email, address, bank, bank_account, bank_account_type, version } = customer;
    return {
      url: `/api/col/sales/${leadId}/customer`,
      base: { first_name, last_name, cellphone, email, address, bank, bank_account, bank_account_type, version },
    };
  };
  const customerRow = async (id: number) => (await t.app.db.select().from(customers).where(eq(customers.id, id)))[0];
  const customerEvents = async (leadId: number) =>
    (
      await t.app.db
        .select()
        .from(leadEvents)
        .where(and(eq(leadEvents.leadId, leadId), eq(leadEvents.type, 'customer')))
        .orderBy(leadEvents.id)
    ).map(({ body, userId }) => ({ body, userId }));

  it('keeps the names and bank account of a customer another seller works (the #536 report); contact data saves, on every application', async () => {
    const colSellerId = await userIdByEmail(t.app, 'col', 'seller@col.example');
    const otherColSeller = (await userIds(t.app, 'col', ['seller'])).find((id) => id !== colSellerId)!;
    const admin = await as('col', 'admin@col.example');
    const seller = await as('col', 'seller@col.example');
    const doc = '1055536536';
    // Another seller's application (Paso 5, an offer pending): not the seller's to open...
    const theirs = (await admin.post('/api/col/leads', { ...colCustomer, doc_number: doc })).json() as { id: number; customer_id: number };
    await t.app.db.update(leads).set({ sellerId: otherColSeller, statusId: COL_STATUS_IDS.PENDING_OFFER }).where(eq(leads.id, theirs.id));
    expect((await seller.get(`/api/col/sales/${theirs.id}`)).statusCode).toBe(403);
    // ...nor to open another one of (409)...
    expect((await seller.post('/api/col/leads', { ...colCustomer, doc_number: doc })).statusCode).toBe(409);
    // ...but a second application of the same customer the back office gave the seller is theirs, and its sale
    // edits that customer.
    const created = await admin.post('/api/col/leads', { ...colCustomer, doc_number: doc });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ customer_id: theirs.customer_id, customer_reused: true });
    const mine = created.json().id as number;
    await t.app.db.update(leads).set({ sellerId: colSellerId }).where(eq(leads.id, mine));
    const { url, base } = await customerEdit(seller, mine);

    const stored = await customerRow(theirs.customer_id);
    const eventsBefore = await eventCount();
    const message = `Otro vendedor gestiona la solicitud #${theirs.id} de este cliente: su identidad y su cuenta bancaria no se pueden cambiar desde esta venta.`;
    for (const [change, fields] of [
      [{ bank: 'Bancolombia', bank_account: '99999999', bank_account_type: 'Ahorros' }, ['bank_account']],
      [{ bank: null, bank_account: null, bank_account_type: null }, ['bank_account']],
      [{ first_name: 'Otra' }, ['first_name']],
      // With contact data too: the whole edit is refused.
      [
        { first_name: 'Otra', last_name: 'Persona', email: 'otra@example.co', bank_account: '99999999' },
        ['first_name', 'last_name', 'bank_account'],
      ],
    ] as const) {
      const res = await seller.patch(url, { ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(409);
      expect(res.json()).toMatchObject({ message, fields: fields.map((field) => ({ field, message })) });
    }
    expect(await customerRow(theirs.customer_id)).toEqual(stored);
    expect(await eventCount()).toBe(eventsBefore);

    // Contact data stays editable, and the other seller's application says who changed what.
    const saved = await seller.patch(url, { ...base, cellphone: '310 444 5566', email: 'marta.rios@example.co', address: 'Calle 1 # 2-3' });
    expect(saved.statusCode, saved.body).toBe(200);
    const text = 'Celular: 3104445566\nEmail: marta.rios@example.co\nDomicilio: Calle 1 # 2-3';
    expect(await customerEvents(mine)).toEqual([{ body: text, userId: colSellerId }]);
    expect(await customerEvents(theirs.id)).toEqual([{ body: `Por la solicitud #${mine}\n${text}`, userId: colSellerId }]);

    // The back office corrects the identity and the account, from any application, on every timeline.
    const adminId = await userIdByEmail(t.app, 'col', 'admin@col.example');
    const { base: adminBase } = await customerEdit(admin, mine);
    const corrected = await admin.patch(url, {
      ...adminBase,
      last_name: 'Ríos Peña',
      bank: 'Bancolombia',
      bank_account: '12345678',
      bank_account_type: 'Ahorros',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const correction = 'Apellido: Ríos Peña\nBanco: Bancolombia\nCuenta bancaria: 12345678';
    expect((await customerEvents(theirs.id)).at(-1)).toEqual({ body: `Por la solicitud #${mine}\n${correction}`, userId: adminId });
    expect((await customerEvents(mine)).at(-1)).toEqual({ body: correction, userId: adminId });

    // Once the other seller's application has ended, the seller may correct them too.
    await t.app.db.update(leads).set({ statusId: COL_STATUS_IDS.CANCELLED }).where(eq(leads.id, theirs.id));
    const { base: later } = await customerEdit(seller, mine);
    const own = await seller.patch(url, {
      ...later,
      first_name: 'María',
      bank: 'Davivienda',
      bank_account: '055011112222',
      bank_account_type: 'Ahorros',
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(await customerRow(theirs.customer_id)).toMatchObject({
      firstName: 'María',
      bank: 'Davivienda',
      bankAccount: '055011112222',
      bankAccountType: 'Ahorros',
    });
  });

  it('keeps what the audit checked (cellphone, names) while an application of the customer is in audit or transfer, whoever edits it', async () => {
    const admin = await as('col', 'admin@col.example');
    const seller = await as('col', 'seller@col.example');
    const doc = '1055536537';
    const mine = (await seller.post('/api/col/leads', { ...colCustomer, doc_number: doc })).json() as { id: number; customer_id: number };
    // Another application of the customer, unassigned, in RE-AUDITORIA: the auditor checks 'Teléfono' against it.
    const audited = (await admin.post('/api/col/leads', { ...colCustomer, doc_number: doc })).json() as { id: number };
    await t.app.db.update(leads).set({ statusId: COL_STATUS_IDS.AUDIT_RETRY }).where(eq(leads.id, audited.id));
    const stored = await customerRow(mine.customer_id);
    const eventsBefore = await eventCount();
    const cellphoneMessage = `El celular no se puede cambiar mientras la solicitud #${audited.id} está en auditoría o transferencia. Si hay que corregirlo, Auditoría la devuelve al vendedor con "Pedir información".`;
    for (const client of [seller, admin]) {
      const { url, base } = await customerEdit(client, mine.id);
      const res = await client.patch(url, { ...base, cellphone: '3119998877', email: 'nuevo@example.co' });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ message: cellphoneMessage, fields: [{ field: 'cellphone', message: cellphoneMessage }] });
      // With the account: both named, each with its reason.
      const both = await client.patch(url, { ...base, cellphone: '3119998877', bank_account: '99999999' });
      expect(both.statusCode).toBe(409);
      expect(both.json().fields).toEqual([
        { field: 'cellphone', message: cellphoneMessage },
        {
          field: 'bank_account',
          message: expect.stringContaining(`La cuenta bancaria no se puede cambiar mientras la solicitud #${audited.id}`),
        },
      ]);
      // The names: the audit's 'Identidad' item checked them.
      const renamed = await client.patch(url, { ...base, first_name: 'Otra', last_name: 'Persona' });
      expect(renamed.statusCode).toBe(409);
      const namesMessage = `El nombre y el apellido no se pueden cambiar mientras la solicitud #${audited.id} está en auditoría o transferencia. Si hay que corregirlos, Auditoría la devuelve al vendedor con "Pedir información".`;
      expect(renamed.json()).toMatchObject({
        message: namesMessage,
        fields: [
          { field: 'first_name', message: namesMessage },
          { field: 'last_name', message: namesMessage },
        ],
      });
    }
    expect(await customerRow(mine.customer_id)).toEqual(stored);
    expect(await eventCount()).toBe(eventsBefore);
    // The other contact data saves.
    const { url, base } = await customerEdit(seller, mine.id);
    expect((await seller.patch(url, { ...base, email: 'nuevo@example.co' })).statusCode).toBe(200);
    // Sent back to the seller ('Pedir información'): the cellphone is corrected.
    await t.app.db.update(leads).set({ statusId: COL_STATUS_IDS.REQUEST_INFORMATION }).where(eq(leads.id, audited.id));
    const { base: back } = await customerEdit(seller, mine.id);
    const fixed = await seller.patch(url, { ...back, cellphone: '3119998877' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await customerEvents(audited.id)).at(-1)?.body).toBe(`Por la solicitud #${mine.id}\nCelular: 3119998877`);
  });

  it('never lets an application into audit without the account, when the account is cleared at the same moment', async () => {
    // Each side checks the other's row: the edit the statuses of the customer's applications, the move the
    // customer's account. Unless they lock, each passes its check before the other commits.
    const seller = await as('arg', 'seller@arg.example');
    const lead = arg.find((l) => l.sellerId === sellerId && !isTerminalStatus('arg', l.statusId))!;
    const [{ customerId }] = await t.app.db.select({ customerId: leads.customerId }).from(leads).where(eq(leads.id, lead.id));
    for (let round = 0; round < 8; round++) {
      await t.app.db.update(leads).set({ statusId: ARG_STATUS_IDS.ACCEPTED }).where(eq(leads.id, lead.id));
      await t.app.db.update(customers).set({ bankAccount: '2850590940090418135201', bank: null }).where(eq(customers.id, customerId));
      const { customer, version } = saleDetailSchema.parse((await seller.get(`/api/arg/sales/${lead.id}`)).json());
      const { first_name, last_name, cellphone, email, address } = customer;
      const [edit, move] = await Promise.all([
        seller.patch(`/api/arg/sales/${lead.id}/customer`, {
          first_name,
          last_name,
          cellphone,
          email,
          address,
          bank_account: null,
          version: customer.version,
        }),
        seller.post(`/api/arg/leads/${lead.id}/transitions`, { to_status: ARG_STATUS_IDS.AUDIT_PENDING, version }),
      ]);
      // One of the two wins; whichever it is, the other is refused saying why.
      expect([edit.statusCode, move.statusCode].sort(), `${edit.body} ${move.body}`).toEqual([200, 409]);
      const [row] = await t.app.db
        .select({ statusId: leads.statusId, bankAccount: customers.bankAccount })
        .from(leads)
        .innerJoin(customers, eq(customers.id, leads.customerId))
        .where(eq(leads.id, lead.id));
      expect(row.statusId === ARG_STATUS_IDS.AUDIT_PENDING ? row.bankAccount : 'not in audit').not.toBeNull();
    }
  });

  it('cancels the pending call backs of an application that ends, and takes no new ones', async () => {
    const seller = await as('arg', 'seller@arg.example');
    const supervisor = await as('arg', 'supervisor@arg.example');
    // One the call back tests above left alone.
    const lead = arg
      .filter((l) => l.sellerId === sellerId)
      .slice(5)
      .find((l) => findTransition('arg', l.statusId, ARG_STATUS_IDS.EXPIRED))!;
    const at = new Date(Date.now() + 3 * HOUR).toISOString();
    expect((await seller.post(`/api/arg/sales/${lead.id}/call-back`, { at })).statusCode).toBe(200);
    const { version } = saleDetailSchema.parse((await seller.get(`/api/arg/sales/${lead.id}`)).json());
    const expired = await supervisor.post(`/api/arg/leads/${lead.id}/transitions`, {
      to_status: ARG_STATUS_IDS.EXPIRED,
      version,
      reason: 'Sin respuesta en 30 días',
    });
    expect(expired.statusCode, expired.body).toBe(200);
    const detail = saleDetailSchema.parse((await seller.get(`/api/arg/sales/${lead.id}`)).json());
    expect(detail).toMatchObject({ scheduled_calls: [], next_call_at: null });
    expect((await t.app.db.select().from(scheduledCalls).where(eq(scheduledCalls.leadId, lead.id))).map((c) => c.status)).toEqual([
      'cancelled',
    ]);
    const events = await eventCount();
    const refused = await seller.post(`/api/arg/sales/${lead.id}/call-back`, { at });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('La solicitud está cerrada: no se programan llamadas sobre ella.');
    expect(await eventCount()).toBe(events);
    expect(await t.app.db.select().from(scheduledCalls).where(eq(scheduledCalls.leadId, lead.id))).toHaveLength(1);
    // Nor in a status the workflow never leaves (the loan's life after it: CLOSED).
    await t.app.db.update(leads).set({ statusId: ARG_STATUS_IDS.CLOSED }).where(eq(leads.id, lead.id));
    const afterPipeline = await seller.post(`/api/arg/sales/${lead.id}/call-back`, { at });
    expect(afterPipeline.statusCode).toBe(409);
    expect(await eventCount()).toBe(events);
  });
});
