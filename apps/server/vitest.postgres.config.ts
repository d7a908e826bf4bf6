import { defineProject, mergeConfig } from 'vitest/config';
import base from './vitest.config';

// Same test files, each on its own freshly created PostgreSQL database.
export default mergeConfig(
  base,
  defineProject({ test: { name: 'server:postgres', env: { AGORA_TEST_DB: 'postgres' } } }),
);
