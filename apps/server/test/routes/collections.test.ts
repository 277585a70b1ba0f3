import {
  LOAN_STATUSES,
  addDays,
  todayIn,
  type CollectionDetail,
  type DashboardResponse,
  type CollectionRow,
  type ListResponse,
  type PromiseRatesResponse,
} from '@backoffice/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionPromises, customers, loanEvents, loans, managements } from '../../src/db/schema';
import { createTestApp, signedIn, type Driver, type TestApp } from '../helpers/app';
import { insertKnownLeads, userIdByEmail, userIds } from '../helpers/leads-fixture';
import { insertLoans, type KnownLoan } from '../helpers/loans-fixture';

/*
 * The collections desk: /collections' scopes, filters and order, the collection detail, managements with
 * promises, assignment (one and bulk), promise rates, and calls from a loan.
 */

const HOUR = 3_600_000;

describe.each<Driver>(['pglite', 'postgres'])('collections on %s', (driver) => {
  let t: TestApp;
  const as = signedIn(() => t.app);
  let collector: number;
  let otherCollector: number;
  let mine: KnownLoan[];
  let theirs: KnownLoan[];
  let unassigned: KnownLoan[];
  let colLoans: KnownLoan[];

  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 0 });
    collector = await userIdByEmail(t.app, 'arg', 'collector@arg.example');
    otherCollector = (await userIds(t.app, 'arg', ['10'])).find((id) => id !== collector)!;
    const leads = await insertKnownLeads(t.app, 'arg', 12, []);
    const now = Date.now();
    mine = await insertLoans(t.app, 'arg', leads.slice(0, 5), [
      // Order of the day: promise due today (0), next action due (1), then days past due (2), most first.
      { collectorId: collector, daysPastDue: 5 },
      { collectorId: collector, daysPastDue: 95 },
      { collectorId: collector, daysPastDue: 40, promiseInDays: 0 },
      { collectorId: collector, daysPastDue: 20, nextActionAt: new Date(now - HOUR) },
      { collectorId: collector, daysPastDue: 0, inCollections: false },
    ]);
    theirs = await insertLoans(t.app, 'arg', leads.slice(5, 8), [
      { collectorId: otherCollector, daysPastDue: 33 },
      { collectorId: otherCollector, daysPastDue: 61 },
      { collectorId: otherCollector, daysPastDue: 12 },
    ]);
    unassigned = await insertLoans(t.app, 'arg', leads.slice(8, 12), [
      { daysPastDue: 45 },
      { daysPastDue: 2 },
      { daysPastDue: 70 },
      { daysPastDue: 31 },
    ]);
    const colLeads = await insertKnownLeads(t.app, 'col', 2, []);
    colLoans = await insertLoans(t.app, 'col', colLeads, [{ daysPastDue: 50 }, { daysPastDue: 7 }]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (email: string, search = '') => {
    const res = await (await as('arg', email)).get(`/api/arg/collections${search}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListResponse<CollectionRow>>();
  };

  it("shows a collector their own queue only, the day's work first", async () => {
    const page = await list('collector@arg.example');
    expect(page.rows.map((r) => r.id)).toEqual([mine[2]!.id, mine[3]!.id, mine[1]!.id, mine[0]!.id]);
    expect(page.count).toEqual({ total: 4, exact: true });
    // Asking for another collector's rows does not widen a collector's scope.
    const asked = await list('collector@arg.example', `?collector=${otherCollector}`);
    expect(asked.rows.every((r) => r.collector?.id === collector)).toBe(true);
  });

  it('shows the back office every loan in collections of the country, by days past due, with filters', async () => {
    const all = await list('supervisor@arg.example');
    const inCollections = [...mine.slice(0, 4), ...theirs, ...unassigned];
    expect(all.rows.map((r) => r.id).sort()).toEqual(inCollections.map((l) => l.id).sort());
    expect(all.rows.map((r) => r.days_past_due)).toEqual([...inCollections.map((l) => l.daysPastDue)].sort((a, b) => b - a));
    expect(all.rows.some((r) => colLoans.some((l) => l.id === r.id))).toBe(false);

    const bucket = await list('admin@arg.example', '?bucket=31-60,61-90');
    expect(bucket.rows.map((r) => r.days_past_due).sort((a, b) => a - b)).toEqual([31, 33, 40, 45, 61, 70]);
    const range = await list('atc@arg.example', '?dpd_min=10&dpd_max=33');
    expect(range.rows.map((r) => r.days_past_due).sort((a, b) => a - b)).toEqual([12, 20, 31, 33]);
    const byCollector = await list('admin@arg.example', `?collector=${otherCollector},0`);
    expect(byCollector.rows.map((r) => r.id).sort()).toEqual([...theirs, ...unassigned].map((l) => l.id).sort());
    const promised = await list('admin@arg.example', '?promise=pending,none');
    expect(promised.count.total).toBe(inCollections.length);
    const nextAction = await list('admin@arg.example', `?next_action_to=${todayIn('arg')}`);
    expect(nextAction.rows.map((r) => r.id)).toEqual([mine[3]!.id]);

    const today = todayIn('arg');
    const due = await list('admin@arg.example', `?due_from=${addDays(today, -45)}&due_to=${addDays(today, -31)}`);
    expect(due.rows.map((r) => r.days_past_due).sort((a, b) => a - b)).toEqual([31, 33, 40, 45]);
    expect(due.rows[0]!.due_date).toBe(addDays(today, -due.rows[0]!.days_past_due));

    // Free text: the customer's document, and a name word.
    const [{ doc }] = await t.app.db.select({ doc: customers.docNumber }).from(customers).where(eq(customers.id, theirs[1]!.customerId));
    const byDoc = await list('admin@arg.example', `?q=${doc}`);
    expect(byDoc.rows.map((r) => r.id)).toEqual([theirs[1]!.id]);
  });

  it("exports each loan's status as its label and, in a column of its own, the code the API names it by", async () => {
    const res = await (await as('arg', 'admin@arg.example')).get('/api/arg/collections/export?format=csv');
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...lines] = res.rawPayload.toString('utf8').slice(1).split('\r\n').filter(Boolean);
    const columns = header!.split(';');
    // Read from the row's end: the fixtures' names hold quoted semicolons.
    const cell = (cells: string[], column: string) => cells[cells.length - columns.length + columns.indexOf(column)];
    expect(columns).toContain('Código de estado');
    const statuses = lines.map((line) => line.split(';')).map((cells) => [cell(cells, 'Estado'), cell(cells, 'Código de estado')]);
    expect(statuses.length).toBeGreaterThan(0);
    for (const [shown, stored] of statuses) expect(shown).toBe(LOAN_STATUSES.find((status) => status.id === stored)?.label);
  });

  it("finds a loan's customer by the beginnings of their words, accented or not, and by a document fragment", async () => {
    // Loans in collections of arg: leads 0 María Núñez (mine), 7 @Inés Núñez (theirs), 8 María Álvarez and
    // 9 José Sosa (unassigned); lead 4, Sofía Acosta, has a loan out of collections.
    const ids = async (email: string, q: string) => {
      const page = await list(email, `?q=${encodeURIComponent(q)}`);
      expect([page.count.total, page.count.exact]).toEqual([page.rows.length, true]);
      return page.rows.map((r) => r.id).sort((a, b) => a - b);
    };
    const sorted = (loans: KnownLoan[]) => loans.map((l) => l.id).sort((a, b) => a - b);
    // A first name and a surname by their beginnings (collection_words), typed with or without accents.
    expect(await ids('admin@arg.example', 'mar alv')).toEqual(sorted([unassigned[0]!]));
    expect(await ids('admin@arg.example', 'María Núñez')).toEqual(sorted([mine[0]!]));
    expect(await ids('admin@arg.example', 'maria nunez')).toEqual(sorted([mine[0]!]));
    expect(await ids('admin@arg.example', 'nuñ')).toEqual(sorted([mine[0]!, theirs[2]!, theirs[1]!]));
    // A loan out of collections is not found; a third word is checked on the customer.
    expect(await ids('admin@arg.example', 'sofia acosta')).toEqual([]);
    expect(await ids('admin@arg.example', 'maria alvarez 20063')).toEqual(sorted([unassigned[0]!]));
    expect(await ids('admin@arg.example', 'maria nunez 20063')).toEqual([]);
    // Six digits from the middle of a document.
    const [{ doc }] = await t.app.db
      .select({ doc: customers.docNumber })
      .from(customers)
      .where(eq(customers.id, unassigned[1]!.customerId));
    expect(await ids('supervisor@arg.example', doc.slice(2))).toEqual(sorted([unassigned[1]!]));
    // A collector finds only their own.
    expect(await ids('collector@arg.example', 'maria')).toEqual(sorted([mine[0]!]));
    // Past the cap the list checks each loan's customer instead: the same rows.
    expect(await t.app.collections.loansOfText('arg', 'maria', 1)).toBeUndefined();
    expect(((await t.app.collections.loansOfText('arg', 'maria', 10)) ?? []).sort((a, b) => a - b)).toEqual(
      sorted([mine[0]!, unassigned[0]!]),
    );
  });

  it('refuses a due date outside the configured bounds, naming the field', async () => {
    const client = await as('arg', 'admin@arg.example');
    const res = await client.get(`/api/arg/collections?due_from=${addDays(todayIn('arg'), -5000)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fields: { field: string }[] }>().fields[0]!.field).toBe('due_from');
    const settings = await client.get('/api/arg/collections/settings');
    expect(settings.json<{ due_date_min: string }>().due_date_min).toBe(addDays(todayIn('arg'), t.app.config.collectionDueDate.minDays));
    // Roles outside collections do not reach it.
    expect((await (await as('arg', 'seller@arg.example')).get('/api/arg/collections')).statusCode).toBe(403);
  });

  it("keeps a collector out of other collectors' loans and another country's", async () => {
    const client = await as('arg', 'collector@arg.example');
    expect((await client.get(`/api/arg/collections/${mine[0]!.id}`)).statusCode).toBe(200);
    expect((await client.get(`/api/arg/collections/${theirs[0]!.id}`)).statusCode).toBe(403);
    const body = { channel: 'call', result: 'no_answer' };
    expect((await client.post(`/api/arg/collections/${theirs[0]!.id}/managements`, body)).statusCode).toBe(403);
    expect((await (await as('arg', 'admin@arg.example')).get(`/api/arg/collections/${colLoans[0]!.id}`)).statusCode).toBe(404);
    const written = await t.app.db.select().from(managements).where(eq(managements.loanId, theirs[0]!.id));
    expect(written).toEqual([]);
  });

  it('writes a management with a promise to pay once: management, timeline, promise and the loan', async () => {
    const client = await as('arg', 'collector@arg.example');
    const loan = mine[0]!;
    const dueOn = addDays(todayIn('arg'), 3);
    const next = new Date(Date.now() + 24 * HOUR).toISOString();
    // Bad input writes nothing.
    const bad = await client.post(`/api/arg/collections/${loan.id}/managements`, { channel: 'call', result: 'promise', note: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: { field: string }[] }>().fields.map((f) => f.field)).toContain('promise');
    const res = await client.post(`/api/arg/collections/${loan.id}/managements`, {
      channel: 'call',
      result: 'promise',
      note: 'Paga el viernes',
      next_action_at: next,
      promise: { due_on: dueOn, amount: 15_000 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<CollectionDetail>();
    expect(detail.promise_due_on).toBe(dueOn);
    expect(
      detail.timeline
        .map((e) => e.type)
        .slice(0, 2)
        .sort(),
    ).toEqual(['management', 'promise']);
    const rows = await t.app.db.select().from(managements).where(eq(managements.loanId, loan.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'call', result: 'promise', note: 'Paga el viernes', userId: collector });
    const promises = await t.app.db.select().from(collectionPromises).where(eq(collectionPromises.loanId, loan.id));
    expect(promises).toHaveLength(1);
    expect(promises[0]).toMatchObject({ dueOn, amount: 15_000, status: 'pending', managementId: rows[0]!.id });
    const events = await t.app.db.select().from(loanEvents).where(eq(loanEvents.loanId, loan.id));
    expect(events.map((e) => e.type).sort()).toEqual(['management', 'promise']);
    const [saved] = await t.app.db.select().from(loans).where(eq(loans.id, loan.id));
    expect(saved!.promiseDueOn).toBe(dueOn);
    expect(saved!.nextActionAt?.toISOString()).toBe(next);
    expect(saved!.version).toBe(2);
    // The back office writes on anyone's loan.
    const admin = await as('arg', 'admin@arg.example');
    expect(
      (await admin.post(`/api/arg/collections/${theirs[2]!.id}/managements`, { channel: 'whatsapp', result: 'refused' })).statusCode,
    ).toBe(200);
  });

  it('assigns one loan and every loan of a filter, on the timeline, supervisors and admins only', async () => {
    const collectorClient = await as('arg', 'collector@arg.example');
    expect((await collectorClient.post(`/api/arg/collections/${unassigned[0]!.id}/assign`, { collector_id: collector })).statusCode).toBe(
      403,
    );
    const supervisor = await as('arg', 'supervisor@arg.example');
    const bad = await supervisor.post(`/api/arg/collections/${unassigned[0]!.id}/assign`, { collector_id: 1 });
    expect(bad.statusCode).toBe(400);
    const one = await supervisor.post(`/api/arg/collections/${unassigned[0]!.id}/assign`, { collector_id: collector });
    expect(one.json()).toEqual({ matched: 1, assigned: 1 });
    expect((await list('collector@arg.example')).rows.map((r) => r.id)).toContain(unassigned[0]!.id);
    const [event] = await t.app.db.select().from(loanEvents).where(eq(loanEvents.loanId, unassigned[0]!.id));
    expect(event).toMatchObject({ type: 'assignment', data: { collector_id: collector, previous_collector_id: null } });

    // Bulk: every unassigned loan left (dpd 2, 70, 31) but only those of the 31-60 and 61-90 buckets.
    const bulk = await supervisor.post(`/api/arg/collections/assign?collector=0&bucket=31-60,61-90`, { collector_id: otherCollector });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json()).toEqual({ matched: 2, assigned: 2 });
    const moved = await t.app.db.select().from(loans).where(eq(loans.collectorId, otherCollector));
    expect(moved.map((l) => l.id).sort()).toEqual([...theirs, unassigned[2]!, unassigned[3]!].map((l) => l.id).sort());
    const events = await t.app.db.select().from(loanEvents).where(eq(loanEvents.type, 'assignment'));
    expect(events).toHaveLength(3);
    // Again: already theirs, nothing moves or is written.
    expect(
      (
        await supervisor.post(`/api/arg/collections/assign?bucket=61-90&collector=${otherCollector}`, { collector_id: otherCollector })
      ).json(),
    ).toEqual({
      matched: 2,
      assigned: 0,
    });
  });

  it('counts kept and broken promises per collector', async () => {
    const today = todayIn('arg');
    await t.app.db.insert(collectionPromises).values([
      { country: 'arg', loanId: mine[1]!.id, userId: collector, dueOn: addDays(today, -2), amount: 100, status: 'kept' },
      { country: 'arg', loanId: mine[1]!.id, userId: collector, dueOn: addDays(today, -3), amount: 100, status: 'broken' },
      { country: 'arg', loanId: mine[1]!.id, userId: collector, dueOn: addDays(today, -4), amount: 100, status: 'kept' },
      { country: 'arg', loanId: theirs[1]!.id, userId: otherCollector, dueOn: addDays(today, -1), amount: 100, status: 'broken' },
    ]);
    // Through next week: the promise made in the management above is pending.
    const res = await (await as('arg', 'supervisor@arg.example')).get(`/api/arg/collections/promise-rates?to=${addDays(today, 7)}`);
    const rates = res.json<PromiseRatesResponse>();
    const row = rates.rows.find((r) => r.collector.id === collector)!;
    expect(row).toMatchObject({ kept: 2, broken: 1, pending: 1 });
    expect(row.kept_rate).toBeCloseTo(2 / 3);
    // A collector sees their own row only.
    const own = (await (await as('arg', 'collector@arg.example')).get('/api/arg/collections/promise-rates')).json<PromiseRatesResponse>();
    expect(own.rows.map((r) => r.collector.id)).toEqual([collector]);
  });

  it('adds the collections figures to the dashboard of the roles of /collections (a collector: their own loans)', async () => {
    const board = (await (await as('arg', 'supervisor@arg.example')).get('/api/arg/dashboard')).json<DashboardResponse>();
    expect(board.blocks).toContain('collections');
    const atRisk = Object.fromEntries(board.collections!.at_risk.map((b) => [b.bucket, b.count]));
    const all = await list('supervisor@arg.example');
    expect(atRisk['1-30']! + atRisk['31-60']! + atRisk['61-90']! + atRisk['90+']!).toBe(all.count.total);
    expect(board.collections!.recovered.days).toHaveLength(30);
    const own = (await (await as('arg', 'collector@arg.example')).get('/api/arg/dashboard')).json<DashboardResponse>();
    const mineNow = await list('collector@arg.example');
    expect(own.collections!.at_risk.reduce((n, b) => n + b.count, 0)).toBe(mineNow.count.total);
    expect((await (await as('arg', 'seller@arg.example')).get('/api/arg/dashboard')).json<DashboardResponse>().collections).toBeUndefined();
  });

  it("lets a collector call their own loan's customer, and no one else's", async () => {
    const client = await as('arg', 'collector@arg.example');
    const me = (await client.get('/api/arg/auth/user-info')).json<{ neotel_id?: number; user?: { neotel_id: number } }>();
    const neotel = me.neotel_id ?? me.user?.neotel_id;
    expect(neotel).toBeGreaterThan(0);
    const other = await client.post('/api/arg/customers/calls/start', {
      user: neotel,
      cellphone: theirs[0]!.cellphone,
      loan_id: theirs[0]!.id,
    });
    expect(other.statusCode).toBe(403);
    const wrong = await client.post('/api/arg/customers/calls/start', {
      user: neotel,
      cellphone: theirs[0]!.cellphone,
      loan_id: mine[1]!.id,
    });
    expect(wrong.statusCode).toBe(409);
    const own = await client.post('/api/arg/customers/calls/start', { user: neotel, cellphone: mine[1]!.cellphone, loan_id: mine[1]!.id });
    expect(own.statusCode, own.body).toBe(200);
    const events = await t.app.db.select().from(loanEvents).where(eq(loanEvents.loanId, mine[1]!.id));
    expect(events.map((e) => e.type)).toContain('call');
    // Without a loan, a collector's call is refused as before (they have no leads).
    await client.post('/api/arg/customers/calls/hang-up', { user: neotel });
    expect((await client.post('/api/arg/customers/calls/start', { user: neotel, cellphone: mine[1]!.cellphone })).statusCode).toBe(403);
  });

  it("keeps a filter's count for a while, and drops it when a loan is assigned through the node", async () => {
    const first = await list('admin@arg.example', '?dpd_min=1');
    expect(first.count.cachedAt).toBeUndefined();
    const again = await list('admin@arg.example', '?dpd_min=1');
    expect(again.count).toEqual({ ...first.count, cachedAt: expect.any(String) });
    const loan = again.rows.find((r) => r.id === unassigned[2]!.id)!;
    const to = loan.collector?.id === collector ? otherCollector : collector;
    const assigned = await (await as('arg', 'supervisor@arg.example')).post(`/api/arg/collections/${loan.id}/assign`, { collector_id: to });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const after = await list('admin@arg.example', '?dpd_min=1');
    expect(after.count.cachedAt).toBeUndefined();
    expect(after.rows.find((r) => r.id === loan.id)!.collector?.id).toBe(to);
  });
});
