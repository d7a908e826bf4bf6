import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server:pglite',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    env: { AGORA_TEST_DB: 'pglite' },
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
