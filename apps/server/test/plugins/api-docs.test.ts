import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createTestApp, type Driver, type TestApp } from '../helpers/app';

/** API_DOCS_REQUIRE_SESSION: in production the OpenAPI document and its UI are for signed-in users only. */
describe.each<Driver>(['pglite', 'postgres'])('API docs on %s', (driver) => {
  let closed: TestApp;
  beforeAll(async () => {
    closed = await createTestApp(driver, { apiDocsRequireSession: true });
  });
  afterAll(async () => {
    await closed?.close();
  });

  it('with the setting, answers 401 to anonymous requests and serves signed-in users', async () => {
    for (const url of ['/api/docs/json', '/api/docs', '/api/docs/static/index.html']) {
      const res = await closed.app.inject({ url });
      expect(res.statusCode, url).toBe(401);
    }
    const user = new TestClient(closed.app, '10.5.0.1');
    expect((await user.login('col', 'operator@col.example')).statusCode).toBe(200);
    const doc = await user.get('/api/docs/json');
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toMatch(/^3\./);
    expect((await user.get('/api/docs')).statusCode).toBe(200);
  });

  it('without it (the default), the document is public', async () => {
    const open = await createTestApp(driver);
    try {
      expect((await open.app.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});
