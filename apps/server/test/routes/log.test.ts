import { errorBodySchema, loginResponseSchema } from '@backoffice/shared';
import { count, desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorLogs } from '../../src/db/schema';
import { TestClient, createTestApp, type Driver, type TestApp } from '../helpers/app';

const valid = {
  message: 'TypeError: x is undefined',
  stack: 'TypeError: x is undefined\n    at LeadList (index-abc.js:1:2)',
  info: 'render',
  path: '/leads?page=2',
  timestamp: '2025-05-01T10:00:00.000Z',
};

let nextAddress = 1;
const freshClient = (t: TestApp) => new TestClient(t.app, `10.2.0.${nextAddress++}`).init();

describe.each<Driver>(['pglite', 'postgres'])('POST /api/log/error on %s', (driver) => {
  let t: TestApp;
  const rows = async () => (await t.app.db.select({ n: count() }).from(errorLogs))[0].n;

  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores an anonymous error with the user agent and address', async () => {
    const client = await freshClient(t);
    const res = await client.post('/api/log/error', valid, { headers: { 'user-agent': 'Vitest Browser/1.0' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    const [row] = await t.app.db.select().from(errorLogs).orderBy(desc(errorLogs.id)).limit(1);
    expect(row).toMatchObject({
      message: valid.message,
      stack: valid.stack,
      info: valid.info,
      path: valid.path,
      userId: null,
      country: null,
      userAgent: 'Vitest Browser/1.0',
      ip: expect.stringMatching(/^10\.2\.0\./),
    });
    expect(row.occurredAt.toISOString()).toBe(valid.timestamp);
  });

  it('records the signed-in user', async () => {
    const client = await freshClient(t);
    const login = loginResponseSchema.parse((await client.login('col', 'supervisor@col.example')).json());
    expect((await client.post('/api/log/error', { ...valid, stack: undefined, info: undefined })).statusCode).toBe(201);
    const [row] = await t.app.db.select().from(errorLogs).orderBy(desc(errorLogs.id)).limit(1);
    expect(row).toMatchObject({ userId: login.user.id, country: 'col', stack: null, info: null });
  });

  it.each([
    ['a missing message', { ...valid, message: undefined }, 'message'],
    ['an empty message', { ...valid, message: '' }, 'message'],
    ['a bad timestamp', { ...valid, timestamp: 'yesterday' }, 'timestamp'],
    ['a timestamp that is not ISO', { ...valid, timestamp: 'Thu May 01 2025' }, 'timestamp'],
    ['a missing path', { ...valid, path: undefined }, 'path'],
    ['a too long message', { ...valid, message: 'x'.repeat(2_001) }, 'message'],
    ['a stack that is not text', { ...valid, stack: { frames: [] } }, 'stack'],
  ])('answers 400 for %s, naming the field, and stores nothing', async (_case, payload, field) => {
    const client = await freshClient(t);
    const before = await rows();
    const res = await client.post('/api/log/error', payload);
    expect(res.statusCode).toBe(400);
    const body = errorBodySchema.parse(res.json());
    expect(body.fields?.map((f) => f.field)).toEqual([field]);
    expect(body.message).toMatch(new RegExp(`^Datos inválidos: ${field}: `));
    expect(await rows()).toBe(before);
  });

  it('answers 413 beyond 64 KiB, and stores nothing', async () => {
    const client = await freshClient(t);
    const before = await rows();
    const res = await client.post('/api/log/error', { ...valid, stack: 'x'.repeat(65 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(errorBodySchema.parse(res.json()).message).toBe('El contenido enviado supera el tamaño máximo permitido');
    expect(await rows()).toBe(before);
    // Just under the limit the size is fine (then the schema's own limits apply).
    const under = await client.post('/api/log/error', { ...valid, stack: 'x'.repeat(60 * 1024) });
    expect(under.statusCode).toBe(400);
  });

  it('limits each address to 30 a minute', async () => {
    const client = await freshClient(t);
    for (let i = 0; i < 30; i++) expect((await client.post('/api/log/error', valid)).statusCode).toBe(201);
    const limited = await client.post('/api/log/error', valid);
    expect(limited.statusCode).toBe(429);
    expect(errorBodySchema.parse(limited.json()).message).toMatch(/Demasiadas solicitudes/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Other addresses still report.
    expect((await (await freshClient(t)).post('/api/log/error', valid)).statusCode).toBe(201);
  });
});
