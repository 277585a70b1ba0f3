import {
  inVoice,
  ARG_STATUS_IDS as A,
  COL_STATUS_IDS as C,
  auditDetailSchema,
  auditQueueResponseSchema,
  AUDIT_MESSAGES,
  buildCbu,
  buildCuil,
  type AuditChecklist,
  type Country,
} from '@backoffice/shared';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits, customers, leadStatusHistory, leads, users } from '../../src/db/schema';
import { HttpError } from '../../src/lib/errors';
import { toAuthUser } from '../../src/plugins/app/auth';
import { TestClient, createTestApp, signedIn, type Driver, type TestApp } from '../helpers/app';
import { userIdByEmail } from '../helpers/leads-fixture';

/*
 * The audit queue and decisions: rounds opened by the status history (trigger), queue order and filters,
 * claims under concurrency, decisions through the workflow engine with the audit row in the same
 * transaction, and the role, country and XSRF checks.
 */

const ALL_CHECKED: AuditChecklist = { identity: true, documents: true, signature: true, bank_account: true, phone: true };
const BASE = new Date('2026-06-01T12:00:00Z').getTime();
const ARG_CBU = buildCbu('2850590', '9400904181352');

describe.each<Driver>(['pglite', 'postgres'])('audits on %s', (driver) => {
  let t: TestApp;
  let sellerId: number;
  let auditorId: number;
  let auditorName: string;
  let otherAuditor: { id: number; email: string; name: string };
  let docSeq = 0;

  /** A signed-in client per account, reused across tests. */
  const as = signedIn(() => t.app);

  /** A lead that entered `statusId` `minutesAgo` before BASE (its history row opens the audit round). */
  const insertLead = async (country: Country, statusId: number, minutesAgo = 0, app = t.app, withAccount = true) => {
    const seq = String(++docSeq).padStart(5, '0');
    const docNumber = country === 'arg' ? `3${seq}04` : `10${seq}004`;
    const [customer] = await app.db
      .insert(customers)
      .values({
        country,
        docType: country === 'arg' ? 'DNI' : 'CC',
        docNumber,
        cuil: country === 'arg' ? buildCuil(docNumber, 'female') : null,
        firstName: 'Inés',
        lastName: `Auditada ${seq}`,
        birthDate: '1990-01-01',
        cellphone: country === 'arg' ? '1155554444' : '3101234567',
        email: `audit${seq}@example.com`,
        // Where an approval pays: every case has an account but those made to lack one.
        ...(withAccount &&
          (country === 'arg' ? { bankAccount: ARG_CBU } : { bank: 'Davivienda', bankAccount: '055012345678', bankAccountType: 'Ahorros' })),
      })
      .returning();
    const [lead] = await app.db
      .insert(leads)
      .values({
        country,
        customerId: customer.id,
        requestedAmount: 2_500_000,
        term: 12,
        statusId,
        source: 'seller',
        sellerId: country === 'arg' ? sellerId : null,
        offeredAmount: 2_000_000,
        statusChangedAt: new Date(BASE - minutesAgo * 60_000),
      })
      .returning();
    await app.db.insert(leadStatusHistory).values({
      country,
      leadId: lead.id,
      fromStatus: country === 'arg' ? A.ACCEPTED : C.ACCEPTED,
      toStatus: statusId,
      userId: null,
      reason: 'Dato de prueba',
      createdAt: new Date(BASE - minutesAgo * 60_000),
    });
    return lead.id;
  };

  const leadRow = async (id: number) => (await t.app.db.select().from(leads).where(eq(leads.id, id)))[0];
  const roundsOf = (id: number) => t.app.db.select().from(audits).where(eq(audits.leadId, id)).orderBy(audits.id);
  const historyOf = (id: number) =>
    t.app.db.select().from(leadStatusHistory).where(eq(leadStatusHistory.leadId, id)).orderBy(leadStatusHistory.id);
  const snapshot = async (id: number) => ({ lead: await leadRow(id), rounds: await roundsOf(id), history: await historyOf(id) });
  const queue = async (client: TestClient, query = '', country: Country = 'arg') => {
    const res = await client.get(`/api/${country}/audits?pageSize=100${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return auditQueueResponseSchema.parse(res.json());
  };
  const claim = (client: TestClient, id: number, country: Country = 'arg') => client.post(`/api/${country}/audits/${id}/claim`, {});
  const decide = (client: TestClient, id: number, body: Record<string, unknown>, country: Country = 'arg') =>
    client.post(`/api/${country}/audits/${id}/decision`, { checklist: ALL_CHECKED, version: 1, ...body });

  beforeAll(async () => {
    // Counts fresh on every request: the tests write leads behind the server's back (its cache: below).
    t = await createTestApp(driver, { seedLeads: 0, countCacheSeconds: 0 });
    sellerId = await userIdByEmail(t.app, 'arg', 'seller@arg.example');
    auditorId = await userIdByEmail(t.app, 'arg', 'auditor@arg.example');
    auditorName = (await t.app.db.select().from(users).where(eq(users.id, auditorId)))[0].name;
    // The seed has a second arg auditor besides the demo account.
    const [other] = await t.app.db
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(and(eq(users.country, 'arg'), eq(users.role, '4'), ne(users.id, auditorId)));
    otherAuditor = other;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('queues AUDIT_PENDING and AUDIT_RETRY leads oldest first (time entering the status), filtered and paged', async () => {
    const auditor = await as('arg', 'auditor@arg.example');
    // Inserted out of order: the queue orders by when each lead entered its status, not by id.
    const newest = await insertLead('arg', A.AUDIT_PENDING, 10);
    const oldest = await insertLead('arg', A.AUDIT_PENDING, 300);
    const retry = await insertLead('arg', A.AUDIT_RETRY, 200);
    const middle = await insertLead('arg', A.AUDIT_PENDING, 100);
    const accepted = await insertLead('arg', A.ACCEPTED, 400);
    const colLead = await insertLead('col', C.AUDIT_PENDING, 500);

    const body = await queue(auditor);
    expect(body.rows.map((r) => r.lead_id)).toEqual([oldest, retry, middle, newest]);
    expect(body.count).toEqual({ total: 4, exact: true });
    expect(body.rows[0]).toMatchObject({
      status_id: A.AUDIT_PENDING,
      queued_at: new Date(BASE - 300 * 60_000).toISOString(),
      customer: { first_name: 'Inés' },
      seller: { id: sellerId },
      claim: null,
      decision: null,
    });
    expect(body.rows.map((r) => r.lead_id)).not.toContain(accepted);
    expect(body.rows.map((r) => r.lead_id)).not.toContain(colLead);

    // Audit status filter, and 400 naming `status` for a status that is not an audit status.
    const retries = await queue(auditor, `&status=${A.AUDIT_RETRY}`);
    expect(retries.rows.map((r) => r.lead_id)).toEqual([retry]);
    expect(retries.count).toEqual({ total: 1, exact: true });
    expect((await queue(auditor, '&claim=mine')).count).toEqual({ total: 0, exact: true });
    const bad = await auditor.get(`/api/arg/audits?status=${A.ACCEPTED}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([{ field: 'status', message: 'Estado de auditoría desconocido' }]);

    // Pages of 10: create enough to need a second page.
    const more = [];
    for (let i = 0; i < 8; i++) more.push(await insertLead('arg', A.AUDIT_PENDING, 5 - i * 0.1));
    const page2 = auditQueueResponseSchema.parse((await auditor.get('/api/arg/audits?pageSize=10&page=2')).json());
    expect(page2.count.total).toBe(12);
    expect(page2.rows.map((r) => r.lead_id)).toEqual(more.slice(6));
    expect(page2.pageInfo).toMatchObject({ page: 2, pageSize: 10 });

    // The col queue is col's.
    const colAuditor = await as('col', 'audit@col.example');
    expect((await queue(colAuditor, '', 'col')).rows.map((r) => r.lead_id)).toEqual([colLead]);
  });

  it('keeps the queue counts until a claim, a release or a status change through this node', async () => {
    const cached = await createTestApp(driver, { seedLeads: 0, countCacheSeconds: 60 });
    try {
      const auditor = await signedIn(() => cached.app)('arg', 'auditor@arg.example');
      const counted = async (query = '') => {
        const res = await auditor.get(`/api/arg/audits?pageSize=100${query}`);
        expect(res.statusCode, res.body).toBe(200);
        return auditQueueResponseSchema.parse(res.json());
      };
      const first = await insertLead('arg', A.AUDIT_PENDING, 50, cached.app);
      expect((await counted()).count).toEqual({ total: 1, exact: true });
      expect((await counted('&claim=unclaimed')).count.total).toBe(1);

      // Queued behind this node's back (another node, say): the counts stand, said to be cached; the page is fresh.
      await insertLead('arg', A.AUDIT_PENDING, 40, cached.app);
      await insertLead('arg', A.AUDIT_PENDING, 30, cached.app);
      const stale = await counted();
      expect(stale.count).toMatchObject({ total: 1, exact: true, cachedAt: expect.any(String) });
      expect(stale.rows).toHaveLength(3);

      // A claim drops them.
      expect((await auditor.post(`/api/arg/audits/${first}/claim`, {})).statusCode).toBe(200);
      expect((await counted('&claim=unclaimed')).count).toEqual({ total: 2, exact: true });
      expect((await counted()).count).toEqual({ total: 3, exact: true });
      // So does a release.
      expect((await auditor.post(`/api/arg/audits/${first}/release`, {})).statusCode).toBe(200);
      expect((await counted('&claim=unclaimed')).count).toEqual({ total: 3, exact: true });

      // And a status change (a decision, through the workflow): the case leaves the queue's count.
      expect((await auditor.post(`/api/arg/audits/${first}/claim`, {})).statusCode).toBe(200);
      expect((await counted()).count.total).toBe(3);
      const decided = await auditor.post(`/api/arg/audits/${first}/decision`, { decision: 'approve', checklist: ALL_CHECKED, version: 1 });
      expect(decided.statusCode, decided.body).toBe(200);
      expect((await counted()).count).toEqual({ total: 2, exact: true });
    } finally {
      await cached.close();
    }
  });

  it('counts the queue up to the lists\' threshold ("more than" beyond it), every case on request', async () => {
    const small = await createTestApp(driver, { seedLeads: 0, countCacheSeconds: 0, listCountThreshold: 2 });
    try {
      const auditor = await signedIn(() => small.app)('arg', 'auditor@arg.example');
      for (const status of [A.AUDIT_PENDING, A.AUDIT_APPROVAL])
        for (const minutes of [30, 20, 10]) await insertLead('arg', status, minutes, small.app);
      const list = async (query: string) => {
        const res = await auditor.get(`/api/arg/audits?pageSize=10${query}`);
        expect(res.statusCode, res.body).toBe(200);
        return auditQueueResponseSchema.parse(res.json());
      };
      const capped = await list('');
      expect(capped.count).toEqual({ total: 2, exact: false });
      expect(capped.rows).toHaveLength(3);
      expect((await list('&exactCount=true')).count).toEqual({ total: 3, exact: true });
      // A decided status is counted over its leads, not over open rounds: the same threshold.
      expect((await list(`&status=${A.AUDIT_APPROVAL}`)).count).toEqual({ total: 2, exact: false });
      expect((await list(`&status=${A.AUDIT_APPROVAL}&exactCount=true`)).count).toEqual({ total: 3, exact: true });
    } finally {
      await small.close();
    }
  });

  it('lets exactly one of two auditors claim a case at once; the other gets 409 naming the holder', async () => {
    const first = await as('arg', 'auditor@arg.example');
    const second = await as('arg', otherAuditor.email);
    const id = await insertLead('arg', A.AUDIT_PENDING, 1000);

    const results = await Promise.all([claim(first, id), claim(second, id)]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const winnerIndex = results.findIndex((r) => r.statusCode === 200);
    const winner = winnerIndex === 0 ? { id: auditorId, client: first } : { id: otherAuditor.id, client: second };
    const loser = winnerIndex === 0 ? second : first;
    const winnerName = winner.id === auditorId ? auditorName : otherAuditor.name;
    expect(results[1 - winnerIndex].json().message).toBe(`Este caso ya lo tomó ${winnerName}. Elegí otro de la cola.`);
    const detail = auditDetailSchema.parse(results[winnerIndex].json());
    expect(detail.claim).toMatchObject({ user: { id: winner.id, name: winnerName } });
    expect((await roundsOf(id))[0]).toMatchObject({ auditorId: winner.id, decidedAt: null });

    // Claiming again is harmless; the queue shows the holder; the claim filters see it.
    expect((await claim(winner.client, id)).statusCode).toBe(200);
    expect((await queue(loser)).rows.find((r) => r.lead_id === id)?.claim?.user).toEqual({ id: winner.id, name: winnerName });
    expect((await queue(winner.client, '&claim=mine')).rows.map((r) => r.lead_id)).toEqual([id]);
    expect((await queue(loser, '&claim=mine')).rows).toEqual([]);
    expect((await queue(loser, '&claim=claimed')).rows.map((r) => r.lead_id)).toEqual([id]);
    expect((await queue(loser, '&claim=unclaimed')).rows.map((r) => r.lead_id)).not.toContain(id);

    // Only the holder releases; a released case is free again.
    expect((await loser.post(`/api/arg/audits/${id}/release`, {})).statusCode).toBe(409);
    const released = await winner.client.post(`/api/arg/audits/${id}/release`, {});
    expect(released.statusCode).toBe(200);
    expect(auditDetailSchema.parse(released.json()).claim).toBeNull();
    expect((await claim(loser, id)).statusCode).toBe(200);

    // A claim left alone for more than 30 minutes may be taken over.
    await t.app.db
      .update(audits)
      .set({ claimedAt: sql`now() - interval '31 minutes'` })
      .where(eq(audits.leadId, id));
    expect((await queue(loser, '&claim=unclaimed')).rows.map((r) => r.lead_id)).toContain(id);
    expect((await claim(winner.client, id)).statusCode).toBe(200);
    expect((await roundsOf(id))[0].auditorId).toBe(winner.id);

    // Unknown leads 404; a lead that is not waiting for audit 409.
    expect((await claim(first, 999999)).statusCode).toBe(404);
    const accepted = await insertLead('arg', A.ACCEPTED);
    const notInAudit = await claim(first, accepted);
    expect(notInAudit.statusCode).toBe(409);
    expect(notInAudit.json().message).toBe('El lead no está esperando auditoría');
    // Nor is it an audit case to read: the auditor sees no application that never went through audit.
    const read = await first.get(`/api/arg/audits/${accepted}`);
    expect(read.statusCode).toBe(404);
    expect(read.json().message).toBe('El lead no pasó por auditoría: no es un caso de auditoría');
  });

  it('refuses decisions from anyone but the claim holder (409) and writes nothing', async () => {
    const holder = await as('arg', 'auditor@arg.example');
    const other = await as('arg', otherAuditor.email);
    const id = await insertLead('arg', A.AUDIT_PENDING, 900);
    const before = await snapshot(id);

    const unclaimed = await decide(holder, id, { decision: 'approve' });
    expect(unclaimed.statusCode).toBe(409);
    expect(unclaimed.json().message).toBe('Tomá el caso antes de decidir: nadie lo tiene tomado.');

    expect((await claim(holder, id)).statusCode).toBe(200);
    const afterClaim = await snapshot(id);
    const res = await decide(other, id, { decision: 'reject', comment: 'No corresponde' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Este caso ya lo tomó .+\. Elegí otro de la cola\.$/);
    // A supervisor may audit, but not a case someone else holds either.
    const supervisor = await as('arg', 'supervisor@arg.example');
    expect((await decide(supervisor, id, { decision: 'approve' })).statusCode).toBe(409);
    expect(await snapshot(id)).toEqual(afterClaim);
    expect(afterClaim.lead).toEqual(before.lead);
    expect(afterClaim.history).toEqual(before.history);
  });

  it.each([
    ['approve', A.AUDIT_APPROVAL, undefined],
    ['reject', A.AUDIT_REJECTED, 'Documentación adulterada'],
    ['request_information', A.REQUEST_INFORMATION, 'Falta el comprobante de CBU'],
  ] as const)('decides %s: status through the workflow, history and audit row together', async (decision, to, comment) => {
    const auditor = await as('arg', 'auditor@arg.example');
    const id = await insertLead('arg', A.AUDIT_PENDING, 800);
    expect((await claim(auditor, id)).statusCode).toBe(200);
    const res = await decide(auditor, id, { decision, comment });
    expect(res.statusCode, res.body).toBe(200);
    const body = auditDetailSchema.parse(res.json());
    expect(body.lead).toMatchObject({ status_id: to, version: 2 });
    expect(body.lead.timeline[0]).toMatchObject({ type: 'status', from_status: A.AUDIT_PENDING, to_status: to, user: { id: auditorId } });
    expect(body.current).toBeNull();
    expect(body.claim).toBeNull();
    expect(body.history[0]).toMatchObject({ decision, comment: comment ?? null, auditor: { id: auditorId }, checklist: ALL_CHECKED });

    const history = await historyOf(id);
    expect(history.at(-1)).toMatchObject({ fromStatus: A.AUDIT_PENDING, toStatus: to, userId: auditorId, reason: comment ?? null });
    const rounds = await roundsOf(id);
    expect(rounds).toHaveLength(1);
    expect(rounds[0]).toMatchObject({ decision, comment: comment ?? null, auditorId, checkIdentity: true, checkPhone: true });
    expect(rounds[0].decidedAt).not.toBeNull();
    expect((await queue(auditor)).rows.map((r) => r.lead_id)).not.toContain(id);
    // The decided status filter shows the lead's latest (decided) round.
    const decided = await queue(auditor, `&status=${to}`);
    expect(decided.rows.find((r) => r.lead_id === id)).toMatchObject({ decision, claim: null });
  });

  it('re-audits: retry closes the round and queues the lead again as AUDIT_RETRY with a new round', async () => {
    const auditor = await as('arg', 'auditor@arg.example');
    const id = await insertLead('arg', A.AUDIT_PENDING, 700);
    expect((await claim(auditor, id)).statusCode).toBe(200);
    const partial = { ...ALL_CHECKED, signature: false };
    const res = await decide(auditor, id, { decision: 'retry', comment: 'Revisar la firma', checklist: partial });
    expect(res.statusCode, res.body).toBe(200);
    const body = auditDetailSchema.parse(res.json());
    expect(body.lead.status_id).toBe(A.AUDIT_RETRY);
    expect(body.current).toMatchObject({ status_id: A.AUDIT_RETRY, decision: null, auditor: null });
    expect(body.history).toEqual([expect.objectContaining({ decision: 'retry', comment: 'Revisar la firma', checklist: partial })]);
    const row = (await queue(auditor)).rows.find((r) => r.lead_id === id);
    expect(row).toMatchObject({ status_id: A.AUDIT_RETRY, claim: null });

    // From AUDIT_RETRY the workflow has no further retry: 409 from the engine, and nothing written.
    expect((await claim(auditor, id)).statusCode).toBe(200);
    const before = await snapshot(id);
    const again = await decide(auditor, id, { decision: 'retry', comment: 'Otra vez', version: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/no está permitida/);
    expect(await snapshot(id)).toEqual(before);
    // The second round is approved.
    const approved = await decide(auditor, id, { decision: 'approve', version: 2 });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(auditDetailSchema.parse(approved.json()).history.map((r) => r.decision)).toEqual(['approve', 'retry']);
    // Filtered by its decided status, the lead shows once, with its latest round.
    const decided = await queue(auditor, `&status=${A.AUDIT_APPROVAL}`);
    expect(decided.rows.filter((r) => r.lead_id === id)).toEqual([
      expect.objectContaining({ status_id: A.AUDIT_APPROVAL, decision: 'approve', claim: null }),
    ]);
    expect(decided.count.total).toBe(decided.rows.length);
  });

  it('lists decided statuses newest decision first, with their latest rounds; claim filters leave decided statuses out', async () => {
    const auditor = await as('arg', 'auditor@arg.example');
    const first = await insertLead('arg', A.AUDIT_PENDING, 900);
    const second = await insertLead('arg', A.AUDIT_PENDING, 800);
    // Queued in this order and approved in this order: the second is the newest decision.
    for (const id of [first, second]) {
      expect((await claim(auditor, id)).statusCode).toBe(200);
      expect((await decide(auditor, id, { decision: 'approve' })).statusCode).toBe(200);
    }
    const decision = (await historyOf(first)).at(-1)!;
    expect((await leadRow(first)).statusChangedAt).toEqual(decision.createdAt);
    const approvals = await queue(auditor, `&status=${A.AUDIT_APPROVAL}`);
    expect(approvals.rows.slice(0, 2).map((r) => r.lead_id)).toEqual([second, first]);
    expect(approvals.rows.find((r) => r.lead_id === first)).toMatchObject({
      decision: 'approve',
      queued_at: new Date(BASE - 900 * 60_000).toISOString(),
    });

    // Claims are on undecided rounds only: with a claim filter, a decided status adds nothing.
    const mixed = await queue(auditor, `&status=${A.AUDIT_PENDING},${A.AUDIT_APPROVAL}&claim=unclaimed`);
    expect(mixed.rows.length).toBeGreaterThan(0);
    expect(mixed.rows.every((r) => r.status_id === A.AUDIT_PENDING && r.decision === null)).toBe(true);
    expect(mixed.count.total).toBe(mixed.rows.length);
    expect((await queue(auditor, `&status=${A.AUDIT_APPROVAL}&claim=mine`)).count).toEqual({ total: 0, exact: true });
  });

  it('merges several decided statuses newest decision first, the same rows page by page', async () => {
    const auditor = await as('arg', 'auditor@arg.example');
    const ids: number[] = [];
    // More than two pages' worth: page 3 needs each status's rows beyond the first page of either.
    for (let i = 0; i < 24; i++) {
      const id = await insertLead('arg', A.AUDIT_PENDING, 2_000 - i);
      expect((await claim(auditor, id)).statusCode).toBe(200);
      const res = await decide(auditor, id, i % 2 ? { decision: 'reject', comment: 'Firma distinta' } : { decision: 'approve' });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(id);
    }
    const both = `&status=${A.AUDIT_APPROVAL},${A.AUDIT_REJECTED}`;
    const all = await queue(auditor, both);
    expect(all.rows.map((r) => r.lead_id).slice(0, ids.length)).toEqual([...ids].reverse());
    expect(new Set(all.rows.map((r) => r.status_id))).toEqual(new Set([A.AUDIT_APPROVAL, A.AUDIT_REJECTED]));
    const paged = [];
    for (const page of [1, 2, 3]) {
      const res = await auditor.get(`/api/arg/audits?pageSize=10&page=${page}${both}`);
      paged.push(...auditQueueResponseSchema.parse(res.json()).rows.map((r) => r.lead_id));
    }
    expect(all.rows.length).toBeGreaterThan(20);
    expect(paged).toEqual(all.rows.map((r) => r.lead_id).slice(0, 30));
    expect(all.count.total).toBe(all.rows.length);
  });

  it('requires a comment except to approve, and a full checklist to approve (400 naming them), writing nothing', async () => {
    const auditor = await as('arg', 'auditor@arg.example');
    const id = await insertLead('arg', A.AUDIT_PENDING, 600);
    expect((await claim(auditor, id)).statusCode).toBe(200);
    const before = await snapshot(id);
    for (const decision of ['reject', 'retry', 'request_information']) {
      const res = await decide(auditor, id, { decision, comment: '   ' });
      expect(res.statusCode, decision).toBe(400);
      expect(res.json().fields).toEqual([
        { field: 'comment', message: 'Escribí un comentario: es obligatorio para rechazar, re-auditar o pedir información' },
      ]);
    }
    const incomplete = await decide(auditor, id, { decision: 'approve', checklist: { ...ALL_CHECKED, identity: false, phone: false } });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().fields).toEqual([
      { field: 'checklist.identity', message: 'Para aprobar falta verificar: Identidad' },
      { field: 'checklist.phone', message: 'Para aprobar falta verificar: Teléfono' },
    ]);
    // A stale version is the workflow's 409.
    const stale = await decide(auditor, id, { decision: 'approve', version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('El lead fue modificado por otro usuario: revisá sus cambios y volvé a intentarlo.');
    expect(await snapshot(id)).toEqual(before);
  });

  it('approves a col account only with its type (one stored before the type was asked is not payable); a wallet needs none', async () => {
    const auditor = await as('col', 'audit@col.example');
    const withoutType = await insertLead('col', C.AUDIT_PENDING, 620);
    const customerOf = async (id: number) => (await leadRow(id)).customerId;
    await t.app.db
      .update(customers)
      .set({ bankAccountType: null })
      .where(eq(customers.id, await customerOf(withoutType)));
    expect((await claim(auditor, withoutType, 'col')).statusCode).toBe(200);
    const before = await snapshot(withoutType);
    const refused = await decide(auditor, withoutType, { decision: 'approve' }, 'col');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(inVoice('col', AUDIT_MESSAGES.noBankAccount));
    expect(await snapshot(withoutType)).toEqual(before);

    const wallet = await insertLead('col', C.AUDIT_PENDING, 630);
    await t.app.db
      .update(customers)
      .set({ bank: 'Daviplata', bankAccount: '3101234567', bankAccountType: null })
      .where(eq(customers.id, await customerOf(wallet)));
    expect((await claim(auditor, wallet, 'col')).statusCode).toBe(200);
    const approved = await decide(auditor, wallet, { decision: 'approve' }, 'col');
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('approves only a customer with a bank account to pay into (409, nothing written); other decisions still go', async () => {
    const auditor = await as('arg', 'auditor@arg.example');
    const id = await insertLead('arg', A.AUDIT_PENDING, 610, t.app, false);
    expect((await claim(auditor, id)).statusCode).toBe(200);
    const before = await snapshot(id);
    const refused = await decide(auditor, id, { decision: 'approve' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(inVoice('arg', AUDIT_MESSAGES.noBankAccount));
    expect(await snapshot(id)).toEqual(before);
    const asked = await decide(auditor, id, { decision: 'request_information', comment: 'Falta la cuenta bancaria del cliente' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await leadRow(id)).statusId).toBe(A.REQUEST_INFORMATION);
  });

  it('rolls the status change back when the audit row cannot be written', async () => {
    const auditor = await as('arg', 'auditor@arg.example');
    const id = await insertLead('arg', A.AUDIT_PENDING, 550);
    expect((await claim(auditor, id)).statusCode).toBe(200);
    // Someone else's decision landed on the round meanwhile (as a concurrent request would).
    await t.app.db.update(audits).set({ decision: 'reject' }).where(eq(audits.leadId, id));
    const before = await snapshot(id);
    const res = await decide(auditor, id, { decision: 'approve' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^El caso cambió mientras decidías/);
    expect(await snapshot(id)).toEqual(before);

    // And the engine's hook itself: a throwing hook leaves status and history as they were.
    const other = await insertLead('arg', A.AUDIT_PENDING, 540);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, auditorId));
    const untouched = await snapshot(other);
    await expect(
      t.app.workflow.transition({
        country: 'arg',
        leadId: other,
        user: toAuthUser(row),
        to: A.AUDIT_APPROVAL,
        version: 1,
        auditDecision: true,
        within: async () => {
          throw new HttpError(409, 'no');
        },
      }),
    ).rejects.toThrow('no');
    expect(await snapshot(other)).toEqual(untouched);
  });

  it('keeps other roles, the other country and requests without XSRF out (403)', async () => {
    const id = await insertLead('arg', A.AUDIT_PENDING, 500);
    const before = await snapshot(id);
    const seller = await as('arg', 'seller@arg.example');
    expect((await seller.get('/api/arg/audits')).statusCode).toBe(403);
    expect((await seller.get(`/api/arg/audits/${id}`)).statusCode).toBe(403);
    expect((await claim(seller, id)).statusCode).toBe(403);
    expect((await decide(seller, id, { decision: 'approve' })).statusCode).toBe(403);
    const operator = await as('arg', 'operator@arg.example');
    expect((await operator.get('/api/arg/audits')).statusCode).toBe(403);

    const colAuditor = await as('col', 'audit@col.example');
    expect((await colAuditor.get('/api/arg/audits')).statusCode).toBe(403);
    expect((await claim(colAuditor, id)).statusCode).toBe(403);
    // The col auditor's own routes do not reach arg leads either.
    expect((await claim(colAuditor, id, 'col')).statusCode).toBe(404);
    expect((await colAuditor.get(`/api/col/audits/${id}`)).statusCode).toBe(404);

    const auditor = await as('arg', 'auditor@arg.example');
    const noXsrf = await auditor.post(`/api/arg/audits/${id}/claim`, {}, { xsrf: false });
    expect(noXsrf.statusCode).toBe(403);
    const anonymous = await new TestClient(t.app).init();
    expect((await anonymous.get('/api/arg/audits')).statusCode).toBe(401);
    expect(await snapshot(id)).toEqual(before);
    expect((await t.app.db.select({ n: count() }).from(audits).where(eq(audits.leadId, id)))[0].n).toBe(1);
  });

  it('lets the col auditor claim and approve, and shows the application with its rounds', async () => {
    const auditor = await as('col', 'audit@col.example');
    const id = await insertLead('col', C.AUDIT_PENDING, 50);
    const detail = auditDetailSchema.parse((await auditor.get(`/api/col/audits/${id}`)).json());
    expect(detail).toMatchObject({ lead: { id, status_id: C.AUDIT_PENDING, customer: { doc_type: 'CC' } }, claim: null, history: [] });
    expect(detail.current).toMatchObject({ status_id: C.AUDIT_PENDING, decision: null });
    expect((await claim(auditor, id, 'col')).statusCode).toBe(200);
    const res = await decide(auditor, id, { decision: 'approve', comment: 'Todo en orden' }, 'col');
    expect(res.statusCode, res.body).toBe(200);
    expect(auditDetailSchema.parse(res.json()).lead.status_id).toBe(C.AUDIT_APPROVAL);
  });
});
