import { ARG_STATUS_IDS, COL_STATUS_IDS, buildCbu, buildCuil, customerLookupResponseSchema, leadDetailSchema } from '@backoffice/shared';
import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, leadEvents, leadStatusHistory, leads, managements } from '../../src/db/schema';
import { newDocumentTurn } from '../../src/repositories/leads';
import { NUL_MESSAGE } from '../../src/plugins/app/text-guard';
import { TestClient, createTestApp, signedIn, type Driver, type TestApp } from '../helpers/app';
import { insertKnownLeads, userIdByEmail, userIds, type KnownLead } from '../helpers/leads-fixture';

/*
 * Lead detail, actions (notes, management status, reassignment with optimistic versions), creation by
 * staff and by the webservice role, and the role, country and XSRF checks of every leads route.
 */

const validArg = () => ({
  doc_number: '30.111.222',
  cuil: buildCuil('30111222', 'male'),
  first_name: 'José',
  last_name: 'Núñez',
  birth_date: '1990-04-15',
  cellphone: '11 5555-4444',
  email: 'Jose.Nunez@Example.com',
  address: 'Av. Corrientes 1234',
  requested_amount: 25000,
  term: 12,
});

const validCol = () => ({
  doc_number: '1012345678',
  first_name: 'Andrés',
  last_name: 'Muñoz',
  birth_date: '1992-02-02',
  cellphone: '3101234567',
  email: 'andres@example.co',
  requested_amount: 2_500_000,
  term: 24,
});

describe.each<Driver>(['pglite', 'postgres'])('lead detail, actions and creation on %s', (driver) => {
  let t: TestApp;
  let arg: KnownLead[];
  let col: KnownLead[];
  let sellerId: number;

  /** A signed-in client per account, reused across tests. */
  const as = signedIn(() => t.app);
  const tableCounts = async () => {
    const [c] = await t.app.db.select({ n: count() }).from(customers);
    const [l] = await t.app.db.select({ n: count() }).from(leads);
    const [h] = await t.app.db.select({ n: count() }).from(leadStatusHistory);
    const [e] = await t.app.db.select({ n: count() }).from(leadEvents);
    return { customers: c.n, leads: l.n, history: h.n, events: e.n };
  };
  const leadRow = async (id: number) => (await t.app.db.select().from(leads).where(eq(leads.id, id)))[0];

  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 0, countCacheSeconds: 0 });
    sellerId = await userIdByEmail(t.app, 'arg', 'seller@arg.example');
    const sellers = await userIds(t.app, 'arg', ['2']);
    arg = await insertKnownLeads(t.app, 'arg', 12, [sellerId, ...sellers.filter((id) => id !== sellerId)]);
    col = await insertKnownLeads(t.app, 'col', 4, await userIds(t.app, 'col', ['seller']));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows a lead with its customer, seller and timeline; 404 for unknown ids and the other country’s', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const lead = arg.find((l) => l.sellerId !== null)!;
    const res = await admin.get(`/api/arg/leads/${lead.id}`);
    expect(res.statusCode).toBe(200);
    const body = leadDetailSchema.parse(res.json());
    expect(body.customer).toMatchObject({ doc_number: lead.docNumber, cuil: lead.cuil, birth_date: '1985-05-05', address: null });
    expect(body.seller?.id).toBe(lead.sellerId);
    expect(body.timeline).toEqual([
      expect.objectContaining({ type: 'status', to_status: lead.statusId, text: 'Dato de prueba', user: null }),
    ]);
    expect((await admin.get('/api/arg/leads/999999')).statusCode).toBe(404);
    expect((await admin.get(`/api/arg/leads/${col[0].id}`)).json()).toMatchObject({ statusCode: 404, message: 'Lead no encontrado' });
    expect((await admin.get('/api/arg/leads/abc')).statusCode).toBe(400);
  });

  it('writes an offer, its rate, the next call back and text with quotes and accents as they are stored', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const lead = arg[1];
    const nextCall = new Date('2026-03-04T05:06:07.089Z');
    await t.app.db
      .update(leads)
      .set({ offeredAmount: 2_000_050, rate: 71.125, nextCallAt: nextCall, managementStatus: null })
      .where(eq(leads.id, lead.id));
    await t.app.db.update(customers).set({ address: 'Calle "Ñandú" 1\\2 — 3º' }).where(eq(customers.docNumber, lead.docNumber));
    const body = leadDetailSchema.parse((await admin.get(`/api/arg/leads/${lead.id}`)).json());
    expect(body).toMatchObject({ offered_amount: 2_000_050, rate: 71.125, next_call_at: nextCall.toISOString(), management_status: null });
    expect(body.customer.address).toBe('Calle "Ñandú" 1\\2 — 3º');
    // The list row of the same lead is written by the same code.
    const row = (await admin.get(`/api/arg/leads?q=${lead.docNumber}`)).json().rows[0];
    expect(row).toMatchObject({
      id: lead.id,
      requested_amount: body.requested_amount,
      management_status: null,
      customer: { doc_number: lead.docNumber },
    });
  });
  it('adds notes, changes the management status and reassigns, each with its timeline event, newest first', async () => {
    const supervisor = await as('arg', 'supervisor@arg.example');
    // Open (closed applications take no management status nor seller: below).
    const lead = arg[3];
    const otherSeller = (await userIds(t.app, 'arg', ['2', '7'])).find((id) => id !== lead.sellerId)!;

    let res = await supervisor.post(`/api/arg/leads/${lead.id}/notes`, { body: '  Llamar después de las 18  ' });
    expect(res.statusCode, res.body).toBe(200);
    let body = leadDetailSchema.parse(res.json());
    expect(body.version).toBe(1); // a note does not change the lead
    expect(body.timeline[0]).toMatchObject({ type: 'note', text: 'Llamar después de las 18', user: { name: expect.any(String) } });

    res = await supervisor.patch(`/api/arg/leads/${lead.id}/management-status`, { management_status: 'Contestador', version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    body = leadDetailSchema.parse(res.json());
    expect(body).toMatchObject({ management_status: 'Contestador', version: 2 });
    expect(body.timeline[0]).toMatchObject({ type: 'management', text: 'Contestador · Llamada' });

    res = await supervisor.patch(`/api/arg/leads/${lead.id}/seller`, { seller_id: otherSeller, version: 2 });
    expect(res.statusCode, res.body).toBe(200);
    body = leadDetailSchema.parse(res.json());
    expect(body.seller?.id).toBe(otherSeller);
    expect(body.version).toBe(3);
    expect(body.timeline.map((e) => e.type)).toEqual(['assignment', 'management', 'note', 'status']);
    expect(body.timeline[0].text).toBe(body.seller!.name);
    const times = body.timeline.map((e) => new Date(e.at).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const [event] = await t.app.db
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadId, lead.id), eq(leadEvents.type, 'assignment')));
    expect(event).toMatchObject({ fromValue: lead.sellerId === null ? null : String(lead.sellerId), toValue: String(otherSeller) });

    // The same seller again (a double click, a second supervisor): done, nothing written.
    for (const version of [3, 2]) {
      res = await supervisor.patch(`/api/arg/leads/${lead.id}/seller`, { seller_id: otherSeller, version });
      expect(res.statusCode, res.body).toBe(200);
      expect(leadDetailSchema.parse(res.json())).toMatchObject({ version: 3, seller: { id: otherSeller } });
    }
    expect(
      (
        await t.app.db
          .select()
          .from(leadEvents)
          .where(and(eq(leadEvents.leadId, lead.id), eq(leadEvents.type, 'assignment')))
      ).length,
    ).toBe(1);
  });

  it('refuses a stale version with 409 and writes nothing', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const lead = arg[6];
    const first = await admin.patch(`/api/arg/leads/${lead.id}/management-status`, { management_status: 'No responde', version: 1 });
    expect(first.statusCode).toBe(200);
    const before = await leadRow(lead.id);
    const countsBefore = await tableCounts();

    // Someone else saved first: this client still holds version 1.
    const stale = await admin.patch(`/api/arg/leads/${lead.id}/management-status`, { management_status: 'Atiende tercero', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      statusCode: 409,
      message: 'El lead fue modificado por otro usuario: revisá sus cambios y volvé a intentarlo.',
    });
    const seller = (await userIds(t.app, 'arg', ['2'])).find((id) => id !== before.sellerId)!;
    const staleSeller = await admin.patch(`/api/arg/leads/${lead.id}/seller`, { seller_id: seller, version: 1 });
    expect(staleSeller.statusCode).toBe(409);

    expect(await leadRow(lead.id)).toEqual(before);
    expect(await tableCounts()).toEqual(countsBefore);
  });

  it('takes no management status nor another seller on a closed application (409, nothing written); notes still go', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const lead = arg[5];
    // Ended in the workflow (CANCELLED), or a loan's life after it, which the workflow never leaves (CLOSED).
    for (const status of [ARG_STATUS_IDS.CANCELLED, ARG_STATUS_IDS.CLOSED]) {
      await t.app.db.update(leads).set({ statusId: status }).where(eq(leads.id, lead.id));
      const before = await leadRow(lead.id);
      const countsBefore = await tableCounts();
      const seller = (await userIds(t.app, 'arg', ['2'])).find((id) => id !== before.sellerId)!;
      for (const [path, body] of [
        ['management-status', { management_status: 'No responde', version: before.version }],
        ['seller', { seller_id: seller, version: before.version }],
      ] as const) {
        const res = await admin.patch(`/api/arg/leads/${lead.id}/${path}`, body);
        expect(res.statusCode, `${status} ${path}`).toBe(409);
        expect(res.json().message).toBe('La solicitud está cerrada: su estado de gestión y su vendedor ya no cambian.');
      }
      expect(await leadRow(lead.id)).toEqual(before);
      expect(await tableCounts()).toEqual(countsBefore);
    }
    expect((await admin.post(`/api/arg/leads/${lead.id}/notes`, { body: 'Cliente avisado del cierre' })).statusCode).toBe(200);
  });

  it('lets admin, supervisor and ATC correct the customer from the lead (the sale edit’s rules); nobody else', async () => {
    const lead = arg[9];
    const url = `/api/arg/leads/${lead.id}/customer`;
    const read = async (client: TestClient) => leadDetailSchema.parse((await client.get(`/api/arg/leads/${lead.id}`)).json()).customer;
    const atc = await as('arg', 'atc@arg.example');
    const before = await read(atc);
    const body = {
      first_name: before.first_name,
      last_name: before.last_name,
      cellphone: before.cellphone,
      email: 'corregido@example.com',
      version: before.version,
    };
    for (const email of ['operator@arg.example', 'seller@arg.example']) {
      const refused = await (await as('arg', email)).patch(url, body);
      expect(refused.statusCode, email).toBe(403);
    }
    expect((await read(atc)).email).toBe(before.email);

    const saved = await atc.patch(url, body);
    expect(saved.statusCode, saved.body).toBe(200);
    const detail = leadDetailSchema.parse(saved.json());
    expect(detail.customer).toMatchObject({ email: 'corregido@example.com', version: before.version + 1 });
    expect(detail.timeline[0]).toMatchObject({ type: 'customer', text: 'Email: corregido@example.com' });
    // On the version read: someone saved first.
    const stale = await (await as('arg', 'supervisor@arg.example')).patch(url, { ...body, email: 'otro@example.com' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('El cliente fue modificado por otro usuario: revisá sus cambios y volvé a intentarlo.');
    // What the audit checked stays while an application of the customer is in audit, for the back office too.
    await t.app.db.update(leads).set({ statusId: ARG_STATUS_IDS.AUDIT_PENDING }).where(eq(leads.id, lead.id));
    const admin = await as('arg', 'admin@arg.example');
    const locked = await admin.patch(url, { ...body, last_name: 'Otro Apellido', version: before.version + 1 });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().fields).toEqual([{ field: 'last_name', message: expect.stringContaining('auditoría o transferencia') }]);
    // The body is the sale edit's: each wrong field named, nothing written.
    const invalid = await admin.patch(url, { ...body, email: 'no-es-email', version: before.version + 1 });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields.map((f: { field: string }) => f.field)).toEqual(['email']);
    expect((await read(admin)).email).toBe('corregido@example.com');
  });

  it('lets the seller renovator correct the customer from the lead, held as a seller: not the names or account another seller’s application uses', async () => {
    const renovator = await as('arg', 'seller_renovator@arg.example');
    const renovatorId = await userIdByEmail(t.app, 'arg', 'seller_renovator@arg.example');
    const otherSeller = await userIdByEmail(t.app, 'arg', 'seller@arg.example');
    const doc = '30777111';
    const lead = (
      await (
        await as('arg', 'admin@arg.example')
      ).post('/api/arg/leads', { ...validArg(), doc_number: doc, cuil: buildCuil(doc, 'female') })
    ).json() as { id: number };
    const url = `/api/arg/leads/${lead.id}/customer`;
    const read = async () => leadDetailSchema.parse((await renovator.get(`/api/arg/leads/${lead.id}`)).json()).customer;
    const cbu = buildCbu('2850590', '0940090418135');
    // Another seller's open application: contact data saves, the account does not (409 naming it).
    await t.app.db.update(leads).set({ statusId: ARG_STATUS_IDS.REQUEST_INFORMATION, sellerId: otherSeller }).where(eq(leads.id, lead.id));
    let before = await read();
    const body = {
      first_name: before.first_name,
      last_name: before.last_name,
      cellphone: before.cellphone,
      email: before.email,
      version: before.version,
    };
    const held = await renovator.patch(url, { ...body, bank_account: cbu });
    expect(held.statusCode, held.body).toBe(409);
    expect(held.json().fields).toEqual([
      { field: 'bank_account', message: expect.stringContaining(`Otro vendedor gestiona la solicitud #${lead.id}`) },
    ]);
    const contact = await renovator.patch(url, { ...body, email: 'renovado@example.com' });
    expect(contact.statusCode, contact.body).toBe(200);
    // Their own application (DEVUELTO, back from audit for the account): the account too.
    await t.app.db.update(leads).set({ sellerId: renovatorId }).where(eq(leads.id, lead.id));
    before = await read();
    const saved = await renovator.patch(url, { ...body, email: 'renovado@example.com', bank_account: cbu, version: before.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(leadDetailSchema.parse(saved.json()).customer).toMatchObject({ bank_account: cbu, version: before.version + 1 });
  });

  it('writes a note once per Idempotency-Key: a lost answer sent again, or the same send twice at once, is one note', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const lead = arg[10];
    const url = `/api/arg/leads/${lead.id}/notes`;
    const notes = async () =>
      (
        await t.app.db
          .select({ n: count() })
          .from(leadEvents)
          .where(and(eq(leadEvents.leadId, lead.id), eq(leadEvents.type, 'note')))
      )[0].n;
    const before = await notes();
    const headers = { 'idempotency-key': 'nota-1' };
    const first = await admin.post(url, { body: 'Pidió que lo llamen el viernes' }, { headers });
    expect(first.statusCode, first.body).toBe(200);
    const again = await admin.post(url, { body: 'Pidió que lo llamen el viernes' }, { headers });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(
      leadDetailSchema
        .parse(again.json())
        .timeline.filter((entry) => entry.type === 'note' && entry.text === 'Pidió que lo llamen el viernes'),
    ).toHaveLength(1);
    expect(await notes()).toBe(before + 1);
    // The key with another note: refused, nothing written.
    const other = await admin.post(url, { body: 'Otra nota' }, { headers });
    expect(other.statusCode).toBe(422);
    expect(other.json().fields).toEqual([
      {
        field: 'idempotency-key',
        message: 'Esta clave de idempotencia ya se usó con otros datos: usa una clave nueva para otra solicitud.',
      },
    ]);
    // Two sends of one key at once: one note.
    const both = await Promise.all([0, 1].map(() => admin.post(url, { body: 'Doble clic' }, { headers: { 'idempotency-key': 'nota-2' } })));
    expect(both.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(await notes()).toBe(before + 2);
    // Without a key, the same text twice is two notes (written on purpose).
    await admin.post(url, { body: 'Sin respuesta' });
    await admin.post(url, { body: 'Sin respuesta' });
    expect(await notes()).toBe(before + 4);
  });

  it('lets only one of two concurrent edits of the same version through', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const supervisor = await as('arg', 'supervisor@arg.example');
    const lead = arg[7];
    const results = await Promise.all([
      admin.patch(`/api/arg/leads/${lead.id}/management-status`, { management_status: 'Contestador', version: 1 }),
      supervisor.patch(`/api/arg/leads/${lead.id}/management-status`, { management_status: 'No responde', version: 1 }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const row = await leadRow(lead.id);
    expect(row.version).toBe(2);
    const events = await t.app.db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id));
    expect(events).toHaveLength(1);
    expect(events[0].toValue).toBe(row.managementStatus);
    // The management itself: recorded once, by the edit that went through.
    const recorded = await t.app.db.select().from(managements).where(eq(managements.leadId, lead.id));
    expect(recorded.map((m) => m.result)).toEqual([row.managementStatus]);
  });

  it('validates the action bodies (400 naming the field)', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const lead = arg[8];
    const cases: [string, 'post' | 'patch', unknown, string][] = [
      [`/api/arg/leads/${lead.id}/notes`, 'post', { body: '   ' }, 'body'],
      [`/api/arg/leads/${lead.id}/notes`, 'post', { body: 'x'.repeat(2001) }, 'body'],
      [`/api/arg/leads/${lead.id}/management-status`, 'patch', { management_status: 'Otro', version: 1 }, 'management_status'],
      [`/api/arg/leads/${lead.id}/management-status`, 'patch', { management_status: 'Contestador' }, 'version'],
      [`/api/arg/leads/${lead.id}/seller`, 'patch', { seller_id: 'x', version: 1 }, 'seller_id'],
    ];
    for (const [url, method, payload, field] of cases) {
      const res = await admin[method](url, payload);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    // Reassigning to someone who is not an active seller of the country.
    const collector = (await userIds(t.app, 'arg', ['10']))[0];
    const colSeller = (await userIds(t.app, 'col', ['seller']))[0];
    const inactive = await userIdByEmail(t.app, 'arg', 'ex.vendedor@arg.example');
    for (const sellerIdToTry of [collector, colSeller, inactive, 999_999]) {
      const res = await admin.patch(`/api/arg/leads/${lead.id}/seller`, { seller_id: sellerIdToTry, version: 1 });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ field: 'seller_id', message: 'El vendedor no existe, no está activo o no es de este país' }]);
    }
    expect((await leadRow(lead.id)).version).toBe(1);
  });

  it("refuses a NUL character or an integer beyond PostgreSQL's anywhere in a request: 400 naming the field, nothing written", async () => {
    const admin = await as('arg', 'admin@arg.example');
    const lead = arg[0];
    const before = await tableCounts();
    const refused = async (
      res: { statusCode: number; json: () => { fields?: { field: string; message: string }[] } },
      field: string,
      message?: string,
    ) => {
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ field, message: message ?? expect.any(String) }]);
    };
    // PostgreSQL text cannot hold NUL: the query would fail (500) whatever the route.
    await refused(await admin.get('/api/arg/leads?q=%00abc'), 'q', NUL_MESSAGE);
    await refused(await admin.get('/api/arg/searcher?q=ab%00cd'), 'q', NUL_MESSAGE);
    await refused(await admin.post('/api/arg/leads', { ...validArg(), first_name: 'Jo\u0000sé' }), 'first_name', NUL_MESSAGE);
    await refused(await admin.post(`/api/arg/leads/${lead.id}/notes`, { body: 'nota\u0000' }), 'body', NUL_MESSAGE);
    // Other control characters (an escape sequence) and half a UTF-16 pair would be stored: refused too.
    await refused(await admin.post('/api/arg/leads', { ...validArg(), address: 'Calle 1 \u001b[31m' }), 'address', NUL_MESSAGE);
    await refused(await admin.post(`/api/arg/leads/${lead.id}/notes`, { body: 'nota \ud800' }), 'body', NUL_MESSAGE);
    // A body in Latin-1, not UTF-8: its 'ñ' decodes to U+FFFD, which would be stored instead of the letter.
    const latin1 = Buffer.from(JSON.stringify({ body: 'Nota de Nuñez' }), 'latin1');
    await refused(
      await admin.post(`/api/arg/leads/${lead.id}/notes`, latin1, { headers: { 'content-type': 'application/json' } }),
      'body',
      NUL_MESSAGE,
    );
    // A phone with letters or other digits is refused rather than cut to another number.
    for (const cellphone of ['11 5555-4444 ext', '115555444\uff14']) {
      await refused(
        await admin.post('/api/arg/leads', { ...validArg(), cellphone }),
        'cellphone',
        'Celular inválido: solo números, espacios, +, guiones o paréntesis',
      );
    }
    // Ids, statuses and versions are PostgreSQL integers: a larger one names no row (and would fail the query).
    await refused(await admin.get('/api/arg/leads/2147483648'), 'id');
    await refused(await admin.get('/api/arg/audits/99999999999'), 'leadId');
    await refused(await admin.get('/api/arg/leads?seller=99999999999'), 'seller.0');
    await refused(await admin.get('/api/arg/leads?status=2147483648'), 'status.0');
    await refused(
      await admin.patch(`/api/arg/leads/${lead.id}/management-status`, { management_status: 'No responde', version: 2 ** 31 }),
      'version',
    );
    // An id is written in digits: read as JavaScript reads numbers, these named another lead (100, 16, 12, 5).
    for (const written of ['1e2', '0x10', '%2012', '+5', '5.']) {
      await refused(await admin.post(`/api/arg/leads/${written}/notes`, { body: 'nota' }), 'id');
    }
    await refused(await admin.get('/api/arg/leads/export?ids=1e2'), 'ids.0');
    // The largest integer is a valid id: not found, not an error.
    expect((await admin.get('/api/arg/leads/2147483647')).statusCode).toBe(404);
    expect(await tableCounts()).toEqual(before);
  });

  it('checks roles on every leads route', async () => {
    const lead = arg[9];
    const collector = await as('arg', 'collector@arg.example');
    const auditor = await as('arg', 'auditor@arg.example');
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/arg/leads'],
      ['GET', '/api/arg/leads/export?format=csv'],
      ['GET', `/api/arg/leads/${lead.id}`],
      ['POST', `/api/arg/leads/${lead.id}/notes`, { body: 'hola' }],
      ['PATCH', `/api/arg/leads/${lead.id}/management-status`, { management_status: 'Contestador', version: 1 }],
      ['PATCH', `/api/arg/leads/${lead.id}/seller`, { seller_id: sellerId, version: 1 }],
      [
        'PATCH',
        `/api/arg/leads/${lead.id}/customer`,
        { first_name: 'Ana', last_name: 'Paz', cellphone: '1155554444', email: 'a@b.co', version: 1 },
      ],
      ['POST', '/api/arg/leads', validArg()],
    ];
    for (const client of [collector, auditor]) {
      for (const [method, url, payload] of routes) {
        const res = await client.request(method as 'GET', url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    const anonymous = await new TestClient(t.app).init();
    for (const [method, url, payload] of routes) {
      expect((await anonymous.request(method as 'GET', url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    // Reassignment is for supervisors and admins only.
    for (const email of ['operator@arg.example', 'atc@arg.example', 'seller_renovator@arg.example']) {
      const client = await as('arg', email);
      const res = await client.patch(`/api/arg/leads/${lead.id}/seller`, { seller_id: sellerId, version: 1 });
      expect(res.statusCode, email).toBe(403);
    }
    // An operator reads and works leads otherwise.
    const operator = await as('arg', 'operator@arg.example');
    expect((await operator.get(`/api/arg/leads/${lead.id}`)).statusCode).toBe(200);
    expect((await operator.post(`/api/arg/leads/${lead.id}/notes`, { body: 'Nota del operador' })).statusCode).toBe(200);
    expect((await leadRow(lead.id)).version).toBe(1);
  });

  it('keeps sellers to their own leads for the detail and every action', async () => {
    const seller = await as('arg', 'seller@arg.example');
    const own = arg.find(
      (l) => l.sellerId === sellerId && l.version === 1 && ![arg[3].id, arg[4].id, arg[5].id, arg[6].id, arg[7].id].includes(l.id),
    )!;
    // As stored now (earlier tests reassign some of the fixture's leads).
    const [others] = await t.app.db
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.country, 'arg'), ne(leads.sellerId, sellerId)))
      .limit(1);
    expect((await seller.get(`/api/arg/leads/${others.id}`)).json()).toMatchObject({
      statusCode: 403,
      message: 'Este lead está asignado a otro vendedor',
    });
    // No one's yet: not "another seller's".
    const [unassigned] = await t.app.db
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.country, 'arg'), isNull(leads.sellerId)))
      .limit(1);
    expect((await seller.get(`/api/arg/leads/${unassigned.id}`)).json()).toMatchObject({
      statusCode: 403,
      message: 'Este lead no está asignado a vos',
    });
    expect((await seller.post(`/api/arg/leads/${others.id}/notes`, { body: 'x' })).statusCode).toBe(403);
    expect(
      (await seller.patch(`/api/arg/leads/${others.id}/management-status`, { management_status: 'Contestador', version: 1 })).statusCode,
    ).toBe(403);
    expect((await seller.patch(`/api/arg/leads/${own.id}/seller`, { seller_id: sellerId, version: 1 })).statusCode).toBe(403);
    expect((await seller.post(`/api/arg/leads/${own.id}/notes`, { body: 'Mi nota' })).statusCode).toBe(200);
    const res = await seller.patch(`/api/arg/leads/${own.id}/management-status`, {
      management_status: 'Contestador',
      version: (await leadRow(own.id)).version,
    });
    expect(res.statusCode).toBe(200);
  });

  it('checks the country on every leads route: 403 on the other country’s path, 404 for its ids', async () => {
    const colAdmin = await as('col', 'admin@col.example');
    const argLead = arg[10];
    const argRoutes: [string, string, unknown?][] = [
      ['GET', '/api/arg/leads'],
      ['GET', '/api/arg/leads/export?format=csv'],
      ['GET', `/api/arg/leads/${argLead.id}`],
      ['POST', `/api/arg/leads/${argLead.id}/notes`, { body: 'hola' }],
      ['PATCH', `/api/arg/leads/${argLead.id}/management-status`, { management_status: 'Contestador', version: 1 }],
      ['PATCH', `/api/arg/leads/${argLead.id}/seller`, { seller_id: sellerId, version: 1 }],
      [
        'PATCH',
        `/api/arg/leads/${argLead.id}/customer`,
        { first_name: 'Ana', last_name: 'Paz', cellphone: '1155554444', email: 'a@b.co', version: 1 },
      ],
      ['POST', '/api/arg/leads', validArg()],
    ];
    for (const [method, url, payload] of argRoutes) {
      const res = await colAdmin.request(method as 'GET', url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('Tu usuario no pertenece a este país');
    }
    const colSeller = (await userIds(t.app, 'col', ['seller']))[0];
    const colRoutes: [string, string, unknown?][] = [
      ['GET', `/api/col/leads/${argLead.id}`],
      ['POST', `/api/col/leads/${argLead.id}/notes`, { body: 'hola' }],
      ['PATCH', `/api/col/leads/${argLead.id}/management-status`, { management_status: 'Contestador', version: 1 }],
      ['PATCH', `/api/col/leads/${argLead.id}/seller`, { seller_id: colSeller, version: 1 }],
      [
        'PATCH',
        `/api/col/leads/${argLead.id}/customer`,
        { first_name: 'Ana', last_name: 'Paz', cellphone: '3101234567', email: 'a@b.co', version: 1 },
      ],
    ];
    for (const [method, url, payload] of colRoutes) {
      expect((await colAdmin.request(method as 'GET', url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    // The col list never shows arg leads.
    const colList = await colAdmin.get('/api/col/leads?pageSize=100');
    expect(
      colList
        .json()
        .rows.map((r: { id: number }) => r.id)
        .sort(),
    ).toEqual(col.map((l) => l.id).sort());
    expect((await leadRow(argLead.id)).version).toBe(1);
  });

  it('requires the XSRF header on the mutations of a browser session', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const lead = arg[11];
    const before = await tableCounts();
    const requests = [
      admin.post(`/api/arg/leads/${lead.id}/notes`, { body: 'x' }, { xsrf: false }),
      admin.patch(`/api/arg/leads/${lead.id}/management-status`, { management_status: 'Contestador', version: 1 }, { xsrf: false }),
      admin.patch(`/api/arg/leads/${lead.id}/seller`, { seller_id: sellerId, version: 1 }, { xsrf: false }),
      admin.post('/api/arg/leads', validArg(), { xsrf: false }),
    ];
    for (const res of await Promise.all(requests)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Token XSRF ausente o inválido');
    }
    expect(await tableCounts()).toEqual(before);
  });

  describe('creation', () => {
    it('creates a lead in CREATED with its customer and first status history row', async () => {
      const operator = await as('arg', 'operator@arg.example');
      const before = await tableCounts();
      const res = await operator.post('/api/arg/leads', validArg());
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json();
      expect(created).toEqual({ id: expect.any(Number), customer_id: expect.any(Number), customer_reused: false, customer_kept: [] });
      const row = await leadRow(created.id);
      expect(row).toMatchObject({
        country: 'arg',
        statusId: 1,
        requestedAmount: 2_500_000,
        term: 12,
        source: 'backoffice',
        sellerId: null,
        version: 1,
      });
      const [customer] = await t.app.db.select().from(customers).where(eq(customers.id, created.customer_id));
      expect(customer).toMatchObject({
        docType: 'DNI',
        docNumber: '30111222',
        cuil: validArg().cuil,
        firstName: 'José',
        lastName: 'Núñez',
        cellphone: '1155554444',
        email: 'jose.nunez@example.com',
        birthDate: '1990-04-15',
      });
      const history = await t.app.db.select().from(leadStatusHistory).where(eq(leadStatusHistory.leadId, created.id));
      expect(history).toEqual([
        expect.objectContaining({ fromStatus: null, toStatus: 1, userId: await userIdByEmail(t.app, 'arg', 'operator@arg.example') }),
      ]);
      expect(await tableCounts()).toEqual({
        ...before,
        customers: before.customers + 1,
        leads: before.leads + 1,
        history: before.history + 1,
      });
      // It is in the list and searchable at once.
      const list = await operator.get('/api/arg/leads?q=30111222');
      expect(list.json().rows.map((r: { id: number }) => r.id)).toEqual([created.id]);
    });

    it('reuses an existing customer (same document): contact data updated, identity kept, not duplicated', async () => {
      const admin = await as('arg', 'admin@arg.example');
      const existing = arg[2];
      const before = await tableCounts();
      const res = await admin.post('/api/arg/leads', {
        ...validArg(),
        doc_number: existing.docNumber,
        cuil: existing.cuil,
        first_name: 'Otro',
        last_name: 'Nombre',
        cellphone: '3515550000',
        email: 'nuevo@example.com',
      });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json();
      expect(created.customer_reused).toBe(true);
      // The names and birth date typed are not the customer's: the answer says they were not applied.
      expect(created.customer_kept).toEqual(['first_name', 'last_name', 'birth_date']);
      const [customer] = await t.app.db.select().from(customers).where(eq(customers.id, created.customer_id));
      expect(customer).toMatchObject({
        docNumber: existing.docNumber,
        firstName: existing.firstName,
        lastName: existing.lastName,
        cellphone: '3515550000',
        email: 'nuevo@example.com',
      });
      const after = await tableCounts();
      expect(after.customers).toBe(before.customers);
      expect(after.leads).toBe(before.leads + 1);
    });

    it('gives a reused customer a new version, and its applications a timeline event, only when its data changes', async () => {
      const admin = await as('arg', 'admin@arg.example');
      const doc = '34555888';
      const body = { ...validArg(), doc_number: doc, cuil: buildCuil(doc, 'male'), cellphone: '3515551111', email: 'same@example.com' };
      const first = await admin.post('/api/arg/leads', body);
      expect(first.statusCode, first.body).toBe(201);
      const customerId = first.json().customer_id as number;
      const stateOf = async () => {
        const [row] = await t.app.db.select().from(customers).where(eq(customers.id, customerId));
        return { version: row.version, updatedAt: row.updatedAt };
      };
      const created = await stateOf();
      // The same data again (a blank address is "not given"): same version, so an edit based on it still saves.
      const repeated = await admin.post('/api/arg/leads', { ...body, address: '' });
      expect(repeated.json()).toMatchObject({ customer_id: customerId, customer_reused: true });
      expect(await stateOf()).toEqual(created);
      const customerEvents = async (leadId: number) =>
        (await admin.get(`/api/arg/leads/${leadId}`)).json().timeline.filter((entry: { type: string }) => entry.type === 'customer');
      expect(await customerEvents(first.json().id)).toEqual([]);
      expect(await customerEvents(repeated.json().id)).toEqual([]);
      // A new email is a change: a new version, and each application of the customer says who changed what.
      const third = await admin.post('/api/arg/leads', { ...body, email: 'other@example.com' });
      const changed = await stateOf();
      expect(changed.version).toBe(created.version + 1);
      expect(changed.updatedAt.getTime()).toBeGreaterThan(created.updatedAt.getTime());
      const who = { id: await userIdByEmail(t.app, 'arg', 'admin@arg.example'), name: expect.any(String) };
      expect(await customerEvents(third.json().id)).toEqual([expect.objectContaining({ text: 'Email: other@example.com', user: who })]);
      for (const earlier of [first, repeated]) {
        expect(await customerEvents(earlier.json().id)).toEqual([
          expect.objectContaining({ text: `Por la solicitud #${third.json().id}\nEmail: other@example.com`, user: who }),
        ]);
      }
      const [raw] = await t.app.db.select().from(leadEvents).where(eq(leadEvents.leadId, first.json().id));
      expect(raw).toMatchObject({ type: 'customer', fromValue: '{"email":"same@example.com"}', toValue: '{"email":"other@example.com"}' });
    });

    it('keeps the bank account given at creation; a reused customer keeps a stored one, and gets one only when it has none', async () => {
      const operator = await as('arg', 'operator@arg.example');
      const doc = '34555666';
      const cbu = buildCbu('2850590', '4009041813520');
      const customerOf = async (id: number) => (await t.app.db.select().from(customers).where(eq(customers.id, id)))[0];
      const first = await operator.post('/api/arg/leads', {
        ...validArg(),
        doc_number: doc,
        cuil: buildCuil(doc, 'female'),
        bank_account: `${cbu.slice(0, 8)}-${cbu.slice(8)}`,
      });
      expect(first.statusCode, first.body).toBe(201);
      expect(await customerOf(first.json().customer_id)).toMatchObject({ bank: null, bankAccount: cbu });
      expect((await operator.get(`/api/arg/leads/${first.json().id}`)).json().customer).toMatchObject({ bank: null, bank_account: cbu });
      // Another application of the same customer without an account: the stored one stays.
      const again = await operator.post('/api/arg/leads', {
        ...validArg(),
        doc_number: doc,
        cuil: buildCuil(doc, 'female'),
        bank_account: '',
      });
      expect(again.json()).toMatchObject({ customer_id: first.json().customer_id, customer_reused: true, customer_kept: [] });
      expect((await customerOf(first.json().customer_id)).bankAccount).toBe(cbu);
      // With another account: the stored one still stays (changing where money goes is the sale detail's
      // versioned customer edit, never a side effect of a new application).
      const other = buildCbu('0070999', '0000000012345');
      const moved = await operator.post('/api/arg/leads', {
        ...validArg(),
        doc_number: doc,
        cuil: buildCuil(doc, 'female'),
        bank_account: other,
      });
      expect(moved.statusCode, moved.body).toBe(201);
      expect(moved.json()).toMatchObject({ customer_id: first.json().customer_id, customer_reused: true, customer_kept: ['bank_account'] });
      expect(await customerOf(first.json().customer_id)).toMatchObject({ bank: null, bankAccount: cbu });
      // A customer without one gets the account of its next application.
      const bare = '34555777';
      const withoutAccount = await operator.post('/api/arg/leads', { ...validArg(), doc_number: bare, cuil: buildCuil(bare, 'male') });
      expect(await customerOf(withoutAccount.json().customer_id)).toMatchObject({ bank: null, bankAccount: null });
      const filled = await operator.post('/api/arg/leads', {
        ...validArg(),
        doc_number: bare,
        cuil: buildCuil(bare, 'male'),
        bank_account: other,
      });
      expect(filled.json()).toMatchObject({ customer_reused: true, customer_kept: [] });
      expect(await customerOf(withoutAccount.json().customer_id)).toMatchObject({ bank: null, bankAccount: other });
      // Not while an application of the customer is in audit or transfer (data from before the rules, an
      // account cleared by hand): what the audit saw, no account, stays until the seller corrects it.
      const audited = '34555888';
      const inAudit = await operator.post('/api/arg/leads', { ...validArg(), doc_number: audited, cuil: buildCuil(audited, 'male') });
      await t.app.db.update(leads).set({ statusId: ARG_STATUS_IDS.AUDIT_PENDING }).where(eq(leads.id, inAudit.json().id));
      const notFilled = await operator.post('/api/arg/leads', {
        ...validArg(),
        doc_number: audited,
        cuil: buildCuil(audited, 'male'),
        bank_account: other,
      });
      expect(notFilled.statusCode, notFilled.body).toBe(201);
      expect(notFilled.json()).toMatchObject({ customer_reused: true, customer_kept: ['bank_account'] });
      expect(await customerOf(inAudit.json().customer_id)).toMatchObject({ bank: null, bankAccount: null });

      const colOperator = await as('col', 'operator@col.example');
      const colDoc = '1076543210';
      const colFirst = await colOperator.post('/api/col/leads', {
        ...validCol(),
        doc_number: colDoc,
        bank: 'Davivienda',
        bank_account: '0550 1234 5678',
        bank_account_type: 'Ahorros',
      });
      expect(colFirst.statusCode, colFirst.body).toBe(201);
      expect(await customerOf(colFirst.json().customer_id)).toMatchObject({
        bank: 'Davivienda',
        bankAccount: '055012345678',
        bankAccountType: 'Ahorros',
      });
      await colOperator.post('/api/col/leads', { ...validCol(), doc_number: colDoc, bank: '', bank_account: ' ' });
      expect(await customerOf(colFirst.json().customer_id)).toMatchObject({
        bank: 'Davivienda',
        bankAccount: '055012345678',
        bankAccountType: 'Ahorros',
      });
      const colMoved = await colOperator.post('/api/col/leads', {
        ...validCol(),
        doc_number: colDoc,
        bank: 'Bancolombia',
        bank_account: '99887766',
        bank_account_type: 'Ahorros',
      });
      expect(colMoved.statusCode, colMoved.body).toBe(201);
      expect(colMoved.json().customer_kept).toEqual(['bank', 'bank_account']);
      expect(await customerOf(colFirst.json().customer_id)).toMatchObject({
        bank: 'Davivienda',
        bankAccount: '055012345678',
        bankAccountType: 'Ahorros',
      });
      const colBare = '1076543211';
      const colWithout = await colOperator.post('/api/col/leads', { ...validCol(), doc_number: colBare });
      await colOperator.post('/api/col/leads', {
        ...validCol(),
        doc_number: colBare,
        bank: 'Bancolombia',
        bank_account: '99887766',
        bank_account_type: 'Ahorros',
      });
      expect(await customerOf(colWithout.json().customer_id)).toMatchObject({
        bank: 'Bancolombia',
        bankAccount: '99887766',
        bankAccountType: 'Ahorros',
      });
    });

    it('takes a col account as a bank, its number and type, or a wallet and the holder’s cellphone; anything else writes nothing', async () => {
      const operator = await as('col', 'operator@col.example');
      const customerCount = async () => (await t.app.db.select({ n: count() }).from(customers))[0].n;
      const before = await customerCount();
      for (const [account, field] of [
        [{ bank: 'Davivienda', bank_account: '055012345678' }, 'bank_account_type'],
        [{ bank: 'Nequi', bank_account: '3101234567', bank_account_type: 'Ahorros' }, 'bank_account_type'],
        [{ bank: 'Daviplata', bank_account: '055012345678' }, 'bank_account'],
        [{ bank_account_type: 'Corriente' }, 'bank_account_type'],
      ] as const) {
        const res = await operator.post('/api/col/leads', { ...validCol(), doc_number: '1076543299', ...account });
        expect(res.statusCode, JSON.stringify(account)).toBe(400);
        expect(res.json().fields.map((f: { field: string }) => f.field)).toEqual([field]);
      }
      expect(await customerCount()).toBe(before);

      const wallet = await operator.post('/api/col/leads', {
        ...validCol(),
        doc_number: '1076543299',
        bank: 'Nequi',
        bank_account: '310 123 4567',
      });
      expect(wallet.statusCode, wallet.body).toBe(201);
      const detail = leadDetailSchema.parse((await operator.get(`/api/col/leads/${wallet.json().id}`)).json());
      expect(detail.customer).toMatchObject({ bank: 'Nequi', bank_account: '3101234567', bank_account_type: null });
      const bank = await operator.post('/api/col/leads', {
        ...validCol(),
        doc_number: '1076543298',
        bank: 'Banco W',
        bank_account: '123456789',
        bank_account_type: 'Corriente',
      });
      expect(leadDetailSchema.parse((await operator.get(`/api/col/leads/${bank.json().id}`)).json()).customer).toMatchObject({
        bank: 'Banco W',
        bank_account: '123456789',
        bank_account_type: 'Corriente',
      });
    });

    it('never erases stored data with a blank field, nor moves the payout account of a case in audit (the #799 report)', async () => {
      // A col customer whose application is in RE-AUDITORIA (AUDIT_RETRY), with address and bank account.
      const colAdmin = await as('col', 'admin@col.example');
      const doc = '84782047';
      const first = await colAdmin.post('/api/col/leads', {
        ...validCol(),
        doc_number: doc,
        address: 'Calle 45 # 12-30, Bogotá',
        bank: 'Davivienda',
        bank_account: '055012345678',
        bank_account_type: 'Ahorros',
      });
      expect(first.statusCode, first.body).toBe(201);
      const customerId = first.json().customer_id as number;
      await t.app.db.update(leads).set({ statusId: COL_STATUS_IDS.AUDIT_RETRY }).where(eq(leads.id, first.json().id));
      const customerOf = async () => (await t.app.db.select().from(customers).where(eq(customers.id, customerId)))[0];
      const stored = await customerOf();

      // What the form sends with "Domicilio" left empty (and what a client sending spaces means too).
      for (const blank of ['', '   ']) {
        const res = await colAdmin.post('/api/col/leads', {
          ...validCol(),
          doc_number: doc,
          first_name: 'Nombre',
          last_name: 'Tipeado',
          cellphone: '3209998877',
          email: 'Nuevo.Correo@Example.co',
          address: blank,
          bank: 'Bancolombia',
          bank_account: '99887766',
          bank_account_type: 'Corriente',
        });
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toMatchObject({
          customer_id: customerId,
          customer_reused: true,
          customer_kept: ['first_name', 'last_name', 'cellphone', 'bank', 'bank_account', 'bank_account_type'],
        });
        expect(await customerOf()).toMatchObject({
          // Identity stays, contact data given takes the new values, blank and the account keep what was stored;
          // so does the cellphone, which the audit checked ('Teléfono').
          firstName: stored.firstName,
          lastName: stored.lastName,
          birthDate: stored.birthDate,
          cellphone: stored.cellphone,
          email: 'nuevo.correo@example.co',
          address: 'Calle 45 # 12-30, Bogotá',
          bank: 'Davivienda',
          bankAccount: '055012345678',
          bankAccountType: 'Ahorros',
        });
      }
      // The case in audit reads the same account.
      const detail = (await colAdmin.get(`/api/col/leads/${first.json().id}`)).json();
      expect(detail.customer).toMatchObject({
        address: 'Calle 45 # 12-30, Bogotá',
        bank: 'Davivienda',
        bank_account: '055012345678',
        bank_account_type: 'Ahorros',
        email: 'nuevo.correo@example.co',
      });
      // The upsert itself reads a blank address as not given, whoever calls it (not only through the schema).
      await t.app.leadCreation.create({
        country: 'col',
        customer: {
          docType: 'CC',
          docNumber: doc,
          cuil: null,
          firstName: 'Otro',
          lastName: 'Cliente',
          birthDate: '1990-01-01',
          cellphone: '3209998877',
          email: 'nuevo.correo@example.co',
          address: '  ',
          bank: null,
          bankAccount: null,
          bankAccountType: null,
        },
        requestedAmount: 250_000_000,
        term: 12,
        statusId: 1,
        source: 'backoffice',
        sellerId: null,
        userId: await userIdByEmail(t.app, 'col', 'admin@col.example'),
        reason: 'Alta de lead',
      });
      expect(await customerOf()).toMatchObject({
        address: 'Calle 45 # 12-30, Bogotá',
        bank: 'Davivienda',
        bankAccount: '055012345678',
        bankAccountType: 'Ahorros',
      });
      // An address given is the customer's new one.
      await colAdmin.post('/api/col/leads', { ...validCol(), doc_number: doc, address: '  Carrera 7 # 70-10 ' });
      expect((await customerOf()).address).toBe('Carrera 7 # 70-10');
      // And a new customer with a blank address has none (not an empty text).
      const fresh = await colAdmin.post('/api/col/leads', { ...validCol(), doc_number: '84782048', address: ' ' });
      expect((await t.app.db.select().from(customers).where(eq(customers.id, fresh.json().customer_id)))[0].address).toBeNull();
    });

    /** col's demo seller and another col seller, and the 'Datos del cliente' events of an application, oldest first. */
    const colSellers = async () => {
      const mine = await userIdByEmail(t.app, 'col', 'seller@col.example');
      return { mine, other: (await userIds(t.app, 'col', ['seller'])).find((id) => id !== mine)! };
    };
    const customerEvents = async (leadId: number) =>
      t.app.db
        .select({ body: leadEvents.body, fromValue: leadEvents.fromValue, toValue: leadEvents.toValue, userId: leadEvents.userId })
        .from(leadEvents)
        .where(and(eq(leadEvents.leadId, leadId), eq(leadEvents.type, 'customer')))
        .orderBy(leadEvents.id);

    it('keeps the cellphone the audit checked when the seller creates another application for the customer (the AUDIT_RETRY report)', async () => {
      const { mine } = await colSellers();
      const admin = await as('col', 'admin@col.example');
      const seller = await as('col', 'seller@col.example');
      const doc = '84782050';
      const audited = (
        await admin.post('/api/col/leads', {
          ...validCol(),
          doc_number: doc,
          bank: 'Davivienda',
          bank_account: '055012345678',
          bank_account_type: 'Ahorros',
        })
      ).json();
      await t.app.db.update(leads).set({ statusId: COL_STATUS_IDS.AUDIT_RETRY, sellerId: mine }).where(eq(leads.id, audited.id));
      const customerOf = async () => (await t.app.db.select().from(customers).where(eq(customers.id, audited.customer_id)))[0];

      // A new application with another cellphone and email: the email changes, the cellphone the auditor
      // checked ('Teléfono') stays, and the answer says so.
      const res = await seller.post('/api/col/leads', {
        ...validCol(),
        doc_number: doc,
        cellphone: '320 777 6655',
        email: 'otro.correo@example.co',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ customer_id: audited.customer_id, customer_reused: true, customer_kept: ['cellphone'] });
      expect(await customerOf()).toMatchObject({
        cellphone: validCol().cellphone,
        email: 'otro.correo@example.co',
        bankAccount: '055012345678',
      });
      expect(await customerEvents(audited.id)).toEqual([
        expect.objectContaining({ body: `Por la solicitud #${res.json().id}\nEmail: otro.correo@example.co` }),
      ]);
      // While the money is being paid too.
      await t.app.db.update(leads).set({ statusId: COL_STATUS_IDS.TRANSFER_IN_PROGRESS }).where(eq(leads.id, audited.id));
      const inTransfer = await seller.post('/api/col/leads', {
        ...validCol(),
        doc_number: doc,
        cellphone: '3207776655',
        email: 'otro.correo@example.co',
      });
      expect(inTransfer.json().customer_kept).toEqual(['cellphone']);
      expect((await customerOf()).cellphone).toBe(validCol().cellphone);
      // Sent back to the seller ('Pedir información'), nothing is in audit: the new cellphone applies.
      await t.app.db.update(leads).set({ statusId: COL_STATUS_IDS.REQUEST_INFORMATION }).where(eq(leads.id, audited.id));
      const corrected = await seller.post('/api/col/leads', {
        ...validCol(),
        doc_number: doc,
        cellphone: '3207776655',
        email: 'otro.correo@example.co',
      });
      expect(corrected.json().customer_kept).toEqual([]);
      expect((await customerOf()).cellphone).toBe('3207776655');
    });

    it('refuses a seller a new application for a customer another seller works (409 naming doc_number, nothing written); the back office’s fills in the account', async () => {
      const { other } = await colSellers();
      const admin = await as('col', 'admin@col.example');
      const seller = await as('col', 'seller@col.example');
      const doc = '84782060';
      const theirs = (await admin.post('/api/col/leads', { ...validCol(), doc_number: doc })).json();
      await t.app.db.update(leads).set({ statusId: COL_STATUS_IDS.PENDING_OFFER, sellerId: other }).where(eq(leads.id, theirs.id));
      const customerOf = async () => (await t.app.db.select().from(customers).where(eq(customers.id, theirs.customer_id)))[0];
      const leadCount = async () => (await t.app.db.select({ n: count() }).from(leads))[0].n;

      const account = { bank: 'Bancolombia', bank_account: '99999999', bank_account_type: 'Ahorros' };
      const before = { customer: await customerOf(), leads: await leadCount() };
      // With new contact data too: none of it may reach the customer the other seller calls.
      const refused = await seller.post('/api/col/leads', {
        ...validCol(),
        doc_number: doc,
        cellphone: '3207776655',
        email: 'otro@example.co',
        ...account,
      });
      expect(refused.statusCode, refused.body).toBe(409);
      const message = `Otro vendedor gestiona la solicitud #${theirs.id} de este cliente: no puede crearle otra. Pida a un supervisor que se la reasigne.`;
      expect(refused.json()).toMatchObject({ message, fields: [{ field: 'doc_number', message }] });
      expect({ customer: await customerOf(), leads: await leadCount() }).toEqual(before);
      // The lookup says so before the form is sent; the back office's lookup does not.
      const lookup = async (client: TestClient) => (await client.get(`/api/col/customers/lookup?doc_number=${doc}`)).json().customer;
      expect(await lookup(seller)).toMatchObject({ other_seller_application: theirs.id, bank_account_fillable: false });
      expect(await lookup(admin)).toMatchObject({ other_seller_application: null, bank_account_fillable: true });
      // Once that application is closed, the customer is anyone's to work again.
      await t.app.db.update(leads).set({ statusId: COL_STATUS_IDS.DESIST }).where(eq(leads.id, theirs.id));
      expect((await seller.post('/api/col/leads', { ...validCol(), doc_number: doc })).statusCode).toBe(201);
      await t.app.db.update(leads).set({ statusId: COL_STATUS_IDS.PENDING_OFFER }).where(eq(leads.id, theirs.id));

      // The back office's application fills the account in, on every application's timeline.
      const operator = await (
        await as('col', 'operator@col.example')
      ).post('/api/col/leads', { ...validCol(), doc_number: doc, ...account });
      expect(operator.json()).toMatchObject({ customer_reused: true, customer_kept: [] });
      expect(await customerOf()).toMatchObject({ bank: 'Bancolombia', bankAccount: '99999999', bankAccountType: 'Ahorros' });
      expect(await customerEvents(theirs.id)).toEqual([
        expect.objectContaining({
          body: `Por la solicitud #${operator.json().id}\nBanco: Bancolombia\nCuenta bancaria: 99999999\nTipo de cuenta: Ahorros`,
        }),
      ]);
    });

    // Only PostgreSQL runs requests side by side (PGlite has one connection, one statement at a time).
    if (driver === 'postgres') {
      it('waits for a creation of the same new document still under way: a body without the customer’s data then reuses it', async () => {
        const operator = await as('col', 'operator@col.example');
        const doc = '84791234';
        const { first_name: _f, last_name: _l, birth_date: _b, cellphone: _c, email: _e, ...applicationOnly } = validCol();
        let settled = false;
        let pending: Promise<Awaited<ReturnType<TestClient['post']>>> | undefined;
        // Another creation of the document, as the route runs it: its turn taken, the customer written, not committed yet.
        const customerId = await t.app.db.transaction(async (tx) => {
          await tx.execute(newDocumentTurn('col', 'CC', doc));
          const [customer] = await tx
            .insert(customers)
            .values({
              country: 'col',
              docType: 'CC',
              docNumber: doc,
              firstName: 'Rosa',
              lastName: 'Vera',
              birthDate: '1990-01-01',
              cellphone: '3101112233',
              email: 'rosa@example.co',
            })
            .returning({ id: customers.id });
          // The form's second application, sent once the lookup saw that customer.
          pending = operator.post('/api/col/leads', { ...applicationOnly, doc_number: doc });
          void pending.then(() => {
            settled = true;
          });
          await new Promise((resolve) => setTimeout(resolve, 300));
          expect(settled, 'waits for the creation under way').toBe(false);
          return customer.id;
        });
        const res = await pending!;
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toMatchObject({ customer_id: customerId, customer_reused: true });
      });

      it('takes concurrent creations for one new document one after another: one creates the customer, the others reuse it, each change on the timeline', async () => {
        const operator = await as('col', 'operator@col.example');
        const operatorId = await userIdByEmail(t.app, 'col', 'operator@col.example');
        for (let round = 0; round < 6; round++) {
          const doc = String(84_790_000 + round);
          const bodies = [0, 1, 2].map((i) => ({
            ...validCol(),
            doc_number: doc,
            cellphone: `3${round}${i}1234567`,
            email: `carrera${round}.${i}@example.co`,
          }));
          const answers = await Promise.all(bodies.map((body) => operator.post('/api/col/leads', body)));
          expect(
            answers.map((res) => res.statusCode),
            answers.map((res) => res.body).join('\n'),
          ).toEqual([201, 201, 201]);
          // Lead ids are drawn with the customer locked: their order is the order the creations took effect in.
          const created = answers.map((res, i) => ({ ...res.json(), body: bodies[i] })).sort((a, b) => a.id - b.id);
          expect(
            created.map((c) => c.customer_reused),
            `round ${round}`,
          ).toEqual([false, true, true]);
          expect(new Set(created.map((c) => c.customer_id)).size).toBe(1);
          const [first, second, third] = created;
          const [customer] = await t.app.db.select().from(customers).where(eq(customers.id, first.customer_id));
          // As if sent one after another: the last one's contact data, a version per change.
          expect(customer).toMatchObject({ cellphone: third.body.cellphone, email: third.body.email, version: 3 });
          const change = (from: typeof first, to: typeof first) => ({
            body: `Celular: ${to.body.cellphone}\nEmail: ${to.body.email}`,
            fromValue: JSON.stringify({ cellphone: from.body.cellphone, email: from.body.email }),
            toValue: JSON.stringify({ cellphone: to.body.cellphone, email: to.body.email }),
            userId: operatorId,
          });
          const secondChange = change(first, second);
          const thirdChange = change(second, third);
          const naming = (id: number, c: ReturnType<typeof change>) => ({ ...c, body: `Por la solicitud #${id}\n${c.body}` });
          expect(await customerEvents(first.id), `round ${round}`).toEqual([
            naming(second.id, secondChange),
            naming(third.id, thirdChange),
          ]);
          expect(await customerEvents(second.id)).toEqual([secondChange, naming(third.id, thirdChange)]);
          expect(await customerEvents(third.id)).toEqual([thirdChange]);
        }
      });
    }

    it.each<[string, Record<string, unknown>, string]>([
      ['bad DNI', { doc_number: '123' }, 'doc_number'],
      ['bad CUIL check digit', { cuil: validArg().cuil.slice(0, 10) + String((Number(validArg().cuil[10]) + 1) % 10) }, 'cuil'],
      ['CUIL of another DNI', { cuil: buildCuil('30111223', 'male') }, 'cuil'],
      ['bad cellphone', { cellphone: '15 1234' }, 'cellphone'],
      ['cellphone with leading 0', { cellphone: '0111234567' }, 'cellphone'],
      ['bad email', { email: 'jose@' }, 'email'],
      ['missing first name', { first_name: undefined }, 'first_name'],
      ['missing cellphone', { cellphone: undefined }, 'cellphone'],
      ['under age', { birth_date: `${new Date().getUTCFullYear() - 17}-01-01` }, 'birth_date'],
      ['amount below the minimum', { requested_amount: 999 }, 'requested_amount'],
      ['amount above the maximum', { requested_amount: 1_000_001 }, 'requested_amount'],
      ['amount with cents', { requested_amount: 1500.5 }, 'requested_amount'],
      ['term too long', { term: 48 }, 'term'],
      ['CBU with a wrong check digit', { bank_account: '2850590940090418135202' }, 'bank_account'],
      ['CBU too short', { bank_account: '285059094009' }, 'bank_account'],
      ['a bank apart from the CBU', { bank: 'Banco Galicia', bank_account: '2850590940090418135201' }, 'bank'],
    ])('refuses %s with 400 naming the field and writes nothing', async (_name, change, field) => {
      const admin = await as('arg', 'admin@arg.example');
      const before = await tableCounts();
      const res = await admin.post('/api/arg/leads', {
        ...validArg(),
        doc_number: '31222333',
        cuil: buildCuil('31222333', 'female'),
        ...change,
      });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.fields.map((f: { field: string }) => f.field)).toEqual([field]);
      expect(body.message).toContain(`${field}: `);
      expect(await tableCounts()).toEqual(before);
    });

    it('says the amount limits in the country’s money, as the form and the lists write amounts', async () => {
      const admin = await as('arg', 'admin@arg.example');
      const low = await admin.post('/api/arg/leads', { ...validArg(), requested_amount: 999 });
      expect(low.json().fields).toEqual([{ field: 'requested_amount', message: 'Monto mínimo $\u00a01.000' }]);
      const high = await admin.post('/api/arg/leads', { ...validArg(), requested_amount: 1_000_001 });
      expect(high.json().fields).toEqual([{ field: 'requested_amount', message: 'Monto máximo $\u00a01.000.000' }]);
      const colOperator = await as('col', 'operator@col.example');
      const colLow = await colOperator.post('/api/col/leads', { ...validCol(), requested_amount: 99_999 });
      expect(colLow.json().fields).toEqual([{ field: 'requested_amount', message: 'Monto mínimo $\u00a0100.000' }]);
    });

    it('reads an amount written as the app writes amounts ($ and dots between thousands)', async () => {
      const admin = await as('arg', 'admin@arg.example');
      for (const [doc, written, minor] of [
        ['31222444', '$ 25.000', 2_500_000],
        ['31222445', '150.000', 15_000_000],
        ['31222446', '2500', 250_000],
      ] as const) {
        const res = await admin.post('/api/arg/leads', {
          ...validArg(),
          doc_number: doc,
          cuil: buildCuil(doc, 'female'),
          requested_amount: written,
        });
        expect(res.statusCode, `${written}: ${res.body}`).toBe(201);
        expect(await leadRow(res.json().id)).toMatchObject({ requestedAmount: minor });
      }
      // Cents, or dots that are not thousands, stay refused.
      for (const written of ['1500.50', '25.0000']) {
        const res = await admin.post('/api/arg/leads', {
          ...validArg(),
          doc_number: '31222447',
          cuil: buildCuil('31222447', 'female'),
          requested_amount: written,
        });
        expect(res.statusCode, written).toBe(400);
        expect(res.json().fields.map((f: { field: string }) => f.field)).toEqual(['requested_amount']);
      }
    });

    it('names every invalid field at once', async () => {
      const admin = await as('arg', 'admin@arg.example');
      const before = await tableCounts();
      const res = await admin.post('/api/arg/leads', { doc_number: 'x', email: 'no' });
      expect(res.statusCode).toBe(400);
      const fields = res
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort();
      expect(fields).toEqual([
        'birth_date',
        'cellphone',
        'cuil',
        'doc_number',
        'email',
        'first_name',
        'last_name',
        'requested_amount',
        'term',
      ]);
      // A body that is no object at all is refused as such (the CUIL check never runs on it).
      for (const country of ['arg', 'col'] as const) {
        const staff = await as(country, `admin@${country}.example`);
        for (const body of ['[]', 'null', '"texto"', '42']) {
          const bad = await staff.post(`/api/${country}/leads`, body, { headers: { 'content-type': 'application/json' } });
          expect(bad.statusCode, `${country} ${body}`).toBe(400);
          expect(bad.json().statusMessage).toMatch(/^Datos inválidos/);
        }
      }
      expect(await tableCounts()).toEqual(before);
    });

    it("takes a col customer's cédula de extranjería: a CE and a CC with the same digits are two customers", async () => {
      const colOperator = await as('col', 'operator@col.example');
      const ce = await colOperator.post('/api/col/leads', {
        ...validCol(),
        doc_type: 'CE',
        doc_number: '765.432',
        email: 'extranjero@example.co',
      });
      expect(ce.statusCode, ce.body).toBe(201);
      const cc = await colOperator.post('/api/col/leads', { ...validCol(), doc_number: '765432' });
      expect(cc.statusCode, cc.body).toBe(201);
      expect(cc.json()).toMatchObject({ customer_reused: false });
      expect(cc.json().customer_id).not.toBe(ce.json().customer_id);
      const stored = await t.app.db
        .select()
        .from(customers)
        .where(and(eq(customers.country, 'col'), eq(customers.docNumber, '765432')));
      expect(stored.map((c) => c.docType).sort()).toEqual(['CC', 'CE']);
      // The CE's next application reuses it; the detail and the lookup say which document it is.
      const again = await colOperator.post('/api/col/leads', { ...validCol(), doc_type: 'CE', doc_number: '765432' });
      expect(again.json()).toMatchObject({ customer_id: ce.json().customer_id, customer_reused: true });
      expect((await colOperator.get(`/api/col/leads/${ce.json().id}`)).json().customer).toMatchObject({
        doc_type: 'CE',
        doc_number: '765432',
      });
      const lookup = async (query: string) => (await colOperator.get(`/api/col/customers/lookup?${query}`)).json().customer;
      expect(await lookup('doc_type=CE&doc_number=765432')).toMatchObject({ id: ce.json().customer_id, applications: 2 });
      expect(await lookup('doc_number=765432')).toMatchObject({ id: cc.json().customer_id, applications: 1 });
      // A CE has up to 7 digits; an unknown type is refused.
      const counts = await tableCounts();
      for (const [change, field] of [
        [{ doc_type: 'CE', doc_number: '12345678' }, 'doc_number'],
        [{ doc_type: 'PA', doc_number: '765432' }, 'doc_type'],
      ] as const) {
        const res = await colOperator.post('/api/col/leads', { ...validCol(), ...change });
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(res.json().fields.map((f: { field: string }) => f.field)).toEqual([field]);
      }
      expect(await tableCounts()).toEqual(counts);
    });

    it('applies the col rules (CC, mobile starting with 3, COP limits)', async () => {
      const colOperator = await as('col', 'operator@col.example');
      const ok = await colOperator.post('/api/col/leads', validCol());
      expect(ok.statusCode, ok.body).toBe(201);
      expect(await leadRow(ok.json().id)).toMatchObject({ country: 'col', requestedAmount: 250_000_000, statusId: 1 });
      const before = await tableCounts();
      for (const [change, field] of [
        [{ cellphone: '1101234567' }, 'cellphone'],
        [{ doc_number: '12345' }, 'doc_number'],
        [{ requested_amount: 50_000 }, 'requested_amount'],
        [{ bank: 'Bancolombia' }, 'bank_account'],
        [{ bank_account: '1234567890' }, 'bank_account'],
        [{ bank: 'Banco Inventado', bank_account: '1234567890', bank_account_type: 'Ahorros' }, 'bank'],
        [{ bank: 'Bancolombia', bank_account: '12-34', bank_account_type: 'Ahorros' }, 'bank_account'],
        // Letters or a dash are not dropped (they would read another document, another account) ...
        [{ doc_number: 'AB12c345678' }, 'doc_number'],
        [{ doc_number: '1234567-8' }, 'doc_number'],
        [{ bank: 'Bancolombia', bank_account: '12AB345678', bank_account_type: 'Ahorros' }, 'bank_account'],
        // ... nor another country's prefixes: an Argentine number is no Colombian mobile.
        [{ cellphone: '+54 351 555 4444' }, 'cellphone'],
        [{ cellphone: '300 15 1234567' }, 'cellphone'],
      ] as const) {
        const res = await colOperator.post('/api/col/leads', { ...validCol(), doc_number: '1098765432', ...change });
        expect(res.statusCode).toBe(400);
        expect(res.json().fields.map((f: { field: string }) => f.field)).toEqual([field]);
      }
      expect(await tableCounts()).toEqual(before);
    });

    it('assigns a seller’s own new lead to them (so they can see it)', async () => {
      const seller = await as('arg', 'seller@arg.example');
      const res = await seller.post('/api/arg/leads', { ...validArg(), doc_number: '32333444', cuil: buildCuil('32333444', 'male') });
      expect(res.statusCode, res.body).toBe(201);
      expect(await leadRow(res.json().id)).toMatchObject({ sellerId, source: 'seller' });
      expect((await seller.get(`/api/arg/leads/${res.json().id}`)).statusCode).toBe(200);
    });

    it('lets the webservice role create leads with a Bearer token (no cookies, no XSRF)', async () => {
      const login = await new TestClient(t.app).login('arg', 'webservice@arg.example');
      const { token } = login.json();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/arg/leads',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: { ...validArg(), doc_number: '33444555', cuil: buildCuil('33444555', 'female') },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(await leadRow(res.json().id)).toMatchObject({ source: 'webservice', sellerId: null, statusId: 1 });
      const invalid = await t.app.inject({
        method: 'POST',
        url: '/api/arg/leads',
        headers: { authorization: `Bearer ${token}` },
        payload: { ...validArg(), cellphone: '12' },
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().fields).toEqual([
        { field: 'cellphone', message: 'Celular inválido: 10 dígitos con código de área, p. ej. 11 5555-4444' },
      ]);
      const noToken = await t.app.inject({ method: 'POST', url: '/api/arg/leads', payload: validArg() });
      expect(noToken.statusCode).toBe(403); // XSRF first: no cookie, no header
      const badToken = await t.app.inject({
        method: 'POST',
        url: '/api/arg/leads',
        headers: { authorization: 'Bearer nope' },
        payload: validArg(),
      });
      expect(badToken.statusCode).toBe(401);
    });

    it('creates one lead per Idempotency-Key, even for repeats sent at once, and refuses the key with other data', async () => {
      const login = await new TestClient(t.app).login('arg', 'webservice@arg.example');
      const send = (body: object, key?: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/arg/leads',
          headers: { authorization: `Bearer ${login.json().token}`, ...(key !== undefined && { 'idempotency-key': key }) },
          payload: body,
        });
      const body = { ...validArg(), doc_number: '35123987', cuil: buildCuil('35123987', 'male') };
      const before = await tableCounts();
      const sent = await Promise.all(Array.from({ length: 4 }, () => send(body, 'pedido-0001')));
      expect(sent.map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
      const [first] = sent.filter((res) => res.headers['idempotent-replayed'] === undefined);
      expect(sent.filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
      for (const res of sent) expect(res.json()).toEqual(first.json());
      expect(await tableCounts()).toEqual({
        ...before,
        customers: before.customers + 1,
        leads: before.leads + 1,
        history: before.history + 1,
      });
      // Later too; the same data under another key (or none) is another application of the same customer.
      expect((await send(body, 'pedido-0001')).json()).toEqual(first.json());
      const other = await send(body, 'pedido-0002');
      expect(other.json()).toMatchObject({ customer_id: first.json().customer_id, customer_reused: true });
      expect(other.json().id).not.toBe(first.json().id);
      expect((await send(body)).json().id).not.toBe(other.json().id);

      // The key with other data: 422 naming the header, nothing written.
      const counts = await tableCounts();
      const reused = await send({ ...body, requested_amount: 30000 }, 'pedido-0001');
      expect(reused.statusCode).toBe(422);
      expect(reused.json().fields).toEqual([{ field: 'idempotency-key', message: expect.stringContaining('ya se usó con otros datos') }]);
      for (const key of ['', 'con espacio', 'x'.repeat(256), 'ñandú']) {
        const res = await send({ ...body, requested_amount: 30000 }, key);
        expect(res.statusCode, key).toBe(400);
        expect(res.json().fields.map((f: { field: string }) => f.field)).toEqual(['idempotency-key']);
      }
      expect(await tableCounts()).toEqual(counts);

      // Keys are the user's own: another client's same key is its own request.
      const staff = await as('arg', 'admin@arg.example');
      const theirs = await staff.post('/api/arg/leads', body, { headers: { 'idempotency-key': 'pedido-0001' } });
      expect(theirs.statusCode).toBe(201);
      expect(theirs.json().id).not.toBe(first.json().id);
      // A key older than 24 hours is forgotten: the same key makes a new lead.
      await t.app.db.execute(sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'pedido-0001'`);
      const expired = await send(body, 'pedido-0001');
      expect(expired.statusCode).toBe(201);
      expect(expired.headers['idempotent-replayed']).toBeUndefined();
      expect(expired.json().id).not.toBe(first.json().id);
    });
  });
  describe('customer lookup (the new lead form’s notice)', () => {
    const leadsOf = async (customerId: number) =>
      (await t.app.db.select({ n: count() }).from(leads).where(eq(leads.customerId, customerId)))[0].n;

    it('answers the customer of a document in the country with its applications, or null', async () => {
      const admin = await as('arg', 'admin@arg.example');
      const known = arg[4];
      const [customer] = await t.app.db
        .select()
        .from(customers)
        .where(and(eq(customers.country, 'arg'), eq(customers.docNumber, known.docNumber)));
      // Typed as people write it (dots): the creation's own rule reads it.
      const dotted = known.docNumber.replace(/(\d{2})(\d{3})(\d{3})/, '$1.$2.$3');
      const res = await admin.get(`/api/arg/customers/lookup?doc_number=${encodeURIComponent(dotted)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(customerLookupResponseSchema.parse(res.json())).toEqual({
        customer: {
          id: customer.id,
          first_name: known.firstName,
          last_name: known.lastName,
          applications: await leadsOf(customer.id),
          has_bank_account: false,
          cellphone_locked: false,
          bank_account_fillable: true,
          other_seller_application: null,
        },
      });
      expect(res.json().customer.applications).toBeGreaterThan(0);
      // Its stored account is reported (not the account itself).
      await t.app.db
        .update(customers)
        .set({ bankAccount: buildCbu('2850590', '4009041813520') })
        .where(eq(customers.id, customer.id));
      expect((await admin.get(`/api/arg/customers/lookup?doc_number=${known.docNumber}`)).json().customer).toMatchObject({
        has_bank_account: true,
      });
      await t.app.db.update(customers).set({ bankAccount: null }).where(eq(customers.id, customer.id));

      expect((await admin.get('/api/arg/customers/lookup?doc_number=29999999')).json()).toEqual({ customer: null });
      // Every role that may create a lead may ask, sellers included.
      for (const email of [
        'operator@arg.example',
        'supervisor@arg.example',
        'atc@arg.example',
        'seller@arg.example',
        'seller_renovator@arg.example',
      ]) {
        expect((await (await as('arg', email)).get(`/api/arg/customers/lookup?doc_number=${known.docNumber}`)).statusCode, email).toBe(200);
      }
    });

    it('is refused to the roles that may not create leads (403), anonymous (401) and a malformed document (400 naming doc_number)', async () => {
      const doc = arg[4].docNumber;
      for (const email of ['collector@arg.example', 'auditor@arg.example']) {
        const res = await (await as('arg', email)).get(`/api/arg/customers/lookup?doc_number=${doc}`);
        expect(res.statusCode, email).toBe(403);
      }
      // col's risk role reads the leads screen but does not create leads: the create check, not the screen's.
      const risk = await as('col', 'risk@col.example');
      expect((await risk.get('/api/col/leads')).statusCode).toBe(200);
      expect((await risk.get(`/api/col/customers/lookup?doc_number=${col[0].docNumber}`)).statusCode).toBe(403);
      expect((await new TestClient(t.app).init().then((c) => c.get(`/api/arg/customers/lookup?doc_number=${doc}`))).statusCode).toBe(401);

      const admin = await as('arg', 'admin@arg.example');
      for (const query of ['doc_number=123', 'doc_number=0123456', 'doc_number=abcdefgh', '']) {
        const res = await admin.get(`/api/arg/customers/lookup?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(
          res.json().fields.map((f: { field: string }) => f.field),
          query,
        ).toEqual(['doc_number']);
      }
      expect((await (await as('col', 'admin@col.example')).get('/api/col/customers/lookup?doc_number=12345')).json().fields).toEqual([
        { field: 'doc_number', message: 'CC inválido: debe tener entre 6 y 10 dígitos' },
      ]);
    });

    it('never shows another country’s customer', async () => {
      const colAdmin = await as('col', 'admin@col.example');
      // An arg DNI of 8 digits is a well-formed col CC: still no customer in col.
      const argDoc = arg[4].docNumber;
      const res = await colAdmin.get(`/api/col/customers/lookup?doc_number=${argDoc}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ customer: null });
      // Nor through the other country's path.
      const other = await colAdmin.get(`/api/arg/customers/lookup?doc_number=${argDoc}`);
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe('Tu usuario no pertenece a este país');
      // Its own customers it does see.
      expect((await colAdmin.get(`/api/col/customers/lookup?doc_number=${col[0].docNumber}`)).json().customer).toMatchObject({
        first_name: col[0].firstName,
        last_name: col[0].lastName,
      });
    });
  });
});
