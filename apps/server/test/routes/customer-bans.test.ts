import { ARG_STATUS_IDS, COL_STATUS_IDS, buildCbu, buildCuil, type BanDetail, type BanRow, type ListResponse } from '@backoffice/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, leadStatusHistory, leads } from '../../src/db/schema';
import { createTestApp, signedIn, type Driver, type TestApp } from '../helpers/app';

/*
 * Customer bans: a banned document, cellphone, email or bank account stops a new application at prefilter
 * with the ban as its reason; an expired or lifted ban does not; lifting keeps the history; operators read
 * only; each country sees its own; a customer edit may not set a banned value.
 */

const application = { requested_amount: 25000, term: 12 };
let serial = 0;
/** A new arg customer (a fresh document each time) with the given contact data. */
const argCustomer = (over: Record<string, string> = {}) => {
  const doc = String(30_100_000 + ++serial);
  return {
    doc_number: doc,
    cuil: buildCuil(doc, 'female'),
    first_name: 'Ana',
    last_name: 'Suárez',
    birth_date: '1988-03-04',
    cellphone: `11 4000-${String(1000 + serial)}`,
    email: `ana${serial}@example.com`,
    ...application,
    ...over,
  };
};
const cbu = buildCbu('0170099', '4000000012345');

describe.each<Driver>(['pglite', 'postgres'])('customer bans on %s', (driver) => {
  let t: TestApp;
  const as = signedIn(() => t.app);

  /** Creates the application and answers its status and first history reason. */
  const apply = async (body: Record<string, unknown>, country: 'arg' | 'col' = 'arg') => {
    const client = await as(country, `admin@${country}.example`);
    const res = await client.post(`/api/${country}/leads`, body);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: number }>().id;
    const [lead] = await t.app.db.select({ statusId: leads.statusId }).from(leads).where(eq(leads.id, id));
    const [history] = await t.app.db
      .select({ reason: leadStatusHistory.reason })
      .from(leadStatusHistory)
      .where(eq(leadStatusHistory.leadId, id))
      .orderBy(asc(leadStatusHistory.id));
    return { id, statusId: lead.statusId, reason: history.reason };
  };
  const ban = async (body: Record<string, unknown>, email = 'admin@arg.example', country: 'arg' | 'col' = 'arg') => {
    const res = await (await as(country, email)).post(`/api/${country}/customer-bans`, { reason: 'fraud', ...body });
    return res;
  };
  const banned = async (body: Record<string, unknown>) => {
    const res = await ban(body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };
  const detail = async (id: number) => (await (await as('arg', 'admin@arg.example')).get(`/api/arg/customer-bans/${id}`)).json<BanDetail>();

  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stops a new application of a banned document at prefilter, the ban its reason, and lists it under the ban', async () => {
    const body = argCustomer();
    const id = await banned({
      kind: 'document',
      value: `${body.doc_number.slice(0, 2)}.${body.doc_number.slice(2, 5)}.${body.doc_number.slice(5)}`,
    });
    const lead = await apply(body);
    expect(lead.statusId).toBe(ARG_STATUS_IDS.PREFILTER_REJECTED);
    expect(lead.reason).toBe(`Cliente bloqueado (Fraude): Documento ${body.doc_number}`);
    const seen = await detail(id);
    expect(seen.ban.state).toBe('active');
    expect(seen.ban.stopped).toBe(1);
    expect(seen.applications.map((a) => a.lead_id)).toEqual([lead.id]);
  });

  it('stops one by a banned cellphone however it is written, a banned email in any case and a banned account', async () => {
    await banned({ kind: 'cellphone', value: '+54 9 11 4999-0001', reason: 'identity_theft' });
    const byPhone = await apply(argCustomer({ cellphone: '011 15 4999-0001' }));
    expect(byPhone.statusId).toBe(ARG_STATUS_IDS.PREFILTER_REJECTED);
    expect(byPhone.reason).toBe('Cliente bloqueado (Suplantación de identidad): Celular 1149990001');

    await banned({ kind: 'email', value: 'Fraude@Example.com', reason: 'court_order' });
    const byEmail = await apply(argCustomer({ email: 'fraude@example.COM' }));
    expect(byEmail.statusId).toBe(ARG_STATUS_IDS.PREFILTER_REJECTED);
    expect(byEmail.reason).toContain('Orden judicial');

    await banned({ kind: 'bank_account', value: cbu });
    const byAccount = await apply(argCustomer({ bank_account: cbu }));
    expect(byAccount.statusId).toBe(ARG_STATUS_IDS.PREFILTER_REJECTED);
    expect(byAccount.reason).toContain(`Cuenta bancaria ${cbu}`);

    // An existing customer whose stored cellphone is banned is stopped too, though the new body leaves it out.
    const first = argCustomer();
    expect((await apply(first)).statusId).toBe(ARG_STATUS_IDS.CREATED);
    await banned({ kind: 'cellphone', value: first.cellphone });
    const again = await apply({ doc_number: first.doc_number, ...application });
    expect(again.statusId).toBe(ARG_STATUS_IDS.PREFILTER_REJECTED);
  });

  it('lets through an application under an expired, a scheduled or a do-not-contact ban', async () => {
    const expired = argCustomer();
    const day = 86_400_000;
    const expiredId = await banned({
      kind: 'document',
      value: expired.doc_number,
      starts_at: new Date(Date.now() - 10 * day).toISOString(),
      expires_at: new Date(Date.now() - day).toISOString(),
    });
    expect((await apply(expired)).statusId).toBe(ARG_STATUS_IDS.CREATED);

    const scheduled = argCustomer();
    const scheduledId = await banned({
      kind: 'document',
      value: scheduled.doc_number,
      starts_at: new Date(Date.now() + day).toISOString(),
    });
    expect((await apply(scheduled)).statusId).toBe(ARG_STATUS_IDS.CREATED);

    const quiet = argCustomer();
    await banned({ kind: 'cellphone', value: quiet.cellphone, reason: 'customer_request', channel: 'whatsapp' });
    expect((await apply(quiet)).statusId).toBe(ARG_STATUS_IDS.CREATED);

    const list = (await (await as('arg', 'admin@arg.example')).get('/api/arg/customer-bans?state=expired,scheduled')).json<
      ListResponse<BanRow>
    >();
    expect(new Set(list.rows.map((r) => r.state))).toEqual(new Set(['expired', 'scheduled']));
    expect(list.rows.filter((r) => [expiredId, scheduledId].includes(r.id)).map((r) => r.state)).toEqual(['scheduled', 'expired']);
  });

  it('lifts a ban with a reason, keeping it and the applications it stopped; then applications go through', async () => {
    const body = argCustomer();
    const id = await banned({ kind: 'document', value: body.doc_number });
    const stopped = await apply(body);
    const admin = await as('arg', 'admin@arg.example');
    let res = await admin.post(`/api/arg/customer-bans/${id}/lift`, { reason: '', version: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].field).toBe('reason');
    res = await admin.post(`/api/arg/customer-bans/${id}/lift`, { reason: 'Error de carga', version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    res = await admin.post(`/api/arg/customer-bans/${id}/lift`, { reason: 'Otra vez', version: 2 });
    expect(res.statusCode).toBe(409);
    const seen = await detail(id);
    expect(seen.ban).toMatchObject({ state: 'lifted', lift_reason: 'Error de carga', lifted_by_name: expect.any(String), version: 2 });
    expect(seen.applications.map((a) => a.lead_id)).toEqual([stopped.id]);
    expect((await apply({ doc_number: body.doc_number, ...application })).statusId).toBe(ARG_STATUS_IDS.CREATED);
    const lifted = (await admin.get(`/api/arg/customer-bans?state=lifted&q=${body.doc_number}`)).json<ListResponse<BanRow>>();
    expect(lifted.rows.map((r) => r.id)).toEqual([id]);
  });

  it('refuses a value that is not of its kind, naming the field, and writes nothing', async () => {
    const before = (await (await as('arg', 'admin@arg.example')).get('/api/arg/customer-bans?exactCount=true')).json<ListResponse<BanRow>>()
      .count.total;
    let res = await ban({ kind: 'cellphone', value: '12' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ field: 'value', message: expect.stringContaining('Celular inválido') }]);
    res = await ban({ kind: 'bank_account', value: '1234' });
    expect(res.json().fields[0].field).toBe('value');
    res = await ban({ kind: 'document', value: '30111222', channel: 'sms' });
    expect(res.json().fields[0].field).toBe('channel');
    res = await ban({ kind: 'document', value: '30111222', reason: 'nope' });
    expect(res.statusCode).toBe(400);
    const after = (await (await as('arg', 'admin@arg.example')).get('/api/arg/customer-bans?exactCount=true')).json<ListResponse<BanRow>>()
      .count.total;
    expect(after).toBe(before);
  });

  it('lets operators read but not write, and keeps each country to its own bans', async () => {
    const operator = await as('arg', 'operator@arg.example');
    expect((await operator.get('/api/arg/customer-bans')).statusCode).toBe(200);
    expect((await ban({ kind: 'document', value: '29111222' }, 'operator@arg.example')).statusCode).toBe(403);
    const some = (await operator.get('/api/arg/customer-bans')).json<ListResponse<BanRow>>().rows[0];
    expect((await operator.post(`/api/arg/customer-bans/${some.id}/lift`, { reason: 'No', version: some.version })).statusCode).toBe(403);
    expect((await ban({ kind: 'document', value: '29111222' }, 'supervisor@arg.example')).statusCode).toBe(201);
    expect((await ban({ kind: 'document', value: '29111223' }, 'atc@arg.example')).statusCode).toBe(201);
    // A seller has no access at all.
    expect((await (await as('arg', 'seller@arg.example')).get('/api/arg/customer-bans')).statusCode).toBe(403);

    const colAdmin = await as('col', 'admin@col.example');
    expect((await colAdmin.get('/api/arg/customer-bans')).statusCode).toBe(403);
    expect((await colAdmin.get(`/api/col/customer-bans/${some.id}`)).statusCode).toBe(404);
    const colBan = await ban({ kind: 'document', value: '1012345678' }, 'admin@col.example', 'col');
    expect(colBan.statusCode, colBan.body).toBe(201);
    const colList = (await colAdmin.get('/api/col/customer-bans?pageSize=100')).json<ListResponse<BanRow>>();
    const argList = (await operator.get('/api/arg/customer-bans?pageSize=100')).json<ListResponse<BanRow>>();
    expect(colList.rows.map((r) => r.value)).toContain('1012345678');
    expect(argList.rows.map((r) => r.value)).toContain('29111222');
    expect(colList.rows.map((r) => r.value)).not.toContain('29111222');
    expect(colList.rows.filter((r) => argList.rows.some((a) => a.id === r.id))).toEqual([]);
    // col stops at its killer stage.
    const lead = await apply(
      {
        doc_number: '1012345678',
        first_name: 'Camila',
        last_name: 'Rojas',
        birth_date: '1991-07-08',
        cellphone: '3104445555',
        email: 'camila@example.co',
        requested_amount: 2_500_000,
        term: 24,
      },
      'col',
    );
    expect(lead.statusId).toBe(COL_STATUS_IDS.KILLER_REJECTED);
  });

  it('refuses a customer edit that would set a banned cellphone or email, naming the field', async () => {
    const body = argCustomer();
    const lead = await apply(body);
    await banned({ kind: 'email', value: 'prohibido@example.com' });
    const admin = await as('arg', 'admin@arg.example');
    const [customer] = await t.app.db.select().from(customers).where(eq(customers.docNumber, body.doc_number));
    const edit = {
      first_name: 'Ana',
      last_name: 'Suárez',
      cellphone: body.cellphone,
      email: 'PROHIBIDO@example.com',
      version: customer.version,
    };
    const res = await admin.patch(`/api/arg/leads/${lead.id}/customer`, edit);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().fields).toEqual([{ field: 'email', message: expect.stringContaining('El email no se puede usar') }]);
    const ok = await admin.patch(`/api/arg/leads/${lead.id}/customer`, { ...edit, email: 'libre@example.com' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('exports the filtered bans as CSV', async () => {
    const res = await (await as('arg', 'admin@arg.example')).get(`/api/arg/customer-bans/export?kind=bank_account&q=${cbu}&format=csv`);
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0].split(';').slice(0, 3)).toEqual(['Id', 'Tipo', 'Valor']);
    expect(lines.slice(1).every((line) => line.includes('Cuenta bancaria'))).toBe(true);
    expect(lines.length).toBe(2);
  });
});
