import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './build/precompress.ts';

const COUNTRIES = ['arg', 'col'];
const country = process.env.VITE_COUNTRY ?? 'arg';
if (!COUNTRIES.includes(country)) {
  throw new Error(`VITE_COUNTRY must be one of ${COUNTRIES.join(', ')}; got '${country}'`);
}

// One id per build: the running client compares it with /builds/latest.json to offer a reload after a deploy.
const buildTimestamp = Date.now();
const buildId = `${buildTimestamp.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

function buildManifest(): Plugin {
  return {
    name: 'build-manifest',
    apply: 'build',
    writeBundle(options) {
      const dir = resolve(options.dir ?? 'dist', 'builds');
      mkdirSync(dir, { recursive: true });
      writeFileSync(resolve(dir, 'latest.json'), JSON.stringify({ id: buildId, timestamp: buildTimestamp }));
    },
  };
}

export default defineConfig({
  plugins: [react(), buildManifest(), precompress()],
  define: {
    __COUNTRY__: JSON.stringify(country),
    __BUILD_ID__: JSON.stringify(buildId),
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'ws://localhost:3000', ws: true } } },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
});
