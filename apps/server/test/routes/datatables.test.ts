import {
  AMOUNT_RANGES,
  BOOLEAN_OPTIONS,
  DATA_RATES,
  INSTALLMENT_STATUSES,
  MANAGEMENT_STATUSES,
  PROCESSED_FLAGS,
  RETURN_REQUEST_STATUSES,
  ROLES,
  STATUSES,
  auditStatusesOf,
  filterResourcesSchema,
  salesStatusesOf,
  stepsOf,
  type Country,
  type StatusEntry,
} from '@backoffice/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { TestClient, createTestApp, type Driver, type TestApp } from '../helpers/app';

describe.each<Driver>(['pglite', 'postgres'])('GET /api/{country}/datatables/filter-resources on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Active people of the country with these stored roles, as {id, name} by id (collations differ: no name order). */
  const peopleOf = async (country: Country, kinds: string[]) => {
    const stored = ROLES[country].filter((r) => kinds.includes(r.kind)).map((r) => String(r.id));
    const rows = await t.app.db
      .select({ id: users.id, name: users.name, role: users.role })
      .from(users)
      .where(and(eq(users.country, country), eq(users.active, true)));
    return rows
      .filter((r) => stored.includes(r.role))
      .map(({ id, name }) => ({ id, name }))
      .sort((a, b) => a.id - b.id);
  };
  const byId = (list: { id: number | string; name: string }[]) => [...list].sort((a, b) => Number(a.id) - Number(b.id));

  it.each<[Country, string]>([
    ['arg', 'operator@arg.example'],
    ['col', 'collector@col.example'],
  ])('gives a %s user every catalogue of the country and its people', async (country, email) => {
    const client = new TestClient(t.app);
    expect((await client.login(country, email)).statusCode).toBe(200);
    const res = await client.get(`/api/${country}/datatables/filter-resources`);
    expect(res.statusCode).toBe(200);
    const body = filterResourcesSchema.parse(res.json());

    // SPEC 3's status entry: id, name, color, icon (the Spanish label is the web's own catalogue's).
    const specEntry = ({ id, name, color, icon }: StatusEntry) => ({ id, name, color, icon });
    expect(body.statuses).toEqual(STATUSES[country].map(specEntry));
    expect(body.steps).toEqual(stepsOf(country));
    expect(body.sales_statuses).toEqual(salesStatusesOf(country));
    expect(body.audit_statuses).toEqual(auditStatusesOf(country).map(specEntry));
    expect(body.amount_ranges).toEqual(AMOUNT_RANGES[country]);
    expect(body.management_statuses).toEqual([...MANAGEMENT_STATUSES]);
    expect(body.processed).toEqual(PROCESSED_FLAGS);
    expect(body.installment_statuses).toEqual(INSTALLMENT_STATUSES[country]);
    expect(body.return_request_statuses).toEqual(country === 'arg' ? RETURN_REQUEST_STATUSES : []);
    expect(body.data_rates).toEqual(country === 'col' ? DATA_RATES : []);
    expect(body.booleans).toEqual(BOOLEAN_OPTIONS);
    expect(body.roles).toEqual(ROLES[country].map(({ id, code, label }) => ({ id, code, label })));

    // People: the active ones of this country only.
    const sellers = await peopleOf(country, ['seller', 'seller_wo_assignation', 'seller_renovator']);
    expect(sellers.length).toBeGreaterThanOrEqual(6);
    expect(byId(body.sellers)).toEqual(sellers);
    expect(byId(body.collectors)).toEqual(await peopleOf(country, ['collector']));
    expect(body.collectors.length).toBeGreaterThanOrEqual(4);
    expect(byId(body.auditors)).toEqual(await peopleOf(country, ['auditor']));
    expect(body.auditors.length).toBeGreaterThanOrEqual(2);

    const otherCountryIds = (
      await t.app.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.country, country === 'arg' ? 'col' : 'arg'))
    ).map((r) => r.id);
    for (const person of [...body.sellers, ...body.collectors, ...body.auditors]) {
      expect(otherCountryIds).not.toContain(person.id);
    }
    const inactive = await t.app.db.select({ id: users.id }).from(users).where(eq(users.active, false));
    expect(inactive.length).toBeGreaterThan(0);
    for (const { id } of inactive) expect(body.sellers.map((s) => s.id)).not.toContain(id);
  });

  it('reads the people from the database: a deactivated seller leaves the list', async () => {
    const client = new TestClient(t.app);
    await client.login('arg', 'admin@arg.example');
    const before = filterResourcesSchema.parse(await client.get('/api/arg/datatables/filter-resources').then((r) => r.json()));
    const [victim] = before.sellers;
    await t.app.db
      .update(users)
      .set({ active: false })
      .where(eq(users.id, Number(victim.id)));
    try {
      const after = filterResourcesSchema.parse(await client.get('/api/arg/datatables/filter-resources').then((r) => r.json()));
      expect(after.sellers.map((s) => s.id)).not.toContain(victim.id);
      expect(after.sellers).toHaveLength(before.sellers.length - 1);
    } finally {
      await t.app.db
        .update(users)
        .set({ active: true })
        .where(eq(users.id, Number(victim.id)));
    }
  });

  it('answers 401 when not signed in and 403 to a user of the other country', async () => {
    const anonymous = await new TestClient(t.app).get('/api/arg/datatables/filter-resources');
    expect(anonymous.statusCode).toBe(401);
    const client = new TestClient(t.app);
    await client.login('col', 'admin@col.example');
    const res = await client.get('/api/arg/datatables/filter-resources');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Tu usuario no pertenece a este país');
  });
});
