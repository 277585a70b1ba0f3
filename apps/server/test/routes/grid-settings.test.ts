import { gridSettingsResponseSchema, type GridSettings } from '@backoffice/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userGridSettings, users } from '../../src/db/schema';
import { TestClient, createTestApp, signedIn, type Driver, type TestApp } from '../helpers/app';

const chosen: GridSettings = { columns: { email: true, cellphone: false }, density: 'compact' };

describe.each<Driver>(['pglite', 'postgres'])('grid settings on %s', (driver) => {
  let t: TestApp;
  const as = signedIn(() => t.app);
  const rows = async () => (await t.app.db.select({ n: count() }).from(userGridSettings))[0].n;

  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps each user’s own settings of each list, replaced whole, across sessions', async () => {
    const seller = await as('arg', 'seller@arg.example');
    expect((await seller.get('/api/arg/grid-settings/leads')).json()).toEqual({ settings: null });

    const saved = await seller.put('/api/arg/grid-settings/leads', chosen);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(gridSettingsResponseSchema.parse(saved.json())).toEqual({ settings: chosen });
    const replaced = { columns: { source: true }, density: 'comfortable' } as const;
    expect((await seller.put('/api/arg/grid-settings/leads', replaced)).statusCode).toBe(200);

    // A new session (after a logout cleared the browser) finds them; the other list and other users do not.
    const again = new TestClient(t.app);
    expect((await again.login('arg', 'seller@arg.example')).statusCode).toBe(200);
    expect((await again.get('/api/arg/grid-settings/leads')).json()).toEqual({ settings: replaced });
    expect((await again.get('/api/arg/grid-settings/sales')).json()).toEqual({ settings: null });
    const supervisor = await as('arg', 'supervisor@arg.example');
    expect((await supervisor.get('/api/arg/grid-settings/leads')).json()).toEqual({ settings: null });
  });

  it.each<[string, unknown, string]>([
    ['an unknown density', { columns: {}, density: 'tiny' }, 'density'],
    ['a column value that is not a boolean', { columns: { email: 'yes' }, density: 'compact' }, 'columns.email'],
    ['a column name that is no field name', { columns: { 'a b': true }, density: 'compact' }, 'columns.a b'],
    ['a member the settings do not have', { columns: {}, density: 'compact', width: 3 }, ''],
    ['no columns', { density: 'compact' }, 'columns'],
  ])('refuses %s with 400 naming the field, writing nothing', async (_name, body, field) => {
    const seller = await as('arg', 'seller@arg.example');
    const before = await rows();
    const res = await seller.put('/api/arg/grid-settings/sales', body);
    expect(res.statusCode, res.body).toBe(400);
    const fields = (res.json() as { fields?: { field: string }[] }).fields ?? [];
    if (field) expect(fields.map((f) => f.field)).toContain(field);
    expect(await rows()).toBe(before);
  });

  it('guards each list’s settings as the list: role, country, session and XSRF', async () => {
    // An auditor has no /leads: neither its settings.
    const auditor = await as('arg', 'auditor@arg.example');
    expect((await auditor.get('/api/arg/grid-settings/leads')).statusCode).toBe(403);
    expect((await auditor.put('/api/arg/grid-settings/leads', chosen)).statusCode).toBe(403);
    // SPEC 6: /sales is for the sales roles; a supervisor is not one of them.
    const supervisor = await as('arg', 'supervisor@arg.example');
    expect((await supervisor.put('/api/arg/grid-settings/sales', chosen)).statusCode).toBe(403);
    // A user of the other country, no session, a browser write without the XSRF token.
    const colAdmin = await as('col', 'admin@col.example');
    expect((await colAdmin.get('/api/arg/grid-settings/leads')).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/arg/grid-settings/leads')).statusCode).toBe(401);
    const before = await rows();
    expect((await supervisor.put('/api/arg/grid-settings/leads', chosen, { xsrf: false })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/arg/grid-settings/collections' })).statusCode).toBe(404);
    expect(await rows()).toBe(before);
  });

  it('forgets a user’s settings with the user', async () => {
    const seller = await as('col', 'seller@col.example');
    expect((await seller.put('/api/col/grid-settings/sales', chosen)).statusCode).toBe(200);
    const [{ id }] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, 'seller@col.example'));
    const owned = async () => (await t.app.db.select({ n: count() }).from(userGridSettings).where(eq(userGridSettings.userId, id)))[0].n;
    expect(await owned()).toBe(1);
    await t.app.db.delete(users).where(eq(users.id, id));
    expect(await owned()).toBe(0);
  });
});
