import type { AddressInfo } from 'node:net';
import { isTerminalStatus, salesStatusesOf, type Country, type RealtimeEventName } from '@backoffice/shared';
import { eq, sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app';
import { leads, realtimeCursors, scheduledCalls, users } from '../../src/db/schema';
import { TestClient, createTestApp, testConfig, type Driver, type TestApp } from '../helpers/app';
import { insertKnownLeads, userIdByEmail, userIds, type KnownLead } from '../helpers/leads-fixture';

/*
 * The realtime bridge over real sockets (socket.io-client, websocket transport, like the web app): only
 * signed-in sockets connect; events reach the rooms they are meant for and no other socket; with two nodes on
 * one PostgreSQL database an event emitted on one node reaches a client of the other.
 */

const EVENTS: RealtimeEventName[] = ['call-reminder:due', 'lead:assigned', 'customer-message:inbound', 'bulk-job:progress'];
/** How long a socket that must not receive an event is watched after the expected receiver got it. */
const QUIET_MS = 400;

interface Client {
  socket: Socket;
  received: { event: RealtimeEventName; payload: unknown }[];
}

const open: Socket[] = [];
afterEach(() => {
  for (const socket of open.splice(0)) socket.disconnect();
});

async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Connects like the web app (websocket only, no built-in reconnection); rejects with the refusal. */
function connectClient(url: string, options: { token?: string; headers?: Record<string, string> } = {}): Promise<Client> {
  const socket = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: options.token ? { token: options.token } : {},
    extraHeaders: options.headers,
  });
  open.push(socket);
  const received: Client['received'] = [];
  for (const event of EVENTS) socket.on(event as string, (payload: unknown) => received.push({ event, payload }));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, received }));
    socket.once('connect_error', (error) => reject(error));
  });
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
const quiet = () => new Promise((r) => setTimeout(r, QUIET_MS));
const eventsOf = (client: Client, event: RealtimeEventName) => client.received.filter((r) => r.event === event).map((r) => r.payload);

async function tokenOf(app: App, country: Country, email: string): Promise<string> {
  const res = await new TestClient(app).login(country, email);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { token: string }).token;
}
async function emailOf(app: App, id: number): Promise<string> {
  return (await app.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0].email;
}

describe.each<Driver>(['pglite', 'postgres'])('realtime bridge on %s', (driver) => {
  let t: TestApp;
  let url: string;
  let arg: KnownLead[];
  let sellerId: number;
  let otherSellerId: number;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 0, countCacheSeconds: 0 });
    url = await listen(t.app);
    sellerId = await userIdByEmail(t.app, 'arg', 'seller@arg.example');
    otherSellerId = (await userIds(t.app, 'arg', ['2'])).find((id) => id !== sellerId)!;
    arg = await insertKnownLeads(t.app, 'arg', 24, [sellerId, otherSellerId]);
    tokens.seller = await tokenOf(t.app, 'arg', 'seller@arg.example');
    tokens.otherSeller = await tokenOf(t.app, 'arg', await emailOf(t.app, otherSellerId));
    tokens.supervisor = await tokenOf(t.app, 'arg', 'supervisor@arg.example');
    tokens.colSeller = await tokenOf(t.app, 'col', 'seller@col.example');
    tokens.colAdmin = await tokenOf(t.app, 'col', 'admin@col.example');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses sockets without a valid session, or with the cookie from a foreign page; accepts token and cookie', async () => {
    await expect(connectClient(url)).rejects.toThrow('No autenticado');
    await expect(connectClient(url, { token: 'not-a-session' })).rejects.toThrow('No autenticado');
    await expect(connectClient(url, { headers: { cookie: 'sid=not-a-session' } })).rejects.toThrow('No autenticado');
    await expect(connectClient(url, { headers: { cookie: `sid=${tokens.seller}`, origin: 'https://evil.example' } })).rejects.toThrow(
      'Origen no permitido',
    );
    // The web app on the API's own origin carries the httpOnly cookie.
    const host = new URL(url).host;
    const byCookie = await connectClient(url, { headers: { cookie: `sid=${tokens.seller}`, origin: `http://${host}` } });
    expect(byCookie.socket.connected).toBe(true);
    const byToken = await connectClient(url, { token: tokens.seller });
    expect(byToken.socket.connected).toBe(true);
    // Signed out: the same token no longer connects.
    const token = await tokenOf(t.app, 'arg', 'seller@arg.example');
    expect((await connectClient(url, { token })).socket.connected).toBe(true);
    const logout = await t.app.inject({ method: 'GET', url: '/api/arg/auth/logout', headers: { authorization: `Bearer ${token}` } });
    expect(logout.statusCode).toBe(200);
    await expect(connectClient(url, { token })).rejects.toThrow('No autenticado');
    // Polling (the transport the bridge does not offer) is refused.
    const polling = await fetch(`${url}/socket.io/?EIO=4&transport=polling`);
    expect(polling.status).toBe(400);
    // The public runtime configuration the web app reads.
    expect(await (await fetch(`${url}/api/realtime`)).json()).toEqual({ enabled: true, url: null, path: '/socket.io' });
  });

  it('sends lead:assigned to the new seller and the one it was taken from, on reassignment and when a seller takes a sale', async () => {
    const seller = await connectClient(url, { token: tokens.seller });
    const other = await connectClient(url, { token: tokens.otherSeller });
    const supervisor = await connectClient(url, { token: tokens.supervisor });
    const colSeller = await connectClient(url, { token: tokens.colSeller });

    // An open application: a closed one takes no other seller.
    const lead = arg.find((l) => l.sellerId === otherSellerId && !isTerminalStatus('arg', l.statusId))!;
    const client = new TestClient(t.app);
    await client.login('arg', 'supervisor@arg.example');
    const res = await client.patch(`/api/arg/leads/${lead.id}/seller`, { seller_id: sellerId, version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    await until(() => eventsOf(seller, 'lead:assigned').length === 1, 5000, 'lead:assigned');
    const supervisorUser = (await t.app.db.select().from(users).where(eq(users.email, 'supervisor@arg.example')))[0];
    expect(eventsOf(seller, 'lead:assigned')[0]).toEqual({
      lead_id: lead.id,
      seller_id: sellerId,
      source: 'reassign',
      by: { id: supervisorUser.id, name: supervisorUser.name },
    });
    // The seller it was taken from hears of it too, naming who has it now.
    await until(() => eventsOf(other, 'lead:assigned').length === 1, 5000, 'lead:assigned to the previous seller');
    expect(eventsOf(other, 'lead:assigned')[0]).toEqual(eventsOf(seller, 'lead:assigned')[0]);
    await quiet();
    expect(supervisor.received).toEqual([]);
    expect(colSeller.received).toEqual([]);

    // A stale reassignment writes nothing and sends nothing.
    expect((await client.patch(`/api/arg/leads/${lead.id}/seller`, { seller_id: otherSellerId, version: 1 })).statusCode).toBe(409);

    const pooled = arg.find((l) => l.sellerId === null && salesStatusesOf('arg').some((s) => s.id === l.statusId))!;
    const otherClient = new TestClient(t.app);
    await otherClient.login('arg', await emailOf(t.app, otherSellerId));
    const taken = await otherClient.post(`/api/arg/sales/${pooled.id}/take`, {});
    expect(taken.statusCode, taken.body).toBe(200);
    await until(() => eventsOf(other, 'lead:assigned').length === 2, 5000, 'lead:assigned on take');
    expect(eventsOf(other, 'lead:assigned')[1]).toMatchObject({ lead_id: pooled.id, seller_id: otherSellerId, source: 'take' });
    await quiet();
    expect(eventsOf(seller, 'lead:assigned')).toHaveLength(1);
    expect(supervisor.received).toEqual([]);
  });

  it('sends country events to that country’s staff only', async () => {
    const argSeller = await connectClient(url, { token: tokens.seller });
    const argSupervisor = await connectClient(url, { token: tokens.supervisor });
    const colSeller = await connectClient(url, { token: tokens.colSeller });
    const colAdmin = await connectClient(url, { token: tokens.colAdmin });
    const progress = { job_id: 'j1', kind: 'import', done: 5, total: 10, status: 'running' as const };

    t.app.realtime.toCountry('arg', 'bulk-job:progress', progress);
    await until(() => argSeller.received.length === 1 && argSupervisor.received.length === 1, 5000, 'arg country event');
    t.app.realtime.toCountry('col', 'bulk-job:progress', { ...progress, job_id: 'j2' });
    await until(() => colSeller.received.length === 1 && colAdmin.received.length === 1, 5000, 'col country event');
    await quiet();
    expect(eventsOf(argSeller, 'bulk-job:progress')).toEqual([progress]);
    expect(eventsOf(argSupervisor, 'bulk-job:progress')).toEqual([progress]);
    expect(eventsOf(colSeller, 'bulk-job:progress')).toEqual([{ ...progress, job_id: 'j2' }]);
    expect(eventsOf(colAdmin, 'bulk-job:progress')).toEqual([{ ...progress, job_id: 'j2' }]);
    // A payload that breaks the contract is not sent.
    t.app.realtime.toCountry('arg', 'bulk-job:progress', { ...progress, done: -1 });
    await quiet();
    expect(argSeller.received).toHaveLength(1);
  });

  it('pushes an inbound customer message only to the sockets that watch that customer; a seller watches only their own', async () => {
    const customerOf = async (leadId: number) =>
      (await t.app.db.select({ id: leads.customerId }).from(leads).where(eq(leads.id, leadId)))[0]!.id;
    const mine = arg.find((lead) => lead.sellerId === sellerId)!;
    const theirs = arg.find((lead) => lead.sellerId === otherSellerId && lead.cellphone !== mine.cellphone)!;
    const [mineCustomer, theirCustomer] = [await customerOf(mine.id), await customerOf(theirs.id)];
    const seller = await connectClient(url, { token: tokens.seller });
    const supervisor = await connectClient(url, { token: tokens.supervisor });
    const otherCustomerWatcher = await connectClient(url, { token: tokens.supervisor });
    const notWatching = await connectClient(url, { token: tokens.supervisor });
    const colAdmin = await connectClient(url, { token: tokens.colAdmin });
    const watch = (client: Client, id: number) => client.socket.timeout(5000).emitWithAck('customer:watch', id) as Promise<boolean>;
    expect(await watch(seller, mineCustomer)).toBe(true);
    expect(await watch(supervisor, mineCustomer)).toBe(true);
    expect(await watch(otherCustomerWatcher, theirCustomer)).toBe(true);
    // Another seller's customer and another country's customer are refused.
    expect(await watch(seller, theirCustomer)).toBe(false);
    expect(await watch(colAdmin, mineCustomer)).toBe(false);

    await t.app.messaging.inbound('arg', { channel: 'sms', from: mine.cellphone, body: 'Ya pagué' });
    await until(
      () => eventsOf(seller, 'customer-message:inbound').length === 1 && eventsOf(supervisor, 'customer-message:inbound').length === 1,
      5000,
      'inbound to the watchers',
    );
    expect(eventsOf(seller, 'customer-message:inbound')[0]).toMatchObject({ customer_id: mineCustomer, channel: 'sms', text: 'Ya pagué' });
    await quiet();
    expect(eventsOf(otherCustomerWatcher, 'customer-message:inbound')).toEqual([]);
    expect(eventsOf(notWatching, 'customer-message:inbound')).toEqual([]);
    expect(eventsOf(colAdmin, 'customer-message:inbound')).toEqual([]);

    // A screen closed leaves the room: the next message does not reach it.
    supervisor.socket.emit('customer:unwatch', mineCustomer);
    await watch(supervisor, theirCustomer);
    await t.app.messaging.inbound('arg', { channel: 'sms', from: mine.cellphone, body: 'Segundo' });
    await until(() => eventsOf(seller, 'customer-message:inbound').length === 2, 5000, 'second inbound');
    await quiet();
    expect(eventsOf(supervisor, 'customer-message:inbound')).toHaveLength(1);
  });

  it('sends call-reminder:due once to the seller whose call back fell due since the last check', async () => {
    const seller = await connectClient(url, { token: tokens.seller });
    const other = await connectClient(url, { token: tokens.otherSeller });
    const lead = arg.find((l) => l.sellerId === sellerId)!;
    await t.app.callReminderCheck.runOnce();
    // The previous check was a minute ago; one call back fell due since, one is still to come, one was resolved
    // and one postponed (its pending successor is announced at its own time).
    await t.app.db.update(realtimeCursors).set({ checkedAt: sql`now() - interval '1 minute'` });
    const rows = await t.app.db
      .insert(scheduledCalls)
      .values([
        { country: 'arg', leadId: lead.id, sellerId, scheduleTime: sql`now() - interval '5 seconds'` },
        { country: 'arg', leadId: lead.id, sellerId, scheduleTime: sql`now() + interval '1 hour'` },
        { country: 'arg', leadId: lead.id, sellerId, scheduleTime: sql`now() - interval '10 seconds'`, status: 'resolved' },
        { country: 'arg', leadId: lead.id, sellerId, scheduleTime: sql`now() - interval '8 seconds'`, status: 'postponed' },
        // Due before the previous check: already announced.
        { country: 'arg', leadId: lead.id, sellerId, scheduleTime: sql`now() - interval '2 minutes'` },
      ])
      .returning();
    expect(await t.app.callReminderCheck.runOnce()).toBe(1);
    await until(() => eventsOf(seller, 'call-reminder:due').length === 1, 5000, 'call-reminder:due');
    expect(eventsOf(seller, 'call-reminder:due')[0]).toEqual({
      id: rows[0].id,
      lead_id: lead.id,
      schedule_time: rows[0].scheduleTime.toISOString(),
    });
    expect(await t.app.callReminderCheck.runOnce()).toBe(0);
    await quiet();
    expect(eventsOf(seller, 'call-reminder:due')).toHaveLength(1);
    expect(other.received).toEqual([]);
  });
});

describe('realtime bridge on PostgreSQL, closed as soon as it listens', () => {
  it('closes at once, though its LISTEN connection is still being set up', async () => {
    const first = await createTestApp('postgres', { seedLeads: 0, countCacheSeconds: 0 });
    try {
      // The adapter asks its pool for the LISTEN connection when the node starts listening; a close that comes
      // before that connection is in place must not wait for it for ever (deploys and tests stop nodes so).
      for (let round = 0; round < 3; round++) {
        const node = await buildApp(testConfig({ seedLeads: 0, countCacheSeconds: 0, databaseUrl: first.databaseUrl }));
        await listen(node);
        const started = Date.now();
        await node.close();
        expect(Date.now() - started).toBeLessThan(5_000);
      }
    } finally {
      await first.close();
    }
  }, 60_000);
});

describe('realtime bridge across two nodes sharing one PostgreSQL database', () => {
  let a: TestApp;
  let b: App;
  let urlB: string;
  let sellerId: number;
  let lead: KnownLead;

  beforeAll(async () => {
    a = await createTestApp('postgres', { seedLeads: 0, countCacheSeconds: 0 });
    b = await buildApp(testConfig({ seedLeads: 0, countCacheSeconds: 0, databaseUrl: a.databaseUrl }));
    await b.ready();
    await listen(a.app);
    urlB = await listen(b);
    sellerId = await userIdByEmail(a.app, 'arg', 'seller@arg.example');
    const other = (await userIds(a.app, 'arg', ['2'])).find((id) => id !== sellerId)!;
    [lead] = await insertKnownLeads(a.app, 'arg', 3, [other]).then((rows) => rows.filter((l) => l.sellerId === other));
    // Both nodes have heard each other's heartbeat: their LISTEN connections are in place.
    const nodes = async (app: App) => app.realtime.server!.of('/').adapter.serverCount();
    await until(async () => (await nodes(a.app)) === 2 && (await nodes(b)) === 2, 15_000, 'both nodes to see each other');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('delivers an event emitted on node A to a client of node B, to the right rooms only', async () => {
    const seller = await connectClient(urlB, { token: await tokenOf(b, 'arg', 'seller@arg.example') });
    const colSeller = await connectClient(urlB, { token: await tokenOf(b, 'col', 'seller@col.example') });

    const supervisor = new TestClient(a.app);
    await supervisor.login('arg', 'supervisor@arg.example');
    const res = await supervisor.patch(`/api/arg/leads/${lead.id}/seller`, { seller_id: sellerId, version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    await until(() => eventsOf(seller, 'lead:assigned').length === 1, 5000, 'lead:assigned through node A');
    expect(eventsOf(seller, 'lead:assigned')[0]).toMatchObject({ lead_id: lead.id, seller_id: sellerId, source: 'reassign' });

    // Over NOTIFY's 8000-byte limit the adapter goes through socket_io_attachments (migration 0012).
    const text = 'x'.repeat(10_000);
    a.app.realtime.toCountry('col', 'customer-message:inbound', {
      customer_id: 1,
      lead_id: null,
      channel: 'whatsapp',
      text,
      received_at: new Date().toISOString(),
    });
    await until(() => eventsOf(colSeller, 'customer-message:inbound').length === 1, 5000, 'large event through node A');
    expect((eventsOf(colSeller, 'customer-message:inbound')[0] as { text: string }).text).toBe(text);
    await quiet();
    expect(eventsOf(seller, 'customer-message:inbound')).toEqual([]);
    expect(colSeller.received).toHaveLength(1);
  });

  it('announces a due call back once although both nodes check at the same time', async () => {
    const seller = await connectClient(urlB, { token: await tokenOf(b, 'arg', 'seller@arg.example') });
    await a.app.callReminderCheck.runOnce();
    await a.app.db.update(realtimeCursors).set({ checkedAt: sql`now() - interval '1 minute'` });
    await a.app.db
      .insert(scheduledCalls)
      .values({ country: 'arg', leadId: lead.id, sellerId, scheduleTime: sql`now() - interval '1 second'` });
    const counts = await Promise.all([a.app.callReminderCheck.runOnce(), b.callReminderCheck.runOnce()]);
    expect(counts[0] + counts[1]).toBe(1);
    await until(() => eventsOf(seller, 'call-reminder:due').length === 1, 5000, 'call-reminder:due');
    await quiet();
    expect(eventsOf(seller, 'call-reminder:due')).toHaveLength(1);
  });
});
