import { defineConfig } from 'drizzle-kit';

// One schema and one migrations folder serve both PGlite and PostgreSQL; the server applies
// them itself at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/features/*/*.tables.ts', './src/platform/*/*.tables.ts'],
  out: './migrations',
});
