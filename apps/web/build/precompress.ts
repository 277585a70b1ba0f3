import { existsSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the browser fetches; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

export interface Precompressed {
  file: string;
  bytes: number;
  br: number;
  gz: number;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir` worth compressing, at the
 * strongest settings: done once per build, so the server sends the copy the browser accepts
 * (`@fastify/static`'s `preCompressed`) and spends no CPU compressing per request. A copy that would not be
 * smaller is not written.
 */
export async function precompressDir(dir: string): Promise<Precompressed[]> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  const done = await Promise.all(
    files.map(async (file): Promise<Precompressed | null> => {
      if ((await stat(file)).size < MIN_BYTES) return null;
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length >= content.length && gz.length >= content.length) return null;
      if (br.length < content.length) await writeFile(`${file}.br`, br);
      if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
      return { file, bytes: content.length, br: br.length, gz: gz.length };
    }),
  );
  return done.filter((entry) => entry !== null);
}

/** The Vite build step: precompresses the output folder once every file is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // A build that failed wrote nothing: its own error is the one to see.
      if (!existsSync(outDir)) return;
      const done = await precompressDir(outDir);
      const total = (key: 'bytes' | 'br') => done.reduce((sum, entry) => sum + entry[key], 0);
      this.info(
        `precompressed ${done.length} files: ${Math.round(total('bytes') / 1024)} kB → ${Math.round(total('br') / 1024)} kB brotli`,
      );
    },
  };
}
