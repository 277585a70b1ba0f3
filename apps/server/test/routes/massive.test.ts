import { randomBytes } from 'node:crypto';
import { isClosedStatus, type Country, type MassiveValidation } from '@backoffice/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadEvents, leadStatusHistory, leads, massiveBatchRows, users } from '../../src/db/schema';
import { storedRolesOfKinds } from '../../src/lib/roles';
import { closeTargetOf } from '../../src/massive/operations/leads';
import { MassiveService } from '../../src/services/massive';
import { createTestApp, signedIn, type Driver, type TestApp, type TestClient } from '../helpers/app';

/** A multipart body as a browser's FormData sends it. */
function multipart(fields: Record<string, string>, file?: { name: string; content: Buffer | string }) {
  const boundary = `----massive${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    parts.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(
  client: TestClient,
  type: string,
  file: { name: string; content: Buffer | string },
  fields: Record<string, string> = {},
  country: Country = 'arg',
) {
  const { body, headers } = multipart({ type, ...fields }, file);
  return client.request('POST', `/api/${country}/massive-batches/validate`, body, { headers });
}

async function xlsxOf(rows: (string | number | { formula: string; result?: number })[][]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Hoja1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe.each<Driver>(['pglite', 'postgres'])('massive batches on %s', { timeout: 300_000 }, (driver) => {
  let t: TestApp;
  const as = signedIn(() => t.app);
  let open: number[];
  let closedLead: number;
  let seller: { id: number; email: string; name: string };
  let otherSeller: { id: number; email: string };

  const db = () => t.app.db;
  const run = () => t.app.massiveWorker.runOnce();
  const validation = (res: { statusCode: number; body: string }) => {
    expect(res.statusCode, res.body).toBe(200);
    return JSON.parse(res.body) as MassiveValidation;
  };
  const start = async (client: TestClient, id: number) => {
    const res = await client.post(`/api/arg/massive-batches/${id}/start`, {});
    expect(res.statusCode, res.body).toBe(200);
    return JSON.parse(res.body) as MassiveValidation['batch'];
  };
  const batch = async (client: TestClient, id: number) =>
    JSON.parse((await client.get(`/api/arg/massive-batches/${id}`)).body) as MassiveValidation['batch'];

  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 40 });
  }, 600_000);
  beforeAll(async () => {
    const rows = await db()
      .select({ id: leads.id, statusId: leads.statusId })
      .from(leads)
      .where(eq(leads.country, 'arg'))
      .orderBy(leads.id);
    const openRows = rows.filter((row) => !isClosedStatus('arg', row.statusId));
    // Known starting points: PHONE_VALIDATION (26) may go to VERIFIED (30) or CANCELLED (21) by hand.
    open = openRows.slice(0, 24).map((row) => row.id);
    await db().update(leads).set({ statusId: 26, sellerId: null }).where(inArray(leads.id, open));
    closedLead = openRows[24].id;
    await db().update(leads).set({ statusId: 21 }).where(eq(leads.id, closedLead));
    const sellers = await db()
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(and(eq(users.country, 'arg'), eq(users.active, true), inArray(users.role, storedRolesOfKinds('arg', ['seller']))))
      .orderBy(users.id);
    seller = sellers.find((s) => s.email === 'seller@arg.example')!;
    otherSeller = sellers.find((s) => s.id !== seller.id)!;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('offers the catalogue and its templates to admin and supervisor only', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const catalogue = JSON.parse((await admin.get('/api/arg/massives')).body);
    expect(catalogue.types.map((type: { type: string }) => type.type)).toEqual([
      'reassign-seller',
      'change-status',
      'close-applications',
      'assign-collector',
      'ban-customers',
      'send-communication',
      'import-payments',
    ]);
    // Every operation of the issue is built: nothing is left planned.
    expect(catalogue.planned).toEqual([]);
    const csv = await admin.get('/api/arg/massives/reassign-seller/template?format=csv');
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('lead_id;seller_email');
    const xlsx = await admin.get('/api/arg/massives/change-status/template?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const supervisor = await as('arg', 'supervisor@arg.example');
    expect((await supervisor.get('/api/arg/massives')).statusCode).toBe(200);
    for (const email of ['operator@arg.example', 'seller@arg.example', 'atc@arg.example']) {
      const client = await as('arg', email);
      expect((await client.get('/api/arg/massives')).statusCode).toBe(403);
      expect(
        (await upload(client, 'reassign-seller', { name: 'a.csv', content: `lead_id;seller_email\n${open[0]};${seller.email}\n` }))
          .statusCode,
      ).toBe(403);
      expect((await client.get('/api/arg/massive-batches')).statusCode).toBe(403);
    }
  });

  it('reassigns: validates every row first without changing anything, then applies the valid ones once, attributed to the batch', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const [a, b, c] = open;
    const file = [
      'lead_id;seller_email',
      `${a};${seller.email}`,
      `${b};SELLER@arg.example`,
      `999999;${seller.email}`,
      `${closedLead};${seller.email}`,
      `${c};nadie@arg.example`,
      `abc;${seller.email}`,
      `${a};${otherSeller.email}`,
    ].join('\r\n');
    const result = validation(await upload(admin, 'reassign-seller', { name: 'reasignar.csv', content: file }));
    expect(result.delimiter).toBe(';');
    expect(result.batch.status).toBe('draft');
    expect(result.batch.counts).toMatchObject({ total: 7, pending: 2, invalid: 5 });
    expect(result.errors.map((e) => e.row)).toEqual([4, 5, 6, 7, 8]);
    expect(result.errors.find((e) => e.row === 4)!.error).toMatch(/no existe/);
    expect(result.errors.find((e) => e.row === 5)!.error).toMatch(/cerrada/);
    expect(result.errors.find((e) => e.row === 6)!.error).toMatch(/no es un vendedor activo/);
    expect(result.errors.find((e) => e.row === 7)!.error).toMatch(/lead_id/);
    expect(result.errors.find((e) => e.row === 8)!.error).toMatch(/repetida.*fila 2/);
    // Validation changed nothing.
    const before = await db()
      .select({ sellerId: leads.sellerId })
      .from(leads)
      .where(inArray(leads.id, [a, b]));
    expect(before.every((lead) => lead.sellerId === null)).toBe(true);

    const report = await admin.get(`/api/arg/massive-batches/${result.batch.id}/results?format=csv`);
    expect(report.body).toContain('Inválida');
    expect(report.body.split('\r\n').filter(Boolean).length).toBe(8);

    expect((await start(admin, result.batch.id)).status).toBe('queued');
    expect(await run()).toBe(2);
    const after = await batch(admin, result.batch.id);
    expect(after.status).toBe('finished');
    expect(after.counts).toMatchObject({ done: 2, pending: 0, invalid: 5, failed: 0 });
    const assigned = await db()
      .select({ id: leads.id, sellerId: leads.sellerId })
      .from(leads)
      .where(inArray(leads.id, [a, b, c]));
    expect(assigned.find((lead) => lead.id === a)!.sellerId).toBe(seller.id);
    expect(assigned.find((lead) => lead.id === b)!.sellerId).toBe(seller.id);
    expect(assigned.find((lead) => lead.id === c)!.sellerId).toBeNull();
    // This batch's events (the demo data's own batches name some of the same leads).
    const ofBatch = (id: number) => sql`${leadEvents.body} like ${`%(Lote #${id})`}`;
    const events = await db()
      .select({ body: leadEvents.body, leadId: leadEvents.leadId })
      .from(leadEvents)
      .where(and(eq(leadEvents.type, 'assignment'), inArray(leadEvents.leadId, [a, b]), ofBatch(result.batch.id)));
    expect(events.map((event) => event.body)).toEqual([
      `${seller.name} (Lote #${result.batch.id})`,
      `${seller.name} (Lote #${result.batch.id})`,
    ]);
    // A second run finds nothing to do: nothing is applied twice.
    expect(await run()).toBe(0);
    // The rows list filters by result.
    const rows = JSON.parse((await admin.get(`/api/arg/massive-batches/${result.batch.id}/rows?status=done`)).body);
    expect(rows.rows.map((row: { row: number }) => row.row)).toEqual([2, 3]);
    const listed = JSON.parse((await admin.get('/api/arg/massive-batches?status=finished')).body);
    expect(listed.rows.map((row: { id: number }) => row.id)).toContain(result.batch.id);
  });

  it('changes status through the workflow: same transitions, roles and reasons as one by one', async () => {
    const supervisor = await as('arg', 'supervisor@arg.example');
    const [, , , d, e, f] = open;
    const file = ['lead_id,status,reason', `${d},VERIFIED,`, `${e},30,llamó`, `${f},CANCELLED,`, `${d},NOPE,`].join('\n');
    const result = validation(await upload(supervisor, 'change-status', { name: 'estados.csv', content: file }));
    expect(result.delimiter).toBe(',');
    expect(result.batch.counts).toMatchObject({ pending: 2, invalid: 2 });
    // Said in the batch's country's voice (arg voseo), as the API's errors are.
    expect(result.errors.find((x) => x.row === 4)!.error).toBe('Indicá el motivo del cambio de estado');
    await start(supervisor, result.batch.id);
    await run();
    const moved = await db()
      .select({ id: leads.id, statusId: leads.statusId })
      .from(leads)
      .where(inArray(leads.id, [d, e, f]));
    expect(Object.fromEntries(moved.map((lead) => [lead.id, lead.statusId]))).toEqual({ [d]: 30, [e]: 30, [f]: 26 });
    const history = await db()
      .select({ reason: leadStatusHistory.reason })
      .from(leadStatusHistory)
      .where(and(eq(leadStatusHistory.leadId, e), eq(leadStatusHistory.toStatus, 30)));
    expect(history.map((h) => h.reason)).toEqual([`Lote #${result.batch.id}: llamó`]);
  });

  it('closes applications with a reason by the transition the table allows, refusing closed ones', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const [, , , , , , g, h] = open;
    const file = ['lead_id;reason', `${g};Duplicada`, `${h};=HYPERLINK("http://x")`, `${closedLead};Ya cerrada`, `${g};`].join('\n');
    const result = validation(await upload(admin, 'close-applications', { name: 'cerrar.csv', content: file }));
    expect(result.batch.counts).toMatchObject({ pending: 2, invalid: 2 });
    expect(result.errors.find((x) => x.row === 4)!.error).toMatch(/no permite a tu rol cerrar/);
    await start(admin, result.batch.id);
    await run();
    const closed = await db()
      .select({ statusId: leads.statusId })
      .from(leads)
      .where(inArray(leads.id, [g, h]));
    expect(closed.map((lead) => lead.statusId)).toEqual([21, 21]);
    // A value that a spreadsheet would run as a formula is kept as text and neutralised in the download.
    const results = await admin.get(`/api/arg/massive-batches/${result.batch.id}/results?format=csv`);
    expect(results.body).toContain(`'=HYPERLINK`);
    expect(results.body).not.toMatch(/;=HYPERLINK/);
  });

  it('answers each unreadable file clearly and keeps no batch of it', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const count = async () => (await db().execute(sql`select count(*)::int as n from massive_batches`)) as unknown;
    const before = JSON.stringify(await count());
    const cases: [string, { name: string; content: Buffer | string }, RegExp, number, Record<string, string>?][] = [
      [
        'wrong header',
        { name: 'a.csv', content: 'id;vendedor\n1;x@y.z\n' },
        /Faltan columnas en el encabezado: lead_id, seller_email/,
        400,
      ],
      ['empty', { name: 'a.csv', content: '' }, /vacío/, 400],
      ['header only', { name: 'a.csv', content: 'lead_id;seller_email\n' }, /no tiene filas/, 400],
      ['UTF-16', { name: 'a.csv', content: Buffer.from('\uFEFFlead_id;seller_email\n', 'utf16le') }, /UTF-16/, 400],
      [
        'Latin-1 declared UTF-8',
        { name: 'a.csv', content: Buffer.from('lead_id;seller_email\n1;peña@x.com\n', 'latin1') },
        /no está en UTF-8/,
        400,
        { encoding: 'utf-8' },
      ],
      ['not an xlsx', { name: 'a.xlsx', content: 'lead_id;seller_email\n' }, /XLSX no se puede leer/, 400],
      ['oversized', { name: 'a.csv', content: Buffer.alloc(20 * 1024 * 1024 + 10, 'a') }, /supera 20 MB/, 413],
    ];
    for (const [name, file, message, status, fields] of cases) {
      const res = await upload(admin, 'reassign-seller', file, fields);
      expect(res.statusCode, name).toBe(status);
      expect(JSON.parse(res.body).message, name).toMatch(message);
    }
    expect(JSON.stringify(await count())).toBe(before);
  });

  it('reads Latin-1 and BOM files, and refuses formulas in XLSX cells row by row', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const [, , , , , , , , i, j] = open;
    const latin = validation(
      await upload(admin, 'close-applications', {
        name: 'l.csv',
        content: Buffer.from(`lead_id;reason\n${i};Pidió baja por teléfono\n`, 'latin1'),
      }),
    );
    expect(latin.encoding).toBe('latin1');
    const rows = await db()
      .select({ data: massiveBatchRows.data })
      .from(massiveBatchRows)
      .where(eq(massiveBatchRows.batchId, latin.batch.id));
    expect(rows[0].data.reason).toBe('Pidió baja por teléfono');
    const bom = validation(await upload(admin, 'close-applications', { name: 'b.csv', content: `\uFEFFlead_id;reason\n${i};ñandú\n` }));
    expect(bom.encoding).toBe('utf-8');
    expect(bom.batch.counts.pending).toBe(1);
    const xlsx = await xlsxOf([
      ['lead_id', 'reason'],
      [i, 'Duplicada'],
      [j, { formula: 'CONCAT("a","b")', result: 0 }],
    ]);
    const result = validation(await upload(admin, 'close-applications', { name: 'c.xlsx', content: xlsx }));
    expect(result.batch.counts).toMatchObject({ pending: 1, invalid: 1 });
    expect(result.errors[0]).toEqual({ row: 3, error: 'La celda B3 tiene una fórmula: escribí el valor, no una fórmula' });
  });

  it("says a col batch's catalogue and row results in usted: refused at validation and when applied", async () => {
    const supervisor = await as('col', 'supervisor@col.example');
    const catalogue = JSON.parse((await supervisor.get('/api/col/massives')).body) as {
      types: { type: string; columns: { name: string; rule: string }[] }[];
    };
    const rule = (type: string, column: string) =>
      catalogue.types.find((t) => t.type === type)!.columns.find((c) => c.name === column)!.rule;
    expect(rule('change-status', 'status')).toMatch(/desde el estado actual para su rol\.$/);
    expect(rule('send-communication', 'lead_id')).toMatch(/Indique la solicitud o el préstamo\.$/);

    const [role] = storedRolesOfKinds('col', ['supervisor']);
    const colLeads = await db()
      .select({ id: leads.id, statusId: leads.statusId })
      .from(leads)
      .where(eq(leads.country, 'col'))
      .orderBy(leads.id);
    const [a, b] = colLeads.filter(
      (lead) => !isClosedStatus('col', lead.statusId) && closeTargetOf('col', role!, lead.statusId) !== undefined,
    );
    const file = ['lead_id;reason', `${a!.id};Duplicada`, `${b!.id};`].join('\n');
    const result = validation(await upload(supervisor, 'close-applications', { name: 'cerrar.csv', content: file }, {}, 'col'));
    expect(result.errors).toEqual([{ row: 3, error: 'reason: Indique el motivo' }]);
    const started = await supervisor.post(`/api/col/massive-batches/${result.batch.id}/start`, {});
    expect(started.statusCode, started.body).toBe(200);
    // The creator's role changes before the worker runs: the row fails with the refusal, in usted.
    const me = await db().select({ id: users.id, role: users.role }).from(users).where(eq(users.email, 'supervisor@col.example'));
    await db().update(users).set({ role: 'seller' }).where(eq(users.id, me[0]!.id));
    try {
      await run();
    } finally {
      await db().update(users).set({ role: me[0]!.role }).where(eq(users.id, me[0]!.id));
    }
    const rows = JSON.parse((await supervisor.get(`/api/col/massive-batches/${result.batch.id}/rows`)).body) as {
      rows: { row: number; status: string; error: string | null }[];
    };
    expect(rows.rows.map(({ row, status, error }) => ({ row, status, error }))).toEqual([
      { row: 2, status: 'failed', error: 'Su rol no puede ejecutar este tipo de operación masiva' },
      { row: 3, status: 'invalid', error: 'reason: Indique el motivo' },
    ]);
  });

  it('cancels (applied rows stay, pending ones are not applied) and retries only the failed rows', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const rows = open.slice(10, 16);
    const file = ['lead_id;seller_email', ...rows.map((id) => `${id};${otherSeller.email}`)].join('\n');
    // The demo data may have assigned these leads before: only the assignments this test makes are counted.
    const assignments = () =>
      db()
        .select({ leadId: leadEvents.leadId })
        .from(leadEvents)
        .where(and(eq(leadEvents.type, 'assignment'), inArray(leadEvents.leadId, rows)));
    const earlier = (await assignments()).length;
    const cancelled = validation(await upload(admin, 'reassign-seller', { name: 'c.csv', content: file }));
    await start(admin, cancelled.batch.id);
    const cancel = await admin.post(`/api/arg/massive-batches/${cancelled.batch.id}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(JSON.parse(cancel.body).counts).toMatchObject({ skipped: 6, pending: 0 });
    await run();
    const untouched = await db().select({ sellerId: leads.sellerId }).from(leads).where(inArray(leads.id, rows));
    expect(untouched.every((lead) => lead.sellerId === null)).toBe(true);
    expect((await admin.post(`/api/arg/massive-batches/${cancelled.batch.id}/start`, {})).statusCode).toBe(409);

    // A row that fails when applied (its seller deactivated after validation), then retried once fixed.
    const again = validation(await upload(admin, 'reassign-seller', { name: 'r.csv', content: file }));
    await db().update(users).set({ active: false }).where(eq(users.id, otherSeller.id));
    await start(admin, again.batch.id);
    await run();
    const failed = await batch(admin, again.batch.id);
    expect(failed.status).toBe('failed');
    expect(failed.counts).toMatchObject({ failed: 6, done: 0 });
    await db().update(users).set({ active: true }).where(eq(users.id, otherSeller.id));
    const retried = await admin.post(`/api/arg/massive-batches/${again.batch.id}/retry`, {});
    expect(retried.statusCode, retried.body).toBe(200);
    await run();
    expect((await batch(admin, again.batch.id)).counts).toMatchObject({ failed: 0, done: 6 });
    expect((await assignments()).length - earlier).toBe(6);
  });

  it('two workers on one batch never apply the same row', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const rows = open.slice(16, 24);
    const file = ['lead_id;seller_email', ...rows.map((id) => `${id};${seller.email}`)].join('\n');
    const result = validation(await upload(admin, 'reassign-seller', { name: 'w.csv', content: file }));
    await start(admin, result.batch.id);
    const deps = { workflow: t.app.workflow, messaging: t.app.messaging, realtime: t.app.realtime, users: t.app.users, log: t.app.log };
    // Leases of 1 second and chunks of one row: the second worker may take the batch over mid-run.
    const one = new MassiveService(t.app.db, deps, { leaseSeconds: 1, chunkRows: 1 });
    const two = new MassiveService(t.app.db, deps, { leaseSeconds: 1, chunkRows: 1 });
    const [ranOne, ranTwo] = await Promise.all([one.runDue(), two.runDue()]);
    expect(ranOne + ranTwo).toBe(8);
    const events = await db()
      .select({ leadId: leadEvents.leadId, n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(leadEvents)
      .where(
        and(
          eq(leadEvents.type, 'assignment'),
          inArray(leadEvents.leadId, rows),
          sql`${leadEvents.body} like ${`%(Lote #${result.batch.id})`}`,
        ),
      )
      .groupBy(leadEvents.leadId);
    expect(events.length).toBe(8);
    expect(events.every((event) => event.n === 1)).toBe(true);
  });

  it('builds a batch from a filtered leads list, capped, with the other columns given once', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const [counted] = await db()
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(leads)
      .where(and(eq(leads.country, 'arg'), eq(leads.statusId, 30)));
    const res = await admin.post('/api/arg/massive-batches/from-list', {
      type: 'close-applications',
      filters: 'status=30',
      values: { reason: 'Cierre masivo' },
    });
    const result = validation(res);
    expect(result.batch.source).toBe('list');
    expect(result.batch.counts.total).toBe(counted.n);
    expect(result.batch.counts.pending).toBe(counted.n);
    const missing = await admin.post('/api/arg/massive-batches/from-list', {
      type: 'close-applications',
      filters: 'status=30',
      values: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(JSON.parse(missing.body).fields[0].field).toBe('values.reason');
  });
});
