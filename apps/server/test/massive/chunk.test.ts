import { randomBytes } from 'node:crypto';
import { isClosedStatus, type MassiveValidation } from '@backoffice/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { leadEvents, leads, massiveBatchRows, users } from '../../src/db/schema';
import { OPERATIONS } from '../../src/massive/operations/index';
import { MassiveService } from '../../src/services/massive';
import { createTestApp, signedIn, type Driver, type TestApp, type TestClient } from '../helpers/app';

/*
 * A chunk applied set-based (`applyChunk`): its rows' effects and their marks commit together, each row once;
 * a chunk where one row is refused is applied row by row instead, so that row fails alone with its error.
 */

function csvUpload(content: string) {
  const boundary = `----chunk${randomBytes(8).toString('hex')}`;
  const body = [
    `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nreassign-seller\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.csv"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n`,
    `--${boundary}--\r\n`,
  ].join('');
  return { body: Buffer.from(body), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each<Driver>(['pglite', 'postgres'])('massive chunks applied set-based on %s', { timeout: 300_000 }, (driver) => {
  let t: TestApp;
  const as = signedIn(() => t.app);
  let open: number[];
  let seller: { id: number; email: string; name: string };
  const db = () => t.app.db;
  // applyChunk is optional on an operation: reassign-seller's must be there (the spy fails otherwise).
  const operation = () => OPERATIONS['reassign-seller'] as Required<(typeof OPERATIONS)['reassign-seller']>;
  const service = (leaseSeconds = 30) =>
    new MassiveService(
      db(),
      { workflow: t.app.workflow, messaging: t.app.messaging, realtime: t.app.realtime, users: t.app.users, log: t.app.log },
      { leaseSeconds, chunkRows: 100 },
    );

  const validated = async (client: TestClient, ids: number[]) => {
    const { body, headers } = csvUpload(['lead_id;seller_email', ...ids.map((id) => `${id};${seller.email}`)].join('\n'));
    const res = await client.request('POST', '/api/arg/massive-batches/validate', body, { headers });
    expect(res.statusCode, res.body).toBe(200);
    const { batch } = JSON.parse(res.body) as MassiveValidation;
    expect(batch.counts.pending).toBe(ids.length);
    return batch.id;
  };
  const start = async (client: TestClient, id: number) =>
    expect((await client.post(`/api/arg/massive-batches/${id}/start`, {})).statusCode).toBe(200);
  const batchOf = async (client: TestClient, id: number) =>
    JSON.parse((await client.get(`/api/arg/massive-batches/${id}`)).body) as MassiveValidation['batch'];
  const eventsOf = (ids: number[], batchId: number) =>
    db()
      .select({ leadId: leadEvents.leadId, n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(leadEvents)
      .where(and(eq(leadEvents.type, 'assignment'), inArray(leadEvents.leadId, ids), sql`${leadEvents.body} like ${`%(Lote #${batchId})`}`))
      .groupBy(leadEvents.leadId);
  const rowsOf = (batchId: number) =>
    db()
      .select({ row: massiveBatchRows.row, status: massiveBatchRows.status, error: massiveBatchRows.error })
      .from(massiveBatchRows)
      .where(eq(massiveBatchRows.batchId, batchId))
      .orderBy(massiveBatchRows.row);

  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 30 });
    const rows = await db()
      .select({ id: leads.id, statusId: leads.statusId })
      .from(leads)
      .where(eq(leads.country, 'arg'))
      .orderBy(leads.id);
    open = rows
      .filter((row) => !isClosedStatus('arg', row.statusId))
      .slice(0, 18)
      .map((row) => row.id);
    await db().update(leads).set({ statusId: 26, sellerId: null }).where(inArray(leads.id, open));
    [seller] = await db()
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(eq(users.email, 'seller@arg.example'));
  }, 600_000);
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('applies a chunk in one set-based pass with its marks: a chunk undone before its commit leaves nothing, the rerun applies each row once', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const ids = open.slice(0, 8);
    const id = await validated(admin, ids);
    await start(admin, id);
    const chunk = vi.spyOn(operation(), 'applyChunk');
    const one = vi.spyOn(operation(), 'apply');

    // The node fails as the chunk's marks are written: its effects go with them.
    const failing = service();
    vi.spyOn(failing.repository, 'markRows').mockRejectedValueOnce(new Error('node killed'));
    await expect(failing.runDue()).rejects.toThrow('node killed');
    expect(chunk).toHaveBeenCalledTimes(1);
    const untouched = await db().select({ sellerId: leads.sellerId }).from(leads).where(inArray(leads.id, ids));
    expect(untouched.every((lead) => lead.sellerId === null)).toBe(true);
    expect(await eventsOf(ids, id)).toEqual([]);
    expect((await rowsOf(id)).every((row) => row.status === 'pending')).toBe(true);

    // Another node takes the batch over once the lease has ended.
    const taken = await db().execute(sql`update massive_batches set lease_until = now() - interval '1 second' where id = ${id}`);
    expect(taken).toBeDefined();
    expect(await service().runDue()).toBe(8);
    expect(chunk).toHaveBeenCalledTimes(2);
    expect(one).not.toHaveBeenCalled();
    const assigned = await db().select({ sellerId: leads.sellerId }).from(leads).where(inArray(leads.id, ids));
    expect(assigned.every((lead) => lead.sellerId === seller.id)).toBe(true);
    const events = await eventsOf(ids, id);
    expect(events.map((event) => event.leadId).sort()).toEqual([...ids].sort());
    expect(events.every((event) => event.n === 1)).toBe(true);
    expect((await rowsOf(id)).every((row) => row.status === 'done' && row.error === null)).toBe(true);
    const batch = await batchOf(admin, id);
    expect(batch.status).toBe('finished');
    expect(batch.counts).toMatchObject({ total: 8, done: 8, pending: 0, failed: 0 });
    // Nothing left to apply: a further run writes nothing.
    expect(await service().runDue()).toBe(0);
    expect((await eventsOf(ids, id)).every((event) => event.n === 1)).toBe(true);
  });

  it('a chunk with one bad row fails that row alone, with its error, and applies the rest once', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const ids = open.slice(8, 14);
    const id = await validated(admin, ids);
    // Closed after the validation: the apply finds it so.
    const bad = ids[2];
    await db().update(leads).set({ statusId: 21 }).where(eq(leads.id, bad));
    await start(admin, id);
    const chunk = vi.spyOn(operation(), 'applyChunk');
    const one = vi.spyOn(operation(), 'apply');
    expect(await service().runDue()).toBe(6);
    expect(chunk).toHaveBeenCalledTimes(1);
    await expect(chunk.mock.results[0].value).rejects.toThrow(/cerrada/);
    expect(one).toHaveBeenCalledTimes(6);

    const rows = await rowsOf(id);
    expect(rows.filter((row) => row.status === 'failed')).toEqual([
      { row: 4, status: 'failed', error: 'La solicitud está cerrada (Cancelada): no se modifica' },
    ]);
    expect(rows.filter((row) => row.status === 'done').length).toBe(5);
    const good = ids.filter((lead) => lead !== bad);
    const after = await db().select({ id: leads.id, sellerId: leads.sellerId }).from(leads).where(inArray(leads.id, ids));
    expect(
      after
        .filter((lead) => lead.sellerId === seller.id)
        .map((lead) => lead.id)
        .sort(),
    ).toEqual([...good].sort());
    expect(after.find((lead) => lead.id === bad)!.sellerId).toBeNull();
    const events = await eventsOf(ids, id);
    expect(events.map((event) => event.leadId).sort()).toEqual([...good].sort());
    expect(events.every((event) => event.n === 1)).toBe(true);
    const batch = await batchOf(admin, id);
    expect(batch.status).toBe('partial');
    expect(batch.counts).toMatchObject({ total: 6, done: 5, failed: 1, pending: 0 });
  });

  it("tells each seller of a chunk's applications once, with how many, not once per application", async () => {
    const admin = await as('arg', 'admin@arg.example');
    const ids = open.slice(14, 18);
    const [other] = await db()
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.country, 'arg'), sql`${users.email} like 'seller%'`, sql`${users.id} <> ${seller.id}`))
      .limit(1);
    // Three were the other seller's, one nobody's.
    await db()
      .update(leads)
      .set({ sellerId: other!.id })
      .where(inArray(leads.id, ids.slice(0, 3)));
    const id = await validated(admin, ids);
    await start(admin, id);
    const told = vi.spyOn(t.app.realtime, 'toUser');
    expect(await service().runDue()).toBe(4);
    const messages = told.mock.calls.filter(([, event]) => event === 'leads:assigned' || event === 'lead:assigned');
    const by = { id: expect.any(Number) as number, name: expect.any(String) as string };
    expect(messages).toHaveLength(2);
    expect(messages).toContainEqual([seller.id, 'leads:assigned', { seller_id: seller.id, lead_ids: ids, count: 4, by }]);
    expect(messages).toContainEqual([other!.id, 'leads:assigned', { seller_id: seller.id, lead_ids: ids.slice(0, 3), count: 3, by }]);
  });
});
