import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';

// The web app's features are independent slices (bulletproof-react's rule): a feature imports the shared layers
// (domain, components, hooks, lib, config) and never another feature or the app shell that composes them.
const features = readdirSync(join(import.meta.dirname, 'apps/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((feature) => ({
  target: `./apps/web/src/features/${feature}`,
  from: './apps/web/src/features',
  except: [`./${feature}`],
  message:
    'A feature does not import another feature: move the shared piece to src/domain (it knows leads, customers, statuses) or src/components, src/hooks, src/lib.',
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads the imported modules too (no-cycle walks them): it must know .ts/.tsx are modules and parse them.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'packages/shared/tsconfig.json',
            'apps/server/tsconfig.json',
            'apps/server/test/tsconfig.json',
            'apps/web/tsconfig.json',
            'apps/web/test/tsconfig.json',
            'apps/web/e2e/tsconfig.json',
          ],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // A cycle makes module initialisation order matter. import-x skips `import type` edges: a type two
      // modules share still belongs in a third (routes/country/options.ts, services/adapters/types.ts).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Known cycle, left for a later move: the tables in db/tables/ import the core tables from db/schema.ts,
    // which re-exports them. Moving the core tables to db/tables/ would rewrite the file every schema change edits.
    files: ['apps/server/src/db/schema.ts', 'apps/server/src/db/tables/**/*.ts'],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    // Promises that nobody awaits lose their errors; these rules need the types, so they run on the files the
    // three workspaces' tsconfigs cover.
    files: ['packages/shared/{src,test}/**/*.ts', 'apps/server/{src,test,bench}/**/*.ts', 'apps/web/{src,test,e2e}/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // Fastify awaits async hooks and handlers, though its hook types say they return void.
    files: ['apps/server/{src,test,bench}/**/*.ts'],
    rules: { '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'A feature does not import the app shell (router, guards, providers); the app imports features.',
            },
            {
              target: './apps/web/src/domain',
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'src/domain is shared by features: it imports neither a feature nor the app shell.',
            },
            {
              target: './apps/web/src/components',
              from: ['./apps/web/src/domain', './apps/web/src/features', './apps/web/src/app'],
              message: 'src/components is generic UI: it knows no lead, customer or status (those pieces live in src/domain).',
            },
          ],
        },
      ],
    },
  },
);
