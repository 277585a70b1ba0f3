import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { errorBodySchema } from '@backoffice/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestClient, createTestApp, tempDir, type Driver, type TestApp } from '../helpers/app';

const ASSET = 'console.log(1)';
const INDEX = '<!doctype html><html><body><div id="app"></div><script type="module" src="/assets/index-Ab12Cd.js"></script></body></html>';

describe.each<Driver>(['pglite', 'postgres'])('health and the web app on %s', (driver) => {
  const dist = tempDir('bo-web-dist-');
  let t: TestApp;
  let bare: TestApp;

  beforeAll(async () => {
    mkdirSync(join(dist.path, 'assets'));
    mkdirSync(join(dist.path, 'builds'));
    writeFileSync(join(dist.path, 'index.html'), INDEX);
    writeFileSync(join(dist.path, 'assets', 'index-Ab12Cd.js'), ASSET);
    // The copies the web build writes beside each text file (apps/web/build/precompress.ts).
    for (const [file, content] of [
      ['index.html', INDEX],
      [join('assets', 'index-Ab12Cd.js'), ASSET],
    ]) {
      writeFileSync(join(dist.path, `${file}.br`), brotliCompressSync(content));
      writeFileSync(join(dist.path, `${file}.gz`), gzipSync(content));
    }
    writeFileSync(join(dist.path, 'builds', 'latest.json'), JSON.stringify({ id: 'b1', timestamp: 1 }));
    writeFileSync(join(dist.path, 'favicon.ico'), 'icon');
    // Neither needs demo data.
    t = await createTestApp(driver, { seed: false, webDist: dist.path });
    bare = await createTestApp('pglite', { seed: false });
  });
  afterAll(async () => {
    await t?.close();
    await bare?.close();
    dist.remove();
  });

  describe('health', () => {
    it('GET /api/health answers without touching the database; /api/health/ready checks it', async () => {
      expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
      expect((await t.app.inject({ url: '/api/health/ready' })).json()).toEqual({ status: 'ok' });

      const broken = vi.spyOn(t.app.db, 'execute').mockRejectedValue(new Error('database is down'));
      try {
        const live = await t.app.inject({ url: '/api/health' });
        expect(live.statusCode).toBe(200);
        const ready = await t.app.inject({ url: '/api/health/ready' });
        expect(ready.statusCode).toBe(503);
        expect(errorBodySchema.parse(ready.json()).message).toBe('Base de datos no disponible');
        expect(broken).toHaveBeenCalledTimes(1);
      } finally {
        broken.mockRestore();
      }
    });
  });

  describe('with a built web app', () => {
    it.each(['/', '/leads', '/lead-detail?id=12', '/some/unknown/page'])('answers %s with the SPA index, not cached', async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    });

    it('serves the build manifest uncached and hashed assets cached for long', async () => {
      const manifest = await t.app.inject({ url: '/builds/latest.json?t=123' });
      expect(manifest.statusCode).toBe(200);
      expect(manifest.headers['cache-control']).toBe('no-cache');
      expect(manifest.json()).toEqual({ id: 'b1', timestamp: 1 });

      const asset = await t.app.inject({ url: '/assets/index-Ab12Cd.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-type']).toMatch(/javascript/);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      expect((await t.app.inject({ url: '/favicon.ico' })).statusCode).toBe(200);
    });

    it('sends the build’s brotli or gzip copy to a browser that accepts it, with the original’s type and cache policy', async () => {
      const asset = await t.app.inject({ url: '/assets/index-Ab12Cd.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-encoding']).toBe('br');
      expect(asset.headers['content-type']).toMatch(/javascript/);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(ASSET);

      const gzipped = await t.app.inject({ url: '/assets/index-Ab12Cd.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.rawPayload).toString()).toBe(ASSET);

      const plain = await t.app.inject({ url: '/assets/index-Ab12Cd.js', headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(ASSET);

      // The SPA's index on a client route: compressed too, and still never cached.
      const page = await t.app.inject({ url: '/lead-detail?id=12', headers: { 'accept-encoding': 'br' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX);

      // A file the build left without copies (too small to gain) is sent as it is.
      const manifest = await t.app.inject({ url: '/builds/latest.json', headers: { 'accept-encoding': 'br' } });
      expect(manifest.headers['content-encoding']).toBeUndefined();
      expect(manifest.json()).toEqual({ id: 'b1', timestamp: 1 });
    });

    it('answers a missing file with 404, not with the index', async () => {
      const res = await t.app.inject({ url: '/assets/gone-123.js' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('<html');
    });

    it('keeps /api JSON: unknown API paths and non-GET requests are JSON 404s', async () => {
      const api = await t.app.inject({ url: '/api/arg/unknown' });
      expect(api.statusCode).toBe(404);
      expect(errorBodySchema.parse(api.json()).message).toBe('Ruta no encontrada: GET /api/arg/unknown');

      const client = await new TestClient(t.app).init();
      const post = await client.post('/leads', {});
      expect(post.statusCode).toBe(404);
      expect(post.headers['content-type']).toMatch(/application\/json/);

      // An address the router cannot decode is a 400 with the same body, in Spanish.
      const malformed = await t.app.inject({ url: '/api/col/leads/%zz' });
      expect(malformed.statusCode).toBe(400);
      expect(errorBodySchema.parse(malformed.json())).toMatchObject({
        statusCode: 400,
        statusMessage: expect.stringContaining('no es válida'),
      });
    });
  });

  describe('without a built web app', () => {
    it('answers pages with a short 404 text saying to build, and the API still works', async () => {
      const res = await bare.app.inject({ url: '/leads' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/plain/);
      expect(res.body).toContain('npm run build');
      expect((await bare.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      expect((await bare.app.inject({ url: '/api/nope' })).json().statusCode).toBe(404);
    });
  });
});
