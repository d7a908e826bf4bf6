import { defineConfig } from 'vitest/config';

// The server suite runs on PGlite always, and a second time on real PostgreSQL
// when TEST_DATABASE_URL is set (CI sets it); the suites that store files run once more
// with uploads in a local S3-compatible server instead of on disk.
const projects = [
  'packages/shared/vitest.config.ts',
  'apps/web/vitest.config.ts',
  'apps/server/vitest.config.ts',
  'apps/server/vitest.s3.config.ts',
];
if (process.env.TEST_DATABASE_URL) projects.push('apps/server/vitest.postgres.config.ts');

export default defineConfig({
  test: {
    projects,
    // Vitest leaves one core idle by default; on a 2-core machine one worker per core cuts the
    // server suite from ~45 s to ~28 s (each file spends ~0.6 s loading its database copy).
    maxWorkers: '100%',
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: '.test-results/vitest.json' }]]
      : ['default'],
  },
});
