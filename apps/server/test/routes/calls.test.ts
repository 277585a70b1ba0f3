import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ARG_STATUS_IDS,
  DIAL_MESSAGES,
  inVoice,
  callActionResponseSchema,
  leadDetailSchema,
  saleDetailSchema,
  scheduleCallsResponseSchema,
  type Country,
} from '@backoffice/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { calls, customers, leadEvents, leads, scheduledCalls, users } from '../../src/db/schema';
import { CALL_ERRORS } from '../../src/routes/country/call-errors';
import { NeotelAdapter, SimulatedTelephony, TelephonyError } from '../../src/services/telephony';
import { TestClient, createTestApp, type Driver, type TestApp } from '../helpers/app';
import { insertKnownLeads, userIdByEmail, type KnownLead } from '../helpers/leads-fixture';

/*
 * Call reminders (schedule-calls, resolve-call, postpone-call) and click-to-call (hang-up, start) through the
 * telephony simulator and through the Neotel adapter against a fake Neotel on 127.0.0.1.
 */

const MINUTE = 60_000;
const POSTPONE_MINUTES = 30;

interface FakeNeotel {
  url: string;
  requests: { path: string; auth: string | undefined; body: Record<string, unknown> }[];
  close: () => Promise<void>;
}

/**
 * A stand-in for Neotel: `/calls/start` answers {call_id} unless the phone ends in 9999 (500) or 8888 (never
 * within the client's timeout); `/calls/hang-up` answers 200 unless the user is 4040 (404).
 */
async function fakeNeotel(): Promise<FakeNeotel> {
  const requests: FakeNeotel['requests'] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
      requests.push({ path: req.url ?? '', auth: req.headers.authorization, body });
      const json = (status: number, payload: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      if (req.method === 'POST' && req.url === '/api/calls/start') {
        const phone = String(body.phone);
        if (phone.endsWith('9999')) return json(500, { error: 'agent not logged in' });
        if (phone.endsWith('8888')) return void setTimeout(() => json(200, { call_id: 'late' }), 1_500);
        return json(200, { call_id: `neo-${requests.length}` });
      }
      if (req.method === 'POST' && req.url === '/api/calls/hang-up') {
        return body.user === 4040 ? json(404, { error: 'unknown agent' }) : json(200, { ok: true });
      }
      json(404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('telephony adapters (no database)', () => {
  it('simulator: succeeds, fails every call with simulateFailure, and numbers ending in the fail suffix', async () => {
    const sim = new SimulatedTelephony({ failAll: false, failSuffix: '0000' });
    await expect(sim.start({ user: 1001, cellphone: '1155554444' })).resolves.toEqual({ externalId: expect.stringMatching(/^sim-1001-/) });
    await expect(sim.start({ user: 1001, cellphone: '1155550000' })).rejects.toBeInstanceOf(TelephonyError);
    await expect(sim.hangUp(1001)).resolves.toBeUndefined();
    const failing = new SimulatedTelephony({ failAll: true, failSuffix: '' });
    await expect(failing.start({ user: 1001, cellphone: '1155554444' })).rejects.toThrow(/TELEPHONY_SIMULATE_FAILURE/);
    await expect(failing.hangUp(1001)).rejects.toBeInstanceOf(TelephonyError);
    const noSuffix = new SimulatedTelephony({ failAll: false, failSuffix: '' });
    await expect(noSuffix.start({ user: 1, cellphone: '1155550000' })).resolves.toBeDefined();
  });

  it('neotel: posts JSON with the token, reads call_id, and turns errors, refusals and timeouts into TelephonyError', async () => {
    const neo = await fakeNeotel();
    try {
      const adapter = new NeotelAdapter({ baseUrl: neo.url, token: 'secreto', timeoutMs: 300 });
      await expect(adapter.start({ user: 1001, cellphone: '1155554444' })).resolves.toEqual({ externalId: 'neo-1' });
      expect(neo.requests[0]).toEqual({ path: '/api/calls/start', auth: 'Bearer secreto', body: { user: 1001, phone: '1155554444' } });
      await expect(adapter.hangUp(1001)).resolves.toBeUndefined();
      expect(neo.requests[1]).toMatchObject({ path: '/api/calls/hang-up', body: { user: 1001 } });
      await expect(adapter.start({ user: 1001, cellphone: '1155559999' })).rejects.toThrow(/Neotel respondió 500/);
      await expect(adapter.hangUp(4040)).rejects.toThrow(/Neotel respondió 404/);
      await expect(adapter.start({ user: 1001, cellphone: '1155558888' })).rejects.toThrow(/Neotel no responde/);
      const unreachable = new NeotelAdapter({ baseUrl: 'http://127.0.0.1:9/', timeoutMs: 300 });
      await expect(unreachable.start({ user: 1, cellphone: '1155554444' })).rejects.toBeInstanceOf(TelephonyError);
    } finally {
      await neo.close();
    }
  });

  it('configuration: defaults, and the Neotel adapter needs its base URL', () => {
    const config = loadConfig({});
    expect(config.callPostponeMinutes).toBe(15);
    expect(config.telephony).toMatchObject({ adapter: 'simulator', simulateFailure: false, failSuffix: '0000' });
    expect(() => loadConfig({ TELEPHONY_ADAPTER: 'neotel' })).toThrow(/NEOTEL_BASE_URL/);
    const neotel = loadConfig({
      TELEPHONY_ADAPTER: 'neotel',
      NEOTEL_BASE_URL: 'http://neotel.local/api',
      NEOTEL_TOKEN: 't',
      CALL_POSTPONE_MINUTES: '5',
      TELEPHONY_SIMULATE_FAILURE: '1',
    });
    expect(neotel.callPostponeMinutes).toBe(5);
    expect(neotel.telephony).toMatchObject({
      adapter: 'neotel',
      neotelBaseUrl: 'http://neotel.local/api',
      neotelToken: 't',
      simulateFailure: true,
    });
  });
});

describe.each<Driver>(['pglite', 'postgres'])('call reminders and telephony on %s', (driver) => {
  let t: TestApp;
  let arg: KnownLead[];
  let col: KnownLead[];
  let sellerId: number;
  let otherSellerId: number;
  let colSellerId: number;
  const clients = new Map<string, TestClient>();

  const as = async (country: Country, email: string, app = t): Promise<TestClient> => {
    const key = `${app === t ? 'main' : 'other'}:${country}:${email}`;
    if (!clients.has(key)) {
      const client = new TestClient(app.app);
      const res = await client.login(country, email);
      expect(res.statusCode, res.body).toBe(200);
      clients.set(key, client);
    }
    return clients.get(key)!;
  };
  const neotelOf = async (email: string) => (await t.app.db.select({ n: users.neotelId }).from(users).where(eq(users.email, email)))[0].n;
  const addCall = async (country: Country, leadId: number, seller: number, at: Date, status = 'pending') => {
    const [row] = await t.app.db
      .insert(scheduledCalls)
      .values({ country, leadId, sellerId: seller, scheduleTime: at, status, note: 'Llamar por la oferta', createdBy: seller })
      .returning({ id: scheduledCalls.id });
    return row.id;
  };
  const eventsOf = async (leadId: number) =>
    t.app.db.select().from(leadEvents).where(eq(leadEvents.leadId, leadId)).orderBy(asc(leadEvents.id));

  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 0, callPostponeMinutes: POSTPONE_MINUTES });
    sellerId = await userIdByEmail(t.app, 'arg', 'seller@arg.example');
    const sellers = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.country, 'arg'), eq(users.role, '2'), eq(users.active, true)))
      .orderBy(asc(users.id));
    // Another seller-role user: the first extra seller of the seed.
    otherSellerId = sellers.map((s) => s.id).find((id) => id !== sellerId)!;
    colSellerId = await userIdByEmail(t.app, 'col', 'seller@col.example');
    arg = await insertKnownLeads(t.app, 'arg', 12, [sellerId, otherSellerId]);
    col = await insertKnownLeads(t.app, 'col', 6, [colSellerId]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers {} without a due call back, then the earliest own due one, with exactly the SPEC 3 fields', async () => {
    const seller = await as('arg', 'seller@arg.example');
    const mine = arg.filter((l) => l.sellerId === sellerId);
    const theirs = arg.find((l) => l.sellerId === otherSellerId)!;
    await addCall('arg', mine[0].id, sellerId, new Date(Date.now() + 60 * MINUTE)); // not due yet
    await addCall('arg', mine[1].id, sellerId, new Date(Date.now() - 90 * MINUTE), 'resolved'); // done
    await addCall('arg', theirs.id, otherSellerId, new Date(Date.now() - 120 * MINUTE)); // another seller's

    let res = await seller.get('/api/arg/sales/schedule-calls');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({});
    expect(res.headers['cache-control']).toBe('no-store');

    const later = new Date(Date.now() - 5 * MINUTE);
    const earlier = new Date(Date.now() - 30 * MINUTE);
    await addCall('arg', mine[2].id, sellerId, later);
    const earliestId = await addCall('arg', mine[3].id, sellerId, earlier);
    res = await seller.get('/api/arg/sales/schedule-calls');
    expect(res.statusCode, res.body).toBe(200);
    expect(scheduleCallsResponseSchema.parse(res.json())).toEqual({
      id: earliestId,
      lead_id: mine[3].id,
      first_name: mine[3].firstName,
      cellphone: mine[3].cellphone,
      schedule_time: earlier.toISOString(),
      // Two of this seller's call backs are due: the reminder's "1 de 2".
      due_count: 2,
    });

    // The other seller sees their own, never this seller's.
    const otherEmail = (await t.app.db.select({ email: users.email }).from(users).where(eq(users.id, otherSellerId)))[0].email;
    const other = await as('arg', otherEmail);
    expect((await other.get('/api/arg/sales/schedule-calls')).json()).toMatchObject({ lead_id: theirs.id });
  });

  it('is only for the seller role of the country: other roles 403, signed out 401, the other country 403', async () => {
    for (const email of ['admin@arg.example', 'operator@arg.example', 'seller_wo_assignation@arg.example', 'supervisor@arg.example']) {
      const client = await as('arg', email);
      for (const path of ['schedule-calls', 'resolve-call?id=1', 'postpone-call?id=1']) {
        const res = await client.get(`/api/arg/sales/${path}`);
        expect(res.statusCode, `${email} ${path}`).toBe(403);
        expect(res.json().statusMessage).toBe(CALL_ERRORS.onlySellers);
      }
    }
    const anonymous = await new TestClient(t.app).init();
    expect((await anonymous.get('/api/arg/sales/schedule-calls')).statusCode).toBe(401);
    const seller = await as('arg', 'seller@arg.example');
    expect((await seller.get('/api/col/sales/schedule-calls')).statusCode).toBe(403);

    // A col seller gets col call backs.
    const colLead = col.find((l) => l.sellerId === colSellerId)!;
    const colCall = await addCall('col', colLead.id, colSellerId, new Date(Date.now() - MINUTE));
    const colSeller = await as('col', 'seller@col.example');
    expect((await colSeller.get('/api/col/sales/schedule-calls')).json()).toMatchObject({ id: colCall, lead_id: colLead.id });
    // The arg path does not resolve a col call back (404: not in this country).
    expect((await seller.get(`/api/arg/sales/resolve-call?id=${colCall}`)).statusCode).toBe(404);
  });

  it('resolves only the seller’s own pending call back, writes the timeline, and says why it refuses', async () => {
    const seller = await as('arg', 'seller@arg.example');
    const lead = arg.filter((l) => l.sellerId === sellerId)[0];
    const theirs = arg.filter((l) => l.sellerId === otherSellerId)[1];
    const theirCall = await addCall('arg', theirs.id, otherSellerId, new Date(Date.now() - MINUTE));
    const due = await addCall('arg', lead.id, sellerId, new Date(Date.now() - 10 * MINUTE));

    let res = await seller.get(`/api/arg/sales/resolve-call?id=${theirCall}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().statusMessage).toBe(CALL_ERRORS.notYours);
    expect((await t.app.db.select().from(scheduledCalls).where(eq(scheduledCalls.id, theirCall)))[0].status).toBe('pending');
    res = await seller.get('/api/arg/sales/resolve-call?id=99999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().statusMessage).toBe(CALL_ERRORS.notFound);
    res = await seller.get('/api/arg/sales/resolve-call');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([expect.objectContaining({ field: 'id' })]);

    res = await seller.get(`/api/arg/sales/resolve-call?id=${due}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(callActionResponseSchema.parse(res.json())).toEqual({ id: due, lead_id: lead.id, status: 'resolved', next: null });
    const [row] = await t.app.db.select().from(scheduledCalls).where(eq(scheduledCalls.id, due));
    expect(row.status).toBe('resolved');
    expect(row.resolvedAt).toBeInstanceOf(Date);
    const events = await eventsOf(lead.id);
    expect(events.at(-1)).toMatchObject({ type: 'call_resolved', userId: sellerId, fromValue: String(due) });
    expect(events.at(-1)!.body).toMatch(/^Llamada del \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} resuelta\nLlamar por la oferta$/);
    // The lead detail's timeline shows it (the shared schema accepts the type).
    const detail = leadDetailSchema.parse((await seller.get(`/api/arg/leads/${lead.id}`)).json());
    expect(detail.timeline[0]).toMatchObject({ type: 'call_resolved', user: { id: sellerId } });
    // next_call_at follows the remaining pending call back (the future one of the first test).
    const pending = await t.app.db
      .select()
      .from(scheduledCalls)
      .where(and(eq(scheduledCalls.leadId, lead.id), eq(scheduledCalls.status, 'pending')));
    expect(detail.next_call_at).toBe(pending.length ? pending[0].scheduleTime.toISOString() : null);

    res = await seller.get(`/api/arg/sales/resolve-call?id=${due}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ statusCode: 409, statusMessage: CALL_ERRORS.notPending });
    expect(res.json().message).toBe(res.json().statusMessage);
  });

  it('postpones by CALL_POSTPONE_MINUTES: the old call back postponed, a new pending one, the timeline, and no longer due', async () => {
    const seller = await as('arg', 'seller@arg.example');
    // Clear what earlier tests left due, so this call back is the one answered.
    await t.app.db
      .update(scheduledCalls)
      .set({ status: 'resolved' })
      .where(and(eq(scheduledCalls.sellerId, sellerId), eq(scheduledCalls.status, 'pending')));
    const lead = arg.filter((l) => l.sellerId === sellerId)[1];
    const first = new Date(Date.now() - 2 * MINUTE);
    const due = await addCall('arg', lead.id, sellerId, first);
    expect((await seller.get('/api/arg/sales/schedule-calls')).json()).toMatchObject({ id: due });

    const theirs = arg.filter((l) => l.sellerId === otherSellerId)[2];
    const theirCall = await addCall('arg', theirs.id, otherSellerId, new Date(Date.now() - MINUTE));
    let res = await seller.get(`/api/arg/sales/postpone-call?id=${theirCall}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().statusMessage).toBe(CALL_ERRORS.notYours);

    const before = Date.now();
    res = await seller.get(`/api/arg/sales/postpone-call?id=${due}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = callActionResponseSchema.parse(res.json());
    expect(body).toMatchObject({ id: due, lead_id: lead.id, status: 'postponed' });
    const nextAt = new Date(body.next!.schedule_time).getTime();
    expect(nextAt).toBeGreaterThanOrEqual(before + POSTPONE_MINUTES * MINUTE);
    expect(nextAt).toBeLessThanOrEqual(Date.now() + POSTPONE_MINUTES * MINUTE);

    const rows = await t.app.db.select().from(scheduledCalls).where(eq(scheduledCalls.leadId, lead.id)).orderBy(asc(scheduledCalls.id));
    expect(rows.find((r) => r.id === due)).toMatchObject({ status: 'postponed', scheduleTime: first });
    expect(rows.find((r) => r.id === body.next!.id)).toMatchObject({ status: 'pending', sellerId, note: 'Llamar por la oferta' });
    const event = (await eventsOf(lead.id)).at(-1)!;
    expect(event).toMatchObject({
      type: 'call_postponed',
      userId: sellerId,
      fromValue: first.toISOString(),
      toValue: body.next!.schedule_time,
    });
    expect(event.body).toMatch(/^Llamada del .+ pospuesta al \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);

    // Nothing is due now; the sale detail lists the new call back, and next_call_at points at it.
    expect((await seller.get('/api/arg/sales/schedule-calls')).json()).toEqual({});
    const sale = saleDetailSchema.parse((await seller.get(`/api/arg/sales/${lead.id}`)).json());
    expect(sale.scheduled_calls.map((c) => c.id)).toContain(body.next!.id);
    expect(sale.timeline[0].type).toBe('call_postponed');
    // Postponing twice is refused with the reason.
    res = await seller.get(`/api/arg/sales/postpone-call?id=${due}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().statusMessage).toBe(CALL_ERRORS.notPending);

    // One not due yet (the API takes any pending one) moves later than it was due, never forward.
    const tomorrow = new Date(Date.now() + 24 * 60 * MINUTE);
    const ahead = await addCall('arg', lead.id, sellerId, tomorrow);
    res = await seller.get(`/api/arg/sales/postpone-call?id=${ahead}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(new Date(callActionResponseSchema.parse(res.json()).next!.schedule_time).getTime()).toBe(
      tomorrow.getTime() + POSTPONE_MINUTES * MINUTE,
    );
  });

  it('telephony (simulator): checks the user number, records calls with their lead, hang-up ends them, failures are 502', async () => {
    const seller = await as('arg', 'seller@arg.example');
    const neotel = await neotelOf('seller@arg.example');
    expect(neotel).toBeGreaterThan(0);
    const lead = arg.filter((l) => l.sellerId === sellerId)[2];

    // The body's user must be the signed-in user's telephony number.
    let res = await seller.post('/api/arg/customers/calls/start', { user: neotel + 1, cellphone: lead.cellphone });
    expect(res.statusCode).toBe(403);
    expect(res.json().statusMessage).toBe(inVoice('arg', CALL_ERRORS.wrongNeotelUser));
    res = await seller.post('/api/arg/customers/calls/hang-up', { user: 0 });
    expect(res.statusCode).toBe(403);
    res = await seller.post('/api/arg/customers/calls/start', { user: neotel });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([expect.objectContaining({ field: 'cellphone' })]);
    // A full-width digit is not dropped (that called a 9-digit number): the number is refused.
    res = await seller.post('/api/arg/customers/calls/start', { user: neotel, cellphone: `${lead.cellphone.slice(0, 9)}\uff14` });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      { field: 'cellphone', message: 'Celular inválido: solo números, espacios, +, guiones o paréntesis' },
    ]);
    // XSRF guards both POSTs.
    expect(
      (await seller.post('/api/arg/customers/calls/start', { user: neotel, cellphone: lead.cellphone }, { xsrf: false })).statusCode,
    ).toBe(403);
    expect((await seller.post('/api/arg/customers/calls/hang-up', { user: neotel }, { xsrf: false })).statusCode).toBe(403);
    // A user without a telephony number cannot call at all.
    const noNeotel = await as('arg', 'vendedor.sin.neotel@arg.example');
    res = await noNeotel.post('/api/arg/customers/calls/start', { user: 0, cellphone: lead.cellphone });
    expect(res.statusCode).toBe(403);
    expect(res.json().statusMessage).toBe(CALL_ERRORS.noNeotelUser);
    expect(await t.app.db.select().from(calls)).toHaveLength(0);

    // A call to one of the seller's customers, by number: recorded with the lead, on its timeline.
    res = await seller.post('/api/arg/customers/calls/start', { user: neotel, cellphone: lead.cellphone });
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json();
    expect(started).toEqual({ call_id: expect.any(Number), status: 'started', lead_id: lead.id });
    let [call] = await t.app.db.select().from(calls).where(eq(calls.id, started.call_id));
    expect(call).toMatchObject({
      country: 'arg',
      userId: sellerId,
      neotelUser: neotel,
      cellphone: lead.cellphone,
      leadId: lead.id,
      adapter: 'simulator',
      status: 'started',
      endedAt: null,
    });
    expect((await eventsOf(lead.id)).at(-1)).toMatchObject({ type: 'call', body: `Llamada a ${lead.cellphone} iniciada` });

    res = await seller.post('/api/arg/customers/calls/hang-up', { user: neotel });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ call_id: started.call_id, status: 'ended', lead_id: lead.id });
    [call] = await t.app.db.select().from(calls).where(eq(calls.id, started.call_id));
    expect(call.status).toBe('ended');
    expect(call.endedAt).toBeInstanceOf(Date);
    expect((await eventsOf(lead.id)).at(-1)!.body).toMatch(new RegExp(`^Llamada a ${lead.cellphone} finalizada \\(\\d+ s\\)$`));
    // Nothing open: a hang-up still answers (the web hangs up before every call).
    expect((await seller.post('/api/arg/customers/calls/hang-up', { user: neotel })).json()).toEqual({
      call_id: null,
      status: 'ended',
      lead_id: null,
    });

    // The same number written as people write it (international, with the trunk 0 and the 15): the same
    // customer's lead, with or without lead_id; the national number is what is dialled and recorded.
    for (const written of [
      `+54 9 ${lead.cellphone.slice(0, 2)} ${lead.cellphone.slice(2, 6)}-${lead.cellphone.slice(6)}`,
      `0${lead.cellphone.slice(0, 2)} 15 ${lead.cellphone.slice(2)}`,
    ]) {
      for (const body of [
        { user: neotel, cellphone: written },
        { user: neotel, cellphone: written, lead_id: lead.id },
      ]) {
        res = await seller.post('/api/arg/customers/calls/start', body);
        expect(res.json(), written).toMatchObject({ status: 'started', lead_id: lead.id });
        expect((await t.app.db.select().from(calls).where(eq(calls.id, res.json().call_id)))[0].cellphone).toBe(lead.cellphone);
        expect((await seller.post('/api/arg/customers/calls/hang-up', { user: neotel })).statusCode).toBe(200);
      }
    }
    // A number none of their customers has: a seller does not call it (403 naming cellphone), nothing recorded.
    const beforeStranger = (await t.app.db.select().from(calls)).length;
    res = await seller.post('/api/arg/customers/calls/start', { user: neotel, cellphone: '11-2222-3333' });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().fields).toEqual([{ field: 'cellphone', message: inVoice('arg', CALL_ERRORS.notYourCustomer) }]);
    expect((await t.app.db.select().from(calls)).length).toBe(beforeStranger);
    res = await seller.post('/api/arg/customers/calls/start', { user: neotel, cellphone: lead.cellphone });
    expect(res.statusCode, res.body).toBe(200);
    // One call at a time: starts sent while it is open (a double click) are refused and dial nothing.
    const callCount = async () => (await t.app.db.select().from(calls)).length;
    const before = await callCount();
    const repeated = await Promise.all(
      [0, 1, 2].map(() => seller.post('/api/arg/customers/calls/start', { user: neotel, cellphone: lead.cellphone })),
    );
    expect(repeated.map((r) => r.statusCode)).toEqual([409, 409, 409]);
    expect(repeated[0].json().statusMessage).toBe(inVoice('arg', CALL_ERRORS.callInProgress));
    expect(await callCount()).toBe(before);
    expect((await seller.post('/api/arg/customers/calls/hang-up', { user: neotel })).statusCode).toBe(200);
    // With none open, starts sent at the same moment place exactly one call.
    const startedEvents = async () => (await eventsOf(lead.id)).filter((e) => e.body === `Llamada a ${lead.cellphone} iniciada`).length;
    const startedBefore = await startedEvents();
    const together = await Promise.all(
      [0, 1, 2].map(() => seller.post('/api/arg/customers/calls/start', { user: neotel, cellphone: lead.cellphone, lead_id: lead.id })),
    );
    expect(together.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await callCount()).toBe(before + 1);
    expect(await startedEvents()).toBe(startedBefore + 1);
    expect((await seller.post('/api/arg/customers/calls/hang-up', { user: neotel })).statusCode).toBe(200);

    // The customer's later application, closed since: the call still goes to the one being worked.
    const [{ customerId }] = await t.app.db.select({ customerId: leads.customerId }).from(leads).where(eq(leads.id, lead.id));
    await t.app.db.insert(leads).values({
      country: 'arg',
      customerId,
      requestedAmount: 100_000,
      term: 6,
      statusId: ARG_STATUS_IDS.CANCELLED,
      source: 'seller',
      sellerId,
      updatedAt: new Date(Date.now() + MINUTE),
    });
    res = await seller.post('/api/arg/customers/calls/start', { user: neotel, cellphone: lead.cellphone });
    expect(res.json()).toMatchObject({ status: 'started', lead_id: lead.id });
    expect((await seller.post('/api/arg/customers/calls/hang-up', { user: neotel })).statusCode).toBe(200);
    // lead_id: only the seller's own lead.
    const theirs = arg.find((l) => l.sellerId === otherSellerId)!;
    res = await seller.post('/api/arg/customers/calls/start', { user: neotel, cellphone: theirs.cellphone, lead_id: theirs.id });
    expect(res.statusCode).toBe(403);
    res = await seller.post('/api/arg/customers/calls/start', { user: neotel, cellphone: '1122223333', lead_id: 99999999 });
    expect(res.statusCode).toBe(404);

    // The simulator fails numbers ending in 0000: 502 with a message, the failed call recorded and on the timeline.
    await t.app.db.update(customers).set({ cellphone: '1155550000' }).where(eq(customers.id, customerId));
    res = await seller.post('/api/arg/customers/calls/start', { user: neotel, cellphone: '1155550000', lead_id: lead.id });
    await t.app.db.update(customers).set({ cellphone: lead.cellphone }).where(eq(customers.id, customerId));
    expect(res.statusCode).toBe(502);
    expect(res.json().statusMessage).toBe(inVoice('arg', CALL_ERRORS.startFailed));
    const failed = (await t.app.db.select().from(calls).where(eq(calls.cellphone, '1155550000')))[0];
    expect(failed).toMatchObject({ status: 'failed', leadId: lead.id, outcome: expect.stringMatching(/terminados en 0000/) });
    expect((await eventsOf(lead.id)).at(-1)!.body).toMatch(/^Llamada a 1155550000 fallida: Simulador/);
    const detail = leadDetailSchema.parse((await seller.get(`/api/arg/leads/${lead.id}`)).json());
    expect(detail.timeline[0]).toMatchObject({ type: 'call', text: expect.stringMatching(/fallida/) });

    // Staff with a telephony number (a col seller) call too; their country only, their own customers only
    // (SPEC 6 lets a col seller open /test: that is no licence to dial anyone from click-to-call).
    const colSeller = await as('col', 'seller@col.example');
    const colNeotel = await neotelOf('seller@col.example');
    const own = col.find((l) => l.sellerId === colSellerId)!;
    expect((await colSeller.post('/api/arg/customers/calls/start', { user: colNeotel, cellphone: own.cellphone })).statusCode).toBe(403);
    res = await colSeller.post('/api/col/customers/calls/start', { user: colNeotel, cellphone: '3001112222' });
    expect(res.statusCode).toBe(403);
    expect(res.json().fields).toEqual([
      { field: 'cellphone', message: 'Ese celular no es el de un cliente de sus leads: solo puede llamar a sus clientes' },
    ]);
    res = await colSeller.post('/api/col/customers/calls/start', { user: colNeotel, cellphone: own.cellphone });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ lead_id: own.id });
  });

  it("click-to-call dials only a national number of the country, and from a lead only its customer's own cellphone", async () => {
    const seller = await as('arg', 'seller@arg.example');
    const neotel = await neotelOf('seller@arg.example');
    const [other, , , lead] = arg.filter((l) => l.sellerId === sellerId);
    const callCount = async () => (await t.app.db.select().from(calls)).length;
    const eventCount = async () => (await eventsOf(lead.id)).length;
    const start = (client: TestClient, body: Record<string, unknown>, country: Country = 'arg') =>
      client.post(`/api/${country}/customers/calls/start`, body);
    expect((await seller.post('/api/arg/customers/calls/hang-up', { user: neotel })).statusCode).toBe(200);
    const calledBefore = await callCount();
    const eventsBefore = await eventCount();

    // Abroad, premium-rate, toll-free (the security review's numbers), with or without a lead: 400 naming
    // cellphone with the reason, nothing started or recorded.
    for (const [cellphone, message] of [
      ['+1 900 555 1234', DIAL_MESSAGES.international.arg],
      ['+57 310 555 1234', DIAL_MESSAGES.international.arg],
      ['0600 222 3333', DIAL_MESSAGES.premium.arg],
      ['0800 333 4444', DIAL_MESSAGES.special.arg],
      ['911', DIAL_MESSAGES.national.arg],
    ]) {
      for (const body of [
        { user: neotel, cellphone },
        { user: neotel, cellphone, lead_id: lead.id },
      ]) {
        const res = await start(seller, body);
        expect(res.statusCode, cellphone).toBe(400);
        expect(res.json().fields, cellphone).toEqual([{ field: 'cellphone', message }]);
      }
    }
    // A lead with a number that is not its customer's (a stranger's, another customer's of the same seller):
    // 409 naming cellphone; nothing started, nothing on the lead's record.
    for (const cellphone of ['1199998888', other.cellphone]) {
      const res = await start(seller, { user: neotel, cellphone, lead_id: lead.id });
      expect(res.statusCode, cellphone).toBe(409);
      expect(res.json()).toMatchObject({
        statusMessage: CALL_ERRORS.notLeadsCellphone(lead.id),
        fields: [{ field: 'cellphone', message: CALL_ERRORS.notLeadsCellphone(lead.id) }],
      });
    }
    // The customer has no cellphone: nothing to call from the lead.
    const [{ customerId }] = await t.app.db.select({ customerId: leads.customerId }).from(leads).where(eq(leads.id, lead.id));
    await t.app.db.update(customers).set({ cellphone: null }).where(eq(customers.id, customerId));
    let res = await start(seller, { user: neotel, cellphone: lead.cellphone, lead_id: lead.id });
    await t.app.db.update(customers).set({ cellphone: lead.cellphone }).where(eq(customers.id, customerId));
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual([{ field: 'cellphone', message: CALL_ERRORS.leadWithoutCellphone(lead.id) }]);
    expect(await callCount()).toBe(calledBefore);
    expect(await eventCount()).toBe(eventsBefore);

    // The customer's own number, as written on the detail: started, on the lead.
    res = await start(seller, { user: neotel, cellphone: lead.cellphone, lead_id: lead.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'started', lead_id: lead.id });
    expect((await seller.post('/api/arg/customers/calls/hang-up', { user: neotel })).statusCode).toBe(200);

    // Without a lead, a role that neither works its own leads nor may open /test (the renovator, who has a
    // telephony user) names the lead; with it, it calls that customer.
    const renovator = await as('arg', 'seller_renovator@arg.example');
    const renovatorNeotel = await neotelOf('seller_renovator@arg.example');
    expect(renovatorNeotel).toBeGreaterThan(0);
    res = await start(renovator, { user: renovatorNeotel, cellphone: lead.cellphone });
    expect(res.statusCode).toBe(403);
    expect(res.json().fields).toEqual([{ field: 'cellphone', message: inVoice('arg', CALL_ERRORS.leadRequired) }]);
    res = await start(renovator, { user: renovatorNeotel, cellphone: '1199998888', lead_id: lead.id });
    expect(res.statusCode).toBe(409);
    res = await start(renovator, { user: renovatorNeotel, cellphone: lead.cellphone, lead_id: lead.id });
    expect(res.statusCode, res.body).toBe(200);
    expect((await renovator.post('/api/arg/customers/calls/hang-up', { user: renovatorNeotel })).statusCode).toBe(200);

    // The admin (a /test role) calls a national number of no lead, never one abroad.
    const admin = await as('arg', 'admin@arg.example');
    const adminNeotel = await neotelOf('admin@arg.example');
    expect((await start(admin, { user: adminNeotel, cellphone: '+1 900 555 1234' })).statusCode).toBe(400);
    res = await start(admin, { user: adminNeotel, cellphone: '011 15 2222-3333' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'started', lead_id: null });
    expect((await t.app.db.select().from(calls).where(eq(calls.id, res.json().call_id)))[0].cellphone).toBe('1122223333');
    expect((await admin.post('/api/arg/customers/calls/hang-up', { user: adminNeotel })).statusCode).toBe(200);

    // col: a mobile, written nationally or internationally; never a landline, premium, toll-free or abroad.
    const colSeller = await as('col', 'seller@col.example');
    const colNeotel = await neotelOf('seller@col.example');
    expect((await colSeller.post('/api/col/customers/calls/hang-up', { user: colNeotel })).statusCode).toBe(200);
    for (const [cellphone, message] of [
      ['+54 11 5555 4444', DIAL_MESSAGES.international.col],
      ['01 900 555 1234', DIAL_MESSAGES.premium.col],
      ['01 8000 555 123', DIAL_MESSAGES.special.col],
      ['601 555 1234', DIAL_MESSAGES.national.col],
    ]) {
      res = await start(colSeller, { user: colNeotel, cellphone }, 'col');
      expect(res.statusCode, cellphone).toBe(400);
      expect(res.json().fields, cellphone).toEqual([{ field: 'cellphone', message }]);
    }
    const colLead = col.find((l) => l.sellerId === colSellerId)!;
    res = await start(colSeller, { user: colNeotel, cellphone: `+57 ${colLead.cellphone}`, lead_id: colLead.id }, 'col');
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.db.select().from(calls).where(eq(calls.id, res.json().call_id)))[0]).toMatchObject({
      cellphone: colLead.cellphone,
      leadId: colLead.id,
    });
    expect((await colSeller.post('/api/col/customers/calls/hang-up', { user: colNeotel })).statusCode).toBe(200);
    res = await start(colSeller, { user: colNeotel, cellphone: '3109998877', lead_id: colLead.id }, 'col');
    expect(res.statusCode).toBe(409);
  });

  it('telephony (Neotel adapter against a fake Neotel): success and failure, both recorded', async () => {
    const neo = await fakeNeotel();
    const app = await createTestApp(driver, {
      seedLeads: 0,
      telephony: {
        adapter: 'neotel',
        neotelBaseUrl: neo.url,
        neotelToken: 'tok',
        neotelTimeoutMs: 2_000,
        simulateFailure: false,
        failSuffix: '0000',
      },
    });
    try {
      // The admin (a /test role): numbers of no lead (this database has none).
      const client = new TestClient(app.app);
      expect((await client.login('arg', 'admin@arg.example')).statusCode).toBe(200);
      const neotel = (await app.app.db.select({ n: users.neotelId }).from(users).where(eq(users.email, 'admin@arg.example')))[0].n;

      let res = await client.post('/api/arg/customers/calls/hang-up', { user: neotel });
      expect(res.statusCode, res.body).toBe(200);
      // Numbers abroad or premium-rate never reach Neotel.
      for (const cellphone of ['+1 900 555 1234', '0600 222 3333']) {
        res = await client.post('/api/arg/customers/calls/start', { user: neotel, cellphone });
        expect(res.statusCode, cellphone).toBe(400);
      }
      expect(neo.requests).toHaveLength(1);
      // Written internationally, the national number is what Neotel dials.
      res = await client.post('/api/arg/customers/calls/start', { user: neotel, cellphone: '+54 9 11 5555-4444' });
      expect(res.statusCode, res.body).toBe(200);
      expect(neo.requests.map((r) => [r.path, r.auth, r.body])).toEqual([
        ['/api/calls/hang-up', 'Bearer tok', { user: neotel }],
        ['/api/calls/start', 'Bearer tok', { user: neotel, phone: '1155554444' }],
      ]);
      const [ok] = await app.app.db.select().from(calls).where(eq(calls.id, res.json().call_id));
      expect(ok).toMatchObject({ adapter: 'neotel', status: 'started', externalId: 'neo-2' });
      // While it is open, another start is refused before Neotel is asked; a hang-up ends it.
      res = await client.post('/api/arg/customers/calls/start', { user: neotel, cellphone: '1155559999' });
      expect(res.statusCode).toBe(409);
      expect(neo.requests).toHaveLength(2);
      res = await client.post('/api/arg/customers/calls/hang-up', { user: neotel });
      expect(res.json()).toMatchObject({ call_id: ok.id, status: 'ended' });

      res = await client.post('/api/arg/customers/calls/start', { user: neotel, cellphone: '1155559999' });
      expect(res.statusCode).toBe(502);
      expect(res.json().statusMessage).toBe(inVoice('arg', CALL_ERRORS.startFailed));
      const [failed] = await app.app.db.select().from(calls).where(eq(calls.cellphone, '1155559999'));
      expect(failed).toMatchObject({ adapter: 'neotel', status: 'failed', outcome: expect.stringMatching(/Neotel respondió 500/) });
      // A failed start leaves nothing open: the next call goes through.
      res = await client.post('/api/arg/customers/calls/start', { user: neotel, cellphone: '1155554444' });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await app.close();
      await neo.close();
    }
  });
  it("a reassigned lead's pending call backs go to its new seller, who gets the reminder; the old one no longer does", async () => {
    // A lead no other test here uses, made this seller's.
    const lead = arg.at(-1)!;
    await t.app.db.update(leads).set({ sellerId }).where(eq(leads.id, lead.id));
    const pending = await addCall('arg', lead.id, sellerId, new Date(Date.now() - 3 * MINUTE));
    const done = await addCall('arg', lead.id, sellerId, new Date(Date.now() - 60 * MINUTE), 'resolved');
    const seller = await as('arg', 'seller@arg.example');
    expect((await seller.get('/api/arg/sales/schedule-calls')).json()).toMatchObject({ id: pending, lead_id: lead.id });

    const supervisor = await as('arg', 'supervisor@arg.example');
    const { version } = (await supervisor.get(`/api/arg/leads/${lead.id}`)).json() as { version: number };
    const res = await supervisor.patch(`/api/arg/leads/${lead.id}/seller`, { seller_id: otherSellerId, version });
    expect(res.statusCode, res.body).toBe(200);

    const owners = async () =>
      Object.fromEntries(
        (
          await t.app.db
            .select({ id: scheduledCalls.id, sellerId: scheduledCalls.sellerId })
            .from(scheduledCalls)
            .where(eq(scheduledCalls.leadId, lead.id))
        ).map((row) => [row.id, row.sellerId]),
      );
    // The pending one follows the lead; the resolved one stays the record of who made it.
    expect(await owners()).toEqual({ [pending]: otherSellerId, [done]: sellerId });
    expect((await seller.get('/api/arg/sales/schedule-calls')).json()).not.toMatchObject({ lead_id: lead.id });
    // Resolving it is the new seller's to do, not the old one's.
    expect((await seller.get(`/api/arg/sales/resolve-call?id=${pending}`)).statusCode).toBe(403);
  });
});
