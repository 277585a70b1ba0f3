import { ARG_STATUS_IDS, COL_STATUS_IDS, buildCuil, customerLookupResponseSchema } from '@backoffice/shared';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, idempotencyKeys, leadEvents, leadStatusHistory, leads } from '../../src/db/schema';
import { createTestApp, signedIn, type Driver, type TestApp } from '../helpers/app';
import { userIdByEmail, userIds } from '../helpers/leads-fixture';

/*
 * POST /leads and what it needs of the customer: a document new to the country needs the customer's
 * identity and contact data (named when missing, nothing written); an existing customer's application needs
 * none of them (its identity is kept, and so is a contact field left out). And what the lookup tells the form
 * about a cellphone and an account a new application would keep.
 */

const argApplication = { requested_amount: 25000, term: 12 };
const argCustomer = (doc: string) => ({
  doc_number: doc,
  cuil: buildCuil(doc, 'female'),
  first_name: 'Ana',
  last_name: 'Suárez',
  birth_date: '1988-03-04',
  cellphone: '11 4444-5555',
  email: 'ana.suarez@example.com',
  address: 'Belgrano 100',
});
const colApplication = { requested_amount: 2_500_000, term: 24 };
const colCustomer = (doc: string) => ({
  doc_number: doc,
  first_name: 'Camila',
  last_name: 'Rojas',
  birth_date: '1991-07-08',
  cellphone: '3104445555',
  email: 'camila@example.co',
});

describe.each<Driver>(['pglite', 'postgres'])('a new application’s customer data on %s', (driver) => {
  let t: TestApp;
  const as = signedIn(() => t.app);
  const tableCounts = async () => {
    const tables = { customers, leads, leadStatusHistory, leadEvents, idempotencyKeys };
    const counts: Record<string, number> = {};
    for (const [name, table] of Object.entries(tables)) counts[name] = (await t.app.db.select({ n: count() }).from(table))[0].n;
    return counts;
  };
  const customerByDoc = async (country: string, doc: string) =>
    (
      await t.app.db
        .select()
        .from(customers)
        .where(and(eq(customers.country, country), eq(customers.docNumber, doc)))
    )[0];

  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 0, countCacheSeconds: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says a refused document in the country’s voice: arg voseo, col usted (the schemas write tú)', async () => {
    const before = await tableCounts();
    const argRes = await (
      await as('arg', 'admin@arg.example')
    ).post('/api/arg/leads', { ...argCustomer('33444555'), doc_number: undefined, ...argApplication });
    expect(argRes.statusCode, argRes.body).toBe(400);
    expect(argRes.json().fields).toEqual([{ field: 'doc_number', message: 'Ingresá el DNI' }]);
    expect(argRes.json().statusMessage).toBe('Datos inválidos: doc_number: Ingresá el DNI');
    const colRes = await (
      await as('col', 'admin@col.example')
    ).post('/api/col/leads', { ...colCustomer('765431'), doc_type: 'CC', doc_number: ' ', ...colApplication });
    expect(colRes.statusCode, colRes.body).toBe(400);
    expect(colRes.json().fields).toEqual([{ field: 'doc_number', message: 'Ingrese el número de documento' }]);
    expect(colRes.json().statusMessage).toBe('Datos inválidos: doc_number: Ingrese el número de documento');
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses a new document without the customer’s data: 400 naming each missing field, nothing written', async () => {
    const before = await tableCounts();
    const argAdmin = await as('arg', 'admin@arg.example');
    // Only the application (an Idempotency-Key too: not kept either).
    let res = await argAdmin.post(
      '/api/arg/leads',
      { doc_number: '33444555', ...argApplication },
      { headers: { 'idempotency-key': 'nuevo-sin-datos' } },
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toEqual([
      { field: 'first_name', message: 'Nombre: campo obligatorio' },
      { field: 'last_name', message: 'Apellido: campo obligatorio' },
      { field: 'birth_date', message: 'Ingresá una fecha válida' },
      { field: 'email', message: 'Ingresá el email' },
      { field: 'cuil', message: 'Ingresá el CUIL' },
      { field: 'cellphone', message: 'Ingresá el celular' },
    ]);
    expect(res.json().statusMessage).toBe(
      'Datos inválidos: first_name: Nombre: campo obligatorio; last_name: Apellido: campo obligatorio; birth_date: Ingresá una fecha válida; ' +
        'email: Ingresá el email; cuil: Ingresá el CUIL; cellphone: Ingresá el celular',
    );
    // Blank is not given: the form's empty fields say the same.
    res = await argAdmin.post('/api/arg/leads', { ...argCustomer('33444555'), first_name: ' ', email: '', ...argApplication });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toEqual([
      { field: 'first_name', message: 'Nombre: campo obligatorio' },
      { field: 'email', message: 'Ingresá el email' },
    ]);
    // With another field wrong too, everything at once.
    res = await argAdmin.post('/api/arg/leads', {
      ...argCustomer('33444555'),
      last_name: undefined,
      cellphone: null,
      ...argApplication,
      term: 99,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields.map((f: { field: string }) => f.field)).toEqual(['term', 'last_name', 'cellphone']);
    const colAdmin = await as('col', 'admin@col.example');
    res = await colAdmin.post('/api/col/leads', { doc_type: 'CE', doc_number: '765.431', ...colApplication, email: 'nuevo@example.co' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields.map((f: { field: string }) => f.field)).toEqual(['first_name', 'last_name', 'birth_date', 'cellphone']);
    expect(await tableCounts()).toEqual(before);
    expect(await customerByDoc('arg', '33444555')).toBeUndefined();

    // The same key with the whole customer: created (the refused attempt kept nothing).
    res = await argAdmin.post(
      '/api/arg/leads',
      { ...argCustomer('33444555'), ...argApplication },
      { headers: { 'idempotency-key': 'nuevo-sin-datos' } },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ customer_reused: false, customer_kept: [] });
  });

  it('takes an existing customer’s application with only the document and the application: the customer unchanged', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const doc = '33444666';
    const first = await admin.post('/api/arg/leads', { ...argCustomer(doc), ...argApplication, bank_account: '2850590940090418135201' });
    expect(first.statusCode, first.body).toBe(201);
    const stored = await customerByDoc('arg', doc);
    const before = await tableCounts();

    for (const body of [
      { doc_number: '33.444.666', ...argApplication },
      // Blank or null, as an empty form field or an API client sends "nothing": the same.
      {
        doc_number: doc,
        cuil: '',
        first_name: '',
        last_name: null,
        birth_date: '',
        cellphone: ' ',
        email: '',
        address: '',
        ...argApplication,
        term: 6,
      },
    ]) {
      const res = await admin.post('/api/arg/leads', body);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ customer_id: stored.id, customer_reused: true, customer_kept: [] });
      expect((await t.app.db.select().from(leads).where(eq(leads.id, res.json().id)))[0]).toMatchObject({
        customerId: stored.id,
        statusId: 1,
      });
    }
    // Nothing of the customer changed: not even its version, and no 'Datos del cliente' event.
    expect(await customerByDoc('arg', doc)).toEqual(stored);
    const after = await tableCounts();
    expect(after).toEqual({ ...before, leads: before.leads + 2, leadStatusHistory: before.leadStatusHistory + 2 });

    // A cellphone typed replaces the stored one, alone.
    const phone = await admin.post('/api/arg/leads', { doc_number: doc, cellphone: '351 555-0000', ...argApplication });
    expect(phone.json()).toMatchObject({ customer_reused: true, customer_kept: [] });
    expect(await customerByDoc('arg', doc)).toMatchObject({
      cellphone: '3515550000',
      email: stored.email,
      firstName: 'Ana',
      version: stored.version + 1,
    });
  });

  it('keeps the cellphone while an application of the customer is in audit, and says so; an email alone still applies', async () => {
    const admin = await as('col', 'admin@col.example');
    const doc = '1033444777';
    const audited = (await admin.post('/api/col/leads', { ...colCustomer(doc), ...colApplication })).json();
    await t.app.db.update(leads).set({ statusId: COL_STATUS_IDS.AUDIT_PENDING }).where(eq(leads.id, audited.id));
    const res = await admin.post('/api/col/leads', {
      doc_number: doc,
      cellphone: '3209998877',
      email: 'otra@example.co',
      ...colApplication,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ customer_id: audited.customer_id, customer_reused: true, customer_kept: ['cellphone'] });
    expect(await customerByDoc('col', doc)).toMatchObject({ cellphone: '3104445555', email: 'otra@example.co', firstName: 'Camila' });
  });

  it('reuses, for a body without the customer’s data, a customer created just before; refuses it once more for another new document', async () => {
    const admin = await as('col', 'operator@col.example');
    const doc = '1033444888';
    const created = await admin.post('/api/col/leads', { ...colCustomer(doc), ...colApplication });
    expect(created.statusCode, created.body).toBe(201);
    const reused = await admin.post('/api/col/leads', { doc_number: doc, ...colApplication });
    expect(reused.json()).toMatchObject({ customer_id: created.json().customer_id, customer_reused: true });
    // Same digits, another document (a CE): a new customer, which needs its data.
    const other = await admin.post('/api/col/leads', { doc_type: 'CE', doc_number: '1033444', ...colApplication });
    expect(other.statusCode).toBe(400);
    // An existing customer's body with another field wrong names only that field.
    const wrong = await admin.post('/api/col/leads', { doc_number: doc, ...colApplication, requested_amount: 5 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.map((f: { field: string }) => f.field)).toEqual(['requested_amount']);
  });

  it('tells the form, through the lookup, whether a new application would keep the cellphone and save an account', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const seller = await as('arg', 'seller@arg.example');
    const doc = '33444999';
    const first = (await admin.post('/api/arg/leads', { ...argCustomer(doc), ...argApplication })).json();
    const lookup = async (client: typeof admin) =>
      customerLookupResponseSchema.parse((await client.get(`/api/arg/customers/lookup?doc_number=${doc}`)).json()).customer;
    expect(await lookup(admin)).toMatchObject({ has_bank_account: false, cellphone_locked: false, bank_account_fillable: true });
    expect(await lookup(seller)).toMatchObject({ other_seller_application: null });
    // Another seller's open application: a seller's new one would be refused; the back office's would save an account.
    const sellerId = await userIdByEmail(t.app, 'arg', 'seller@arg.example');
    const otherSeller = (await userIds(t.app, 'arg', ['2', '7'])).find((id) => id !== sellerId)!;
    await t.app.db.update(leads).set({ sellerId: otherSeller }).where(eq(leads.id, first.id));
    expect(await lookup(seller)).toMatchObject({
      cellphone_locked: false,
      bank_account_fillable: false,
      other_seller_application: first.id,
    });
    expect(await lookup(admin)).toMatchObject({ bank_account_fillable: true, other_seller_application: null });
    // In audit: the cellphone is kept and no account is saved, whoever asks.
    await t.app.db.update(leads).set({ statusId: ARG_STATUS_IDS.AUDIT_PENDING }).where(eq(leads.id, first.id));
    expect(await lookup(admin)).toMatchObject({ cellphone_locked: true, bank_account_fillable: false });
  });
});
