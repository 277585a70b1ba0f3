import {
  CALL_BACK_MAX_DAYS,
  CALL_BACK_MAX_PENDING,
  CALL_BACK_MESSAGES,
  inVoice,
  formatDateTime,
  isTerminalStatus,
  REALTIME_EVENTS,
  saleDetailSchema,
  type Country,
} from '@backoffice/shared';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { customers, leadEvents, leads, scheduledCalls, users } from '../../src/db/schema';
import { createTestApp, signedIn, type Driver, type TestApp, type TestClient } from '../helpers/app';
import { insertKnownLeads, userIdByEmail, type KnownLead } from '../helpers/leads-fixture';

/*
 * A pending call back cancelled or moved to another time from the sale detail
 * (`POST /sales/:id/call-back/:callId/cancel`, `PATCH /sales/:id/call-back/:callId`): the booking's rules and
 * checks, leads.next_call_at kept on the soonest pending one, the timeline, the lists' order and the seller's
 * reminders told; refusals write nothing; a cancel racing a resolve (the reminder modal) lets one win.
 */

const HOUR = 3_600_000;

describe.each<Driver>(['pglite', 'postgres'])('call back cancel and reschedule on %s', (driver) => {
  let t: TestApp;
  let arg: KnownLead[];
  let col: KnownLead[];
  let sellerId: number;
  let otherSellerId: number;
  let colSellerId: number;
  const as = signedIn(() => t.app);

  /** The seller's leads still open (call backs can be booked), each test taking its own. */
  let open: KnownLead[];
  let next = 0;
  const ownLead = () => open[next++];

  const book = async (client: TestClient, country: Country, leadId: number, at: Date, note?: string) => {
    const res = await client.post(`/api/${country}/sales/${leadId}/call-back`, { at: at.toISOString(), ...(note && { note }) });
    expect(res.statusCode, res.body).toBe(200);
    const sale = saleDetailSchema.parse(res.json());
    return sale.scheduled_calls.find((call) => call.schedule_time === at.toISOString())!.id;
  };
  const callRow = async (id: number) => (await t.app.db.select().from(scheduledCalls).where(eq(scheduledCalls.id, id)))[0];
  const leadRow = async (id: number) =>
    (await t.app.db.select({ nextCallAt: leads.nextCallAt, version: leads.version }).from(leads).where(eq(leads.id, id)))[0];
  const eventsOf = async (leadId: number) =>
    t.app.db.select().from(leadEvents).where(eq(leadEvents.leadId, leadId)).orderBy(asc(leadEvents.id));
  const eventCount = async () => (await t.app.db.select({ n: count() }).from(leadEvents))[0].n;
  /** Everything a refused request must leave as it was. */
  const snapshot = async (leadId: number) => ({
    calls: await t.app.db.select().from(scheduledCalls).where(eq(scheduledCalls.leadId, leadId)).orderBy(asc(scheduledCalls.id)),
    lead: await leadRow(leadId),
    events: await eventCount(),
  });
  const cancel = (client: TestClient, leadId: number, callId: number, country: Country = 'arg') =>
    client.post(`/api/${country}/sales/${leadId}/call-back/${callId}/cancel`, {});
  /** A move made on the call back's `version` (by default the one stored now, as a fresh read would send). */
  const reschedule = async (client: TestClient, leadId: number, callId: number, at: unknown, country: Country = 'arg', version?: number) =>
    client.patch(`/api/${country}/sales/${leadId}/call-back/${callId}`, {
      at: at instanceof Date ? at.toISOString() : at,
      version: version ?? (await callRow(callId))?.version ?? 1,
    });

  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 0, countCacheSeconds: 0 });
    sellerId = await userIdByEmail(t.app, 'arg', 'seller@arg.example');
    const sellers = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.country, 'arg'), eq(users.role, '2'), eq(users.active, true)));
    otherSellerId = sellers.map((s) => s.id).find((id) => id !== sellerId)!;
    colSellerId = await userIdByEmail(t.app, 'col', 'seller@col.example');
    arg = await insertKnownLeads(t.app, 'arg', 60, [sellerId, otherSellerId]);
    col = await insertKnownLeads(t.app, 'col', 10, [colSellerId]);
    open = arg.filter((l) => l.sellerId === sellerId && !isTerminalStatus('arg', l.statusId));
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('cancels a pending call back: no longer pending, next_call_at on the next one, the timeline, the lists and the seller told', async () => {
    const seller = await as('arg', 'seller@arg.example');
    const lead = ownLead();
    const sooner = new Date(Date.now() + 2 * HOUR);
    const later = new Date(Date.now() + 30 * HOUR);
    const soonerId = await book(seller, 'arg', lead.id, sooner, 'Llamar antes del almuerzo');
    const laterId = await book(seller, 'arg', lead.id, later);
    expect((await leadRow(lead.id)).nextCallAt).toEqual(sooner);
    const { version } = await leadRow(lead.id);
    const reordered = vi.spyOn(t.app.leadLists.arg, 'reordered');
    const told = vi.spyOn(t.app.realtime, 'toUser');

    const res = await cancel(seller, lead.id, soonerId);
    expect(res.statusCode, res.body).toBe(200);
    const sale = saleDetailSchema.parse(res.json());
    expect(sale.scheduled_calls.map((c) => c.id)).toEqual([laterId]);
    expect(sale.next_call_at).toBe(later.toISOString());
    expect(sale.version).toBe(version); // a mirror: the open detail does not go stale
    expect(sale.timeline[0]).toMatchObject({ type: 'call_back', user: { id: sellerId } });
    expect(sale.timeline[0].text).toBe(`Llamada del ${formatDateTime('arg', sooner)} cancelada\nLlamar antes del almuerzo`);
    expect(await callRow(soonerId)).toMatchObject({ status: 'cancelled', scheduleTime: sooner, version: 2 });
    expect((await callRow(soonerId)).resolvedAt).toBeInstanceOf(Date);
    expect((await leadRow(lead.id)).nextCallAt).toEqual(later);
    expect((await eventsOf(lead.id)).at(-1)).toMatchObject({ type: 'call_back', fromValue: sooner.toISOString(), toValue: 'cancelled' });
    expect(reordered).toHaveBeenCalled();
    expect(told).toHaveBeenCalledWith(sellerId, 'call-reminder:changed', {
      id: soonerId,
      lead_id: lead.id,
      change: 'cancelled',
      schedule_time: sooner.toISOString(),
    });
    // What a socket would carry is the contract's (the emitter checks it only with a socket server attached).
    expect(REALTIME_EVENTS['call-reminder:changed'].safeParse(told.mock.calls[0][2]).success).toBe(true);
    // The list shows the next one on the row.
    const listed = (await seller.get(`/api/arg/sales?q=${lead.docNumber}`)).json().rows;
    expect(listed).toEqual([expect.objectContaining({ id: lead.id, next_call_at: later.toISOString() })]);

    // The last one cancelled: no next call.
    const last = saleDetailSchema.parse((await cancel(seller, lead.id, laterId)).json());
    expect(last).toMatchObject({ scheduled_calls: [], next_call_at: null });
    expect((await leadRow(lead.id)).nextCallAt).toBeNull();
  });

  it('frees a place under CALL_BACK_MAX_PENDING: a cancelled call back no longer counts', async () => {
    const seller = await as('arg', 'seller@arg.example');
    const lead = ownLead();
    const base = Date.now() + HOUR;
    const ids: number[] = [];
    for (let i = 0; i < CALL_BACK_MAX_PENDING; i++) ids.push(await book(seller, 'arg', lead.id, new Date(base + i * HOUR)));
    const over = await seller.post(`/api/arg/sales/${lead.id}/call-back`, { at: new Date(base + 20 * HOUR).toISOString() });
    expect(over.statusCode).toBe(409);
    expect((await cancel(seller, lead.id, ids[3])).statusCode).toBe(200);
    expect((await seller.post(`/api/arg/sales/${lead.id}/call-back`, { at: new Date(base + 20 * HOUR).toISOString() })).statusCode).toBe(
      200,
    );
  });

  it('reschedules a pending call back: the same row at the new time, next_call_at recomputed, the timeline; a repeat writes nothing', async () => {
    const seller = await as('arg', 'seller@arg.example');
    const lead = ownLead();
    const first = new Date(Date.now() + 3 * HOUR);
    const second = new Date(Date.now() + 10 * HOUR);
    const moved = new Date(Date.now() + 50 * HOUR);
    const firstId = await book(seller, 'arg', lead.id, first, 'Pidió que lo llamen');
    await book(seller, 'arg', lead.id, second);
    const { version } = await leadRow(lead.id);
    const reordered = vi.spyOn(t.app.leadLists.arg, 'reordered');
    const told = vi.spyOn(t.app.realtime, 'toUser');

    const res = await reschedule(seller, lead.id, firstId, moved);
    expect(res.statusCode, res.body).toBe(200);
    const sale = saleDetailSchema.parse(res.json());
    expect(sale.scheduled_calls.map((c) => [c.schedule_time, c.note])).toEqual([
      [second.toISOString(), null],
      [moved.toISOString(), 'Pidió que lo llamen'],
    ]);
    expect(sale.scheduled_calls[1].id).toBe(firstId);
    expect(sale.next_call_at).toBe(second.toISOString());
    expect(sale.version).toBe(version);
    expect(sale.timeline[0]).toMatchObject({ type: 'call_back', user: { id: sellerId } });
    expect(sale.timeline[0].text).toBe(`Llamada del ${formatDateTime('arg', first)} reprogramada al ${formatDateTime('arg', moved)}`);
    expect(await callRow(firstId)).toMatchObject({ status: 'pending', scheduleTime: moved, sellerId, version: 2, resolvedAt: null });
    expect((await leadRow(lead.id)).nextCallAt).toEqual(second);
    expect((await eventsOf(lead.id)).at(-1)).toMatchObject({
      type: 'call_back',
      fromValue: first.toISOString(),
      toValue: moved.toISOString(),
    });
    expect(reordered).toHaveBeenCalled();
    expect(told).toHaveBeenCalledWith(sellerId, 'call-reminder:changed', {
      id: firstId,
      lead_id: lead.id,
      change: 'rescheduled',
      schedule_time: moved.toISOString(),
    });

    // Brought forward, before the other: it is the next call again.
    const soon = new Date(Date.now() + HOUR);
    expect(saleDetailSchema.parse((await reschedule(seller, lead.id, firstId, soon)).json()).next_call_at).toBe(soon.toISOString());
    expect((await leadRow(lead.id)).nextCallAt).toEqual(soon);

    // A repeat (a double submit): 200, nothing written, nobody told.
    const before = await snapshot(lead.id);
    told.mockClear();
    const again = await reschedule(seller, lead.id, firstId, soon);
    expect(again.statusCode, again.body).toBe(200);
    expect(await snapshot(lead.id)).toEqual(before);
    expect(told).not.toHaveBeenCalled();
  });

  it('refuses a move made on a call back someone else moved since it was read (409, nothing written); the same move again is done', async () => {
    const seller = await as('arg', 'seller@arg.example');
    // The same seller in another tab (or a supervisor: whoever else may move it).
    const otherTab = seller;
    const lead = ownLead();
    const id = await book(seller, 'arg', lead.id, new Date(Date.now() + 2 * HOUR));
    const read = saleDetailSchema
      .parse((await seller.get(`/api/arg/sales/${lead.id}`)).json())
      .scheduled_calls.find((call) => call.id === id)!;
    expect(read.version).toBe(1);
    const first = new Date(Date.now() + 4 * HOUR);
    expect((await reschedule(otherTab, lead.id, id, first, 'arg', read.version)).statusCode).toBe(200);
    // That move repeated (a retry) is not stale: nothing more written.
    const after = await snapshot(lead.id);
    expect((await reschedule(otherTab, lead.id, id, first, 'arg', read.version)).statusCode).toBe(200);
    expect(await snapshot(lead.id)).toEqual(after);
    // The first tab, on what it read before that move, is told instead of silently undoing it.
    const stale = await reschedule(seller, lead.id, id, new Date(Date.now() + 6 * HOUR), 'arg', read.version);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().statusMessage).toBe(inVoice('arg', CALL_BACK_MESSAGES.stale));
    expect(await snapshot(lead.id)).toEqual(after);
    const body = (await seller.patch(`/api/arg/sales/${lead.id}/call-back/${id}`, { at: first.toISOString() })).json();
    expect(body).toMatchObject({ statusCode: 400, fields: [{ field: 'version' }] });
  });

  it('refuses to move a call back onto the time of another pending one (409 naming `at`, nothing written)', async () => {
    const seller = await as('arg', 'seller@arg.example');
    const lead = ownLead();
    const one = new Date(Date.now() + 4 * HOUR);
    const other = new Date(Date.now() + 8 * HOUR);
    const oneId = await book(seller, 'arg', lead.id, one);
    await book(seller, 'arg', lead.id, other);
    const before = await snapshot(lead.id);
    const res = await reschedule(seller, lead.id, oneId, other);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      statusMessage: CALL_BACK_MESSAGES.sameTime,
      fields: [{ field: 'at', message: CALL_BACK_MESSAGES.sameTime }],
    });
    expect(await snapshot(lead.id)).toEqual(before);
  });

  it('refuses a bad time with 400 naming `at`, the booking’s messages, and writes nothing', async () => {
    const seller = await as('arg', 'seller@arg.example');
    const lead = ownLead();
    const id = await book(seller, 'arg', lead.id, new Date(Date.now() + 5 * HOUR));
    const before = await snapshot(lead.id);
    const cases: [unknown, string][] = [
      [new Date(Date.now() - 60_000), 'La llamada debe programarse en el futuro'],
      [
        new Date(Date.now() + (CALL_BACK_MAX_DAYS + 1) * 24 * HOUR),
        `La llamada debe programarse dentro de los próximos ${CALL_BACK_MAX_DAYS} días`,
      ],
      ['mañana', 'Indicá fecha y hora de la llamada'],
      [undefined, 'Indicá fecha y hora de la llamada'],
    ];
    for (const [at, message] of cases) {
      const res = await reschedule(seller, lead.id, id, at);
      expect(res.statusCode, String(at)).toBe(400);
      expect(res.json().fields, String(at)).toEqual([{ field: 'at', message }]);
    }
    expect(await snapshot(lead.id)).toEqual(before);
  });

  it('refuses another seller’s lead (403), a call back of another application or unknown (404), and a request without XSRF (403), writing nothing', async () => {
    const seller = await as('arg', 'seller@arg.example');
    const other = await as('arg', (await t.app.db.select({ email: users.email }).from(users).where(eq(users.id, otherSellerId)))[0].email);
    const theirs = arg.find((l) => l.sellerId === otherSellerId && !isTerminalStatus('arg', l.statusId))!;
    const theirCall = await book(other, 'arg', theirs.id, new Date(Date.now() + 6 * HOUR));
    const lead = ownLead();
    const mine = await book(seller, 'arg', lead.id, new Date(Date.now() + 7 * HOUR));
    const theirsBefore = await snapshot(theirs.id);
    const mineBefore = await snapshot(lead.id);
    const later = new Date(Date.now() + 9 * HOUR);

    for (const res of [await cancel(seller, theirs.id, theirCall), await reschedule(seller, theirs.id, theirCall, later)]) {
      expect(res.statusCode, res.body).toBe(403);
    }
    // Their call back through the seller's own lead's path: not this application's.
    for (const res of [await cancel(seller, lead.id, theirCall), await reschedule(seller, lead.id, theirCall, later)]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().statusMessage).toBe(CALL_BACK_MESSAGES.notFound);
    }
    expect((await cancel(seller, lead.id, 99_999_999)).statusCode).toBe(404);
    expect((await cancel(seller, 99_999_999, mine)).statusCode).toBe(404);
    expect((await seller.post(`/api/arg/sales/${lead.id}/call-back/x/cancel`, undefined)).statusCode).toBe(400);
    // The app's XSRF guard: an unsafe method without the header.
    expect((await seller.post(`/api/arg/sales/${lead.id}/call-back/${mine}/cancel`, undefined, { xsrf: false })).statusCode).toBe(403);
    expect(
      (await seller.patch(`/api/arg/sales/${lead.id}/call-back/${mine}`, { at: later.toISOString() }, { xsrf: false })).statusCode,
    ).toBe(403);
    // Another country's path: the seller's session is arg's.
    expect((await cancel(seller, lead.id, mine, 'col')).statusCode).toBe(403);
    expect(await snapshot(theirs.id)).toEqual(theirsBefore);
    expect(await snapshot(lead.id)).toEqual(mineBefore);
  });

  it('refuses a call back no longer pending (resolved meanwhile) with a clear 409, writing nothing', async () => {
    const seller = await as('arg', 'seller@arg.example');
    const lead = ownLead();
    const id = await book(seller, 'arg', lead.id, new Date(Date.now() + 2 * HOUR));
    const keep = await book(seller, 'arg', lead.id, new Date(Date.now() + 12 * HOUR));
    expect((await seller.get(`/api/arg/sales/resolve-call?id=${id}`)).statusCode).toBe(200);
    const before = await snapshot(lead.id);
    const told = vi.spyOn(t.app.realtime, 'toUser');
    for (const res of [await cancel(seller, lead.id, id), await reschedule(seller, lead.id, id, new Date(Date.now() + 20 * HOUR))]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().statusMessage).toBe(CALL_BACK_MESSAGES.notPending);
    }
    // Cancelled is no longer pending either.
    expect((await cancel(seller, lead.id, keep)).statusCode).toBe(200);
    const after = await snapshot(lead.id);
    expect((await cancel(seller, lead.id, keep)).statusCode).toBe(409);
    expect((await reschedule(seller, lead.id, keep, new Date(Date.now() + 20 * HOUR))).statusCode).toBe(409);
    expect(await snapshot(lead.id)).toEqual(after);
    expect(before.calls.find((c) => c.id === id)).toEqual(after.calls.find((c) => c.id === id));
    expect(told).toHaveBeenCalledTimes(1);
  });

  it('lets one of a cancel and a resolve (or two cancels) sent at once win; the other is 409 and writes nothing', async () => {
    const seller = await as('arg', 'seller@arg.example');
    for (let round = 0; round < 4; round++) {
      const lead = ownLead();
      const resolving = round % 2 === 0;
      const id = await book(seller, 'arg', lead.id, new Date(Date.now() + (round + 1) * HOUR));
      const eventsBefore = (await eventsOf(lead.id)).length;
      const [first, second] = await Promise.all([
        cancel(seller, lead.id, id),
        resolving ? seller.get(`/api/arg/sales/resolve-call?id=${id}`) : cancel(seller, lead.id, id),
      ]);
      expect([first.statusCode, second.statusCode].sort(), `${first.body} ${second.body}`).toEqual([200, 409]);
      const loser = first.statusCode === 409 ? first : second;
      expect(loser.json().statusMessage).toBe(CALL_BACK_MESSAGES.notPending);
      const row = await callRow(id);
      expect(row.status).toBe(resolving && second.statusCode === 200 ? 'resolved' : 'cancelled');
      expect(row.version).toBe(2);
      // One change, one timeline entry; no next call left.
      expect((await eventsOf(lead.id)).length).toBe(eventsBefore + 1);
      expect((await leadRow(lead.id)).nextCallAt).toBeNull();
    }
  });

  it('takes a cancel and a reschedule sent at once one after the other: moved then cancelled, or cancelled and the move refused', async () => {
    const seller = await as('arg', 'seller@arg.example');
    const lead = ownLead();
    const id = await book(seller, 'arg', lead.id, new Date(Date.now() + 2 * HOUR));
    const eventsBefore = (await eventsOf(lead.id)).length;
    const [cancelled, moved] = await Promise.all([
      cancel(seller, lead.id, id),
      reschedule(seller, lead.id, id, new Date(Date.now() + 40 * HOUR)),
    ]);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect([200, 409]).toContain(moved.statusCode);
    expect(await callRow(id)).toMatchObject({ status: 'cancelled', version: moved.statusCode === 200 ? 3 : 2 });
    expect((await eventsOf(lead.id)).length).toBe(eventsBefore + (moved.statusCode === 200 ? 2 : 1));
    expect((await leadRow(lead.id)).nextCallAt).toBeNull();
  });

  it('lets the back office (col admin) cancel and move a seller’s call back: the event names the admin, the seller is told', async () => {
    const admin = await as('col', 'admin@col.example');
    const colSeller = await as('col', 'seller@col.example');
    const lead = col.find((l) => l.sellerId === colSellerId && !isTerminalStatus('col', l.statusId))!;
    const booked = new Date(Date.now() + 3 * HOUR);
    const id = await book(colSeller, 'col', lead.id, booked);
    const adminId = await userIdByEmail(t.app, 'col', 'admin@col.example');
    const told = vi.spyOn(t.app.realtime, 'toUser');
    const moved = new Date(Date.now() + 5 * HOUR);
    const res = await reschedule(admin, lead.id, id, moved, 'col');
    expect(res.statusCode, res.body).toBe(200);
    expect(saleDetailSchema.parse(res.json()).timeline[0]).toMatchObject({
      type: 'call_back',
      user: { id: adminId },
      text: `Llamada del ${formatDateTime('col', booked)} reprogramada al ${formatDateTime('col', moved)}`,
    });
    expect(told).toHaveBeenCalledWith(colSellerId, 'call-reminder:changed', expect.objectContaining({ id, change: 'rescheduled' }));
    expect((await cancel(admin, lead.id, id, 'col')).statusCode).toBe(200);
    expect(await callRow(id)).toMatchObject({ status: 'cancelled', sellerId: colSellerId });
    expect(told).toHaveBeenLastCalledWith(colSellerId, 'call-reminder:changed', expect.objectContaining({ id, change: 'cancelled' }));
  });

  // Only PostgreSQL runs requests side by side (PGlite has one connection, one statement at a time).
  if (driver === 'postgres') {
    it('refuses a seller’s write that waited on a reassignment of the lead being committed (403, nothing written)', async () => {
      const seller = await as('arg', 'seller@arg.example');
      const lead = ownLead();
      const callId = await book(seller, 'arg', lead.id, new Date(Date.now() + 2 * HOUR));
      const { customer } = saleDetailSchema.parse((await seller.get(`/api/arg/sales/${lead.id}`)).json());
      const customerRow = async () => (await t.app.db.select().from(customers).where(eq(customers.id, customer.id)))[0];
      // Each passes the route's check (the lead is still the seller's when it starts) and reaches its
      // transaction while the reassignment holds the lead's row.
      const writes: Record<string, () => ReturnType<TestClient['get']>> = {
        booking: () => seller.post(`/api/arg/sales/${lead.id}/call-back`, { at: new Date(Date.now() + 5 * HOUR).toISOString() }),
        note: () => seller.post(`/api/arg/leads/${lead.id}/notes`, { body: 'Nota escrita mientras se reasignaba' }),
        customer: () =>
          seller.patch(`/api/arg/sales/${lead.id}/customer`, {
            first_name: customer.first_name,
            last_name: customer.last_name,
            cellphone: '1144445555',
            email: customer.email,
            version: customer.version,
          }),
        resolve: () => seller.get(`/api/arg/sales/resolve-call?id=${callId}`),
        postpone: () => seller.get(`/api/arg/sales/postpone-call?id=${callId}`),
      };
      for (const [name, write] of Object.entries(writes)) {
        const before = { ...(await snapshot(lead.id)), customer: await customerRow() };
        let settled = false;
        let pending: ReturnType<typeof write> | undefined;
        await t.app.db.transaction(async (tx) => {
          await tx.update(leads).set({ sellerId: otherSellerId }).where(eq(leads.id, lead.id));
          pending = write();
          void pending.then(() => {
            settled = true;
          });
          await new Promise((resolve) => setTimeout(resolve, 300));
          expect(settled, `${name} waits for the reassignment`).toBe(false);
        });
        const res = await pending!;
        expect(res.statusCode, `${name}: ${res.body}`).toBe(403);
        // The reminder's own words for it (SPEC 5 shows the server's statusMessage).
        expect(res.json().statusMessage, name).toMatch(/^Est(e lead está asignado|a llamada está asignada) a otro vendedor$/);
        expect({ ...(await snapshot(lead.id)), customer: await customerRow() }, name).toEqual(before);
        await t.app.db.update(leads).set({ sellerId }).where(eq(leads.id, lead.id));
      }
    });
  }
});
