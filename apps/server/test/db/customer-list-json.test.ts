import { leadDetailSchema, leadListResponseSchema } from '@backoffice/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, leads } from '../../src/db/schema';
import { DRIVERS, TestClient, createTestApp, type Driver, type TestApp } from '../helpers/app';

/*
 * The lead lists read each row's customer from customers.list_json, written by PostgreSQL with the row
 * (migration 0028): it must be the customer as it is, whatever its texts hold, and follow every change.
 */
describe.each<Driver>(DRIVERS)('customers.list_json on %s', (driver) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 0 });
    admin = new TestClient(t.app);
    await admin.login('arg', 'admin@arg.example');
  });
  afterAll(async () => {
    await t?.close();
  });

  const listed = async (query: string) => leadListResponseSchema.parse((await admin.get(`/api/arg/leads?${query}`)).json()).rows;

  it('is the customer as the list and the detail show it, quotes, backslashes, line breaks and nulls included, and follows a change', async () => {
    const [customer] = await t.app.db
      .insert(customers)
      .values({
        country: 'arg',
        docType: 'DNI',
        docNumber: '30111222',
        cuil: null,
        firstName: 'José "Pepe"',
        lastName: 'Núñez \\ Báez\tdos\nlíneas',
        birthDate: '1980-02-03',
        cellphone: null,
        email: null,
      })
      .returning();
    const [lead] = await t.app.db
      .insert(leads)
      .values({ country: 'arg', customerId: customer.id, requestedAmount: 1_500_000, term: 6, statusId: 1, source: 'web' })
      .returning();
    const expected = {
      id: customer.id,
      doc_type: 'DNI',
      doc_number: '30111222',
      cuil: null,
      first_name: 'José "Pepe"',
      last_name: 'Núñez \\ Báez\tdos\nlíneas',
      cellphone: null,
      email: null,
    };

    // The default page (walked in the list's order) and a document fragment's (its customers first).
    expect((await listed('')).find((row) => row.id === lead.id)?.customer).toEqual(expected);
    expect((await listed('q=0111222')).map((row) => row.customer)).toEqual([expected]);
    // The detail appends its own members to the same object.
    const detail = leadDetailSchema.parse((await admin.get(`/api/arg/leads/${lead.id}`)).json());
    expect(detail.customer).toMatchObject({ ...expected, birth_date: '1980-02-03', address: null, version: 1 });

    await t.app.db
      .update(customers)
      .set({ firstName: 'Ana', cuil: '27301112224', cellphone: '1144445555', email: 'ana@example.com' })
      .where(eq(customers.id, customer.id));
    const changed = { ...expected, first_name: 'Ana', cuil: '27301112224', cellphone: '1144445555', email: 'ana@example.com' };
    expect((await listed('q=0111222')).map((row) => row.customer)).toEqual([changed]);
    expect(leadDetailSchema.parse((await admin.get(`/api/arg/leads/${lead.id}`)).json()).customer).toMatchObject(changed);
  });
});
