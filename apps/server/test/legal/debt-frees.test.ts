import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { debtFreeCertificates, loans } from '../../src/db/schema';
import { createTestApp, signedIn, TestClient, type Driver, type TestApp } from '../helpers/app';
import { freeLead, insertLoan, userId } from './fixtures';

/** The text pdftotext reads from a PDF (what a person or a search would read of it). */
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'bo-pdf-'));
  const file = join(dir, 'c.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString();
}

describe.each<Driver>(['pglite', 'postgres'])('debt-free certificates on %s', (driver) => {
  let t: TestApp;
  const as = signedIn(() => t.app);

  beforeAll(async () => {
    t = await createTestApp(driver, { legal: { ...(await import('../../src/config')).loadConfig({}).legal, verifyRateLimit: 3 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const raise = async (leadId: number, email = 'atc@arg.example') => {
    const res = await (await as('arg', email)).post('/api/arg/debt-frees', { lead_id: leadId });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };

  it('refuses a customer with a balance, naming the loan; accepts once paid and stores one PDF', async () => {
    const lead = await freeLead(t.app, 'arg');
    const loan = await insertLoan(t.app, 'arg', lead, { outstanding: 123_400 });
    const id = await raise(lead.leadId);
    const atc = await as('arg', 'atc@arg.example');
    const refused = await atc.post(`/api/arg/debt-frees/${id}/accept`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`#${loan.id}`);
    expect(refused.json().message).toContain('1.234');

    await t.app.db
      .update(loans)
      .set({ status: 'PAID', outstanding: 0, paidAt: new Date('2026-03-10T15:00:00Z') })
      .where(eq(loans.id, loan.id));
    const accepted = await atc.post(`/api/arg/debt-frees/${id}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);

    const first = await atc.get(`/api/arg/debt-frees/${id}/certificate`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('application/pdf');
    const second = await atc.get(`/api/arg/debt-frees/${id}/certificate`);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const [stored] = await t.app.db.select().from(debtFreeCertificates).where(eq(debtFreeCertificates.requestId, id));
    expect(createHash('sha256').update(first.rawPayload).digest('hex')).toBe(stored!.sha256);

    const text = pdfText(first.rawPayload);
    expect(text).toContain(`${lead.firstName} ${lead.lastName}`);
    expect(text).toContain(lead.docNumber);
    expect(text).toContain(stored!.code);
    expect(text).toContain('10/03/2026');
    expect(text).toContain(`Préstamo N.º ${loan.id}`);

    // The queue shows it accepted with its code.
    const list = await atc.get(`/api/arg/debt-frees?processed=1&customer=${lead.customerId}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().rows).toEqual([expect.objectContaining({ id, processed: 1, verification_code: stored!.code })]);
  });

  it('takes one decision only: a second accept or a reject after it gets 409; a rejection needs a reason', async () => {
    const lead = await freeLead(t.app, 'arg');
    const id = await raise(lead.leadId);
    const admin = await as('arg', 'admin@arg.example');
    const noReason = await admin.post(`/api/arg/debt-frees/${id}/reject`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const [a, b] = await Promise.all([
      admin.post(`/api/arg/debt-frees/${id}/accept`, {}),
      admin.post(`/api/arg/debt-frees/${id}/reject`, { reason: 'Duplicada' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const again = await admin.post(`/api/arg/debt-frees/${id}/accept`, {});
    expect(again.statusCode).toBe(409);
  });

  it('is raised by the webservice by document, idempotently with Idempotency-Key', async () => {
    const lead = await freeLead(t.app, 'arg');
    const ws = await as('arg', 'webservice@arg.example');
    const headers = { 'idempotency-key': `df-${lead.customerId}` };
    const first = await ws.post('/api/arg/debt-frees', { doc_number: lead.docNumber }, { headers });
    const repeat = await ws.post('/api/arg/debt-frees', { doc_number: lead.docNumber }, { headers });
    expect(first.statusCode, first.body).toBe(201);
    expect(repeat.statusCode).toBe(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json().id).toBe(first.json().id);
    const reused = await ws.post('/api/arg/debt-frees', { doc_number: '1' }, { headers });
    expect(reused.statusCode).toBe(422);
    // The webservice raises requests but does not read the queue.
    expect((await ws.get('/api/arg/debt-frees')).statusCode).toBe(403);
  });

  it('lets a collector act only on their own loans’ customers, and hides the other country’s requests', async () => {
    const own = await freeLead(t.app, 'arg');
    const other = await freeLead(t.app, 'arg', 1);
    const collectorId = await userId(t.app, 'collector@arg.example');
    await insertLoan(t.app, 'arg', own, { status: 'PAID', outstanding: 0, collectorId });
    await insertLoan(t.app, 'arg', other, { collectorId: null });
    const collector = await as('arg', 'collector@arg.example');
    expect((await collector.post('/api/arg/debt-frees', { lead_id: own.leadId })).statusCode).toBe(201);
    expect((await collector.post('/api/arg/debt-frees', { lead_id: other.leadId })).statusCode).toBe(403);
    const rows = (await collector.get('/api/arg/debt-frees')).json().rows as { customer_id: number }[];
    // The demo data may give the collector requests of their own loans' customers too: never the other's.
    expect(rows.map((r) => r.customer_id)).toContain(own.customerId);
    expect(rows.map((r) => r.customer_id)).not.toContain(other.customerId);
    const col = await as('col', 'admin@col.example');
    const colRows = (await col.get('/api/col/debt-frees?pageSize=100')).json().rows as { customer_id: number }[];
    expect(colRows.map((r) => r.customer_id)).not.toContain(own.customerId);
    const atcList = (await (await as('arg', 'atc@arg.example')).get('/api/arg/debt-frees?q=' + encodeURIComponent(own.docNumber))).json()
      .rows as { customer_id: number }[];
    expect(atcList.map((r) => r.customer_id)).toContain(own.customerId);
  });

  it('verifies a code publicly: genuine with masked holder, unknown with nothing else, rate limited', async () => {
    const lead = await freeLead(t.app, 'arg');
    const id = await raise(lead.leadId);
    expect((await (await as('arg', 'atc@arg.example')).post(`/api/arg/debt-frees/${id}/accept`, {})).statusCode).toBe(200);
    const [cert] = await t.app.db.select().from(debtFreeCertificates).where(eq(debtFreeCertificates.requestId, id));
    const anonymous = new TestClient(t.app, '10.0.0.7');
    const genuine = await anonymous.get(`/api/arg/debt-frees/verify?code=${cert!.code}`);
    expect(genuine.statusCode).toBe(200);
    const body = genuine.json();
    expect(body).toMatchObject({ found: true, genuine: true });
    expect(body.holder).not.toContain(lead.lastName);
    expect(body.holder[0]).toBe(lead.firstName[0]);
    expect(body.document).not.toBe(lead.docNumber);
    expect(body.document.endsWith(lead.docNumber.slice(-3))).toBe(true);
    expect(JSON.stringify(body)).not.toContain(lead.docNumber);

    const unknown = await anonymous.get('/api/arg/debt-frees/verify?code=AAAA-BBBB-CCCC-DDDD');
    expect(unknown.json()).toEqual({ found: false });
    // The other country's endpoint does not know this certificate.
    expect((await anonymous.get(`/api/col/debt-frees/verify?code=${cert!.code}`)).json()).toEqual({ found: false });
    // A limit of 3 a minute per address on this route: the third answers, the fourth is refused.
    expect((await anonymous.get('/api/arg/debt-frees/verify?code=ZZZZ')).statusCode).toBe(200);
    const limited = await anonymous.get(`/api/arg/debt-frees/verify?code=${cert!.code}`);
    expect(limited.statusCode).toBe(429);
    expect(limited.body).not.toContain(lead.docNumber);
    // Another address is counted apart.
    expect((await new TestClient(t.app, '10.0.0.8').get(`/api/arg/debt-frees/verify?code=${cert!.code}`)).statusCode).toBe(200);
  });
});
