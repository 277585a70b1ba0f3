import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // In CI a run that is failing everywhere (a database gone, a machine crawling) stops and says so, rather
    // than spending CI's whole time limit on one timeout after another.
    bail: process.env.CI ? 20 : 0,
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['test/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file builds its own app and databases; two cores do not gain from more workers.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The build-time constants Vite defines for the app.
        define: { __COUNTRY__: JSON.stringify('arg'), __BUILD_ID__: JSON.stringify('test-build') },
        test: { name: 'web', root: 'apps/web', include: ['test/**/*.test.{ts,tsx}'], environment: 'node' },
      },
    ],
  },
});
