import { createHash } from 'node:crypto';
import { leadDetailSchema, leadDocumentsResponseSchema } from '@backoffice/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadDocuments } from '../../src/db/schema';
import { demoReceiptPng } from '../../src/db/seeds/voluntary-pays';
import { createTestApp, signedIn, type Driver, type TestApp } from '../helpers/app';
import { insertKnownLeads, userIdByEmail, type KnownLead } from '../helpers/leads-fixture';

/*
 * A lead's customer documents through their routes: uploaded by the lead's seller, staff or the webservice
 * (idempotent), checked by content and size before anything is written, stored with their checksum, listed
 * and served only to those who may see the lead, and told on its timeline.
 */

const png = demoReceiptPng(3);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each<Driver>(['pglite', 'postgres'])('lead documents on %s', (driver) => {
  let t: TestApp;
  let mine: KnownLead;
  let unassigned: KnownLead;
  const as = signedIn(() => t.app);
  const stored = async () => (await t.app.db.select({ n: count() }).from(leadDocuments))[0].n;

  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 0 });
    const sellerId = await userIdByEmail(t.app, 'arg', 'seller@arg.example');
    const known = await insertKnownLeads(t.app, 'arg', 3, [sellerId]);
    mine = known.find((l) => l.sellerId === sellerId)!;
    unassigned = known.find((l) => l.sellerId === null)!;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the seller uploads a DNI front on their sale: stored with its checksum, listed, on the timeline, served back byte for byte', async () => {
    const seller = await as('arg', 'seller@arg.example');
    const created = await seller.post(`/api/arg/leads/${mine.id}/documents`, {
      kind: 'id_front',
      file: png.toString('base64'),
      file_name: 'dni-frente.png',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: number };

    const [row] = await t.app.db.select().from(leadDocuments).where(eq(leadDocuments.id, id));
    expect(row).toMatchObject({ leadId: mine.id, kind: 'id_front', contentType: 'image/png', size: png.length, sha256: sha256(png) });
    expect(row.content.equals(png)).toBe(true);

    const list = leadDocumentsResponseSchema.parse((await seller.get(`/api/arg/leads/${mine.id}/documents`)).json());
    expect(list.documents).toEqual([
      expect.objectContaining({ id, kind: 'id_front', file_name: 'dni-frente.png', sha256: sha256(png), size: png.length }),
    ]);

    const detail = leadDetailSchema.parse((await seller.get(`/api/arg/leads/${mine.id}`)).json());
    expect(detail.timeline.find((e) => e.type === 'document')?.text).toBe('DNI (frente) adjuntado: dni-frente.png (1 KB)');

    const content = await seller.get(`/api/arg/leads/${mine.id}/documents/${id}/content`);
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('image/png');
    expect(content.headers['x-content-sha256']).toBe(sha256(png));
    expect(content.rawPayload.equals(png)).toBe(true);
  });

  it('an auditor reads the documents and downloads one; a collector (no lead screen) may not', async () => {
    const ops = await as('arg', 'operator@arg.example');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const created = await ops.post(`/api/arg/leads/${unassigned.id}/documents`, { kind: 'contract', file: pdf.toString('base64') });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: number };

    const auditor = await as('arg', 'auditor@arg.example');
    const list = leadDocumentsResponseSchema.parse((await auditor.get(`/api/arg/leads/${unassigned.id}/documents`)).json());
    expect(list.documents.map((d) => [d.id, d.content_type])).toEqual([[id, 'application/pdf']]);
    const content = await auditor.get(`/api/arg/leads/${unassigned.id}/documents/${id}/content`);
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('application/pdf');
    expect(content.rawPayload.equals(pdf)).toBe(true);
    // The auditor reads the evidence but does not add to it.
    expect(
      (await auditor.post(`/api/arg/leads/${unassigned.id}/documents`, { kind: 'selfie', file: png.toString('base64') })).statusCode,
    ).toBe(403);

    const collector = await as('arg', 'collector@arg.example');
    expect((await collector.get(`/api/arg/leads/${unassigned.id}/documents`)).statusCode).toBe(403);
    expect((await collector.get(`/api/arg/leads/${unassigned.id}/documents/${id}/content`)).statusCode).toBe(403);
    // A document asked for through another lead is not found, even by staff.
    expect((await ops.get(`/api/arg/leads/${mine.id}/documents/${id}/content`)).statusCode).toBe(404);
  });

  it('another seller and the other country can neither upload nor see: nothing stored', async () => {
    const before = await stored();
    const other = await as('arg', 'vendedor.sin.neotel@arg.example');
    const upload = await other.post(`/api/arg/leads/${mine.id}/documents`, { kind: 'selfie', file: png.toString('base64') });
    expect(upload.statusCode).toBe(403);
    expect((await other.get(`/api/arg/leads/${mine.id}/documents`)).statusCode).toBe(403);
    const [doc] = await t.app.db.select({ id: leadDocuments.id }).from(leadDocuments).where(eq(leadDocuments.leadId, mine.id));
    expect((await other.get(`/api/arg/leads/${mine.id}/documents/${doc.id}/content`)).statusCode).toBe(403);

    const colAdmin = await as('col', 'admin@col.example');
    expect((await colAdmin.post(`/api/arg/leads/${mine.id}/documents`, { kind: 'selfie', file: png.toString('base64') })).statusCode).toBe(
      403,
    );
    // Through its own country's path the arg lead does not exist.
    expect((await colAdmin.post(`/api/col/leads/${mine.id}/documents`, { kind: 'selfie', file: png.toString('base64') })).statusCode).toBe(
      404,
    );
    expect((await colAdmin.get(`/api/col/leads/${mine.id}/documents/${doc.id}/content`)).statusCode).toBe(404);
    expect(await stored()).toBe(before);
  });

  it('a disguised file, an oversized one and an unknown kind are 400s naming the field, nothing stored', async () => {
    const before = await stored();
    const seller = await as('arg', 'seller@arg.example');
    // A Windows executable named as a photo, and an HTML page sent as a data: PNG: the bytes decide.
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);
    for (const file of [
      exe.toString('base64'),
      `data:image/png;base64,${Buffer.from('<html><script>alert(1)</script></html>').toString('base64')}`,
    ]) {
      const refused = await seller.post(`/api/arg/leads/${mine.id}/documents`, { kind: 'id_front', file, file_name: 'dni.png' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: 'El archivo debe ser una imagen PNG o JPEG o un PDF', fields: [{ field: 'file' }] });
    }
    const big = Buffer.concat([png.subarray(0, 8), Buffer.alloc(5 * 1024 * 1024)]);
    const oversized = await seller.post(`/api/arg/leads/${mine.id}/documents`, { kind: 'id_back', file: big.toString('base64') });
    expect(oversized.statusCode).toBe(400);
    expect(oversized.json()).toMatchObject({ message: 'El archivo supera el máximo de 5 MB', fields: [{ field: 'file' }] });
    const unknownKind = await seller.post(`/api/arg/leads/${mine.id}/documents`, { kind: 'passport', file: png.toString('base64') });
    expect(unknownKind.statusCode).toBe(400);
    expect(JSON.stringify(unknownKind.json())).toContain('"field":"kind"');
    expect(await stored()).toBe(before);
  });

  it('the webservice uploads with an Idempotency-Key once; the key with another file is a 422', async () => {
    const ws = await as('arg', 'webservice@arg.example');
    const before = await stored();
    const request = { kind: 'bank_proof', file: png.toString('base64'), file_name: 'cbu.png' };
    const headers = { 'idempotency-key': `doc-${driver}` };
    const first = await ws.request('POST', `/api/arg/leads/${unassigned.id}/documents`, request, { headers });
    expect(first.statusCode, first.body).toBe(201);
    const again = await ws.request('POST', `/api/arg/leads/${unassigned.id}/documents`, request, { headers });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await stored()).toBe(before + 1);

    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
    const reused = await ws.request(
      'POST',
      `/api/arg/leads/${unassigned.id}/documents`,
      { ...request, file: jpeg.toString('base64') },
      { headers },
    );
    expect(reused.statusCode).toBe(422);
    expect(await stored()).toBe(before + 1);

    const both = await Promise.all(
      [1, 2].map(() =>
        ws.request('POST', `/api/arg/leads/${unassigned.id}/documents`, request, { headers: { 'idempotency-key': `doc2-${driver}` } }),
      ),
    );
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(both[0].json()).toEqual(both[1].json());
    expect(await stored()).toBe(before + 2);
  });
});
