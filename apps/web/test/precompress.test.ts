import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from '../build/precompress';

describe('precompressDir (the web build’s compressed copies)', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a brotli and a gzip copy of each text file worth it, anywhere under the folder, and nothing else', async () => {
    dir = mkdtempSync(join(tmpdir(), 'bo-precompress-'));
    mkdirSync(join(dir, 'assets'));
    const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'fila ${i} ñandú'`).join(', ')}];`;
    writeFileSync(join(dir, 'assets', 'index-Ab12.js'), script);
    writeFileSync(join(dir, 'index.html'), `<!doctype html><title>x</title>${'<div></div>'.repeat(200)}`);
    writeFileSync(join(dir, 'tiny.js'), 'console.log(1)');
    writeFileSync(join(dir, 'logo.png'), Buffer.alloc(4096, 7));

    const done = await precompressDir(dir);

    expect(done.map((entry) => entry.file).sort()).toEqual([join(dir, 'assets', 'index-Ab12.js'), join(dir, 'index.html')]);
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets', 'index-Ab12.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dir, 'assets', 'index-Ab12.js.gz'))).toString()).toBe(script);
    for (const entry of done) expect(entry.br).toBeLessThan(entry.bytes / 4);
    // Too small to gain, or not text: sent as they are.
    for (const file of ['tiny.js', 'logo.png']) {
      expect(existsSync(join(dir, `${file}.br`))).toBe(false);
      expect(existsSync(join(dir, `${file}.gz`))).toBe(false);
    }
  });
});
