import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` uses this file; the app applies the migrations itself at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
