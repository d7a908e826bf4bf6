import { defineConfig } from '@playwright/test';

const ci = Boolean(process.env.CI);

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  // One retry on CI only: Chromium now and then stops producing frames on a page after a
  // screenshot, and every later action on it waits for a frame until the test times out. A test
  // that passes on its retry is still listed by name in CI's summary.
  retries: ci ? 1 : 0,
  timeout: 30_000,
  forbidOnly: ci,
  reporter: ci
    ? [['list'], ['json', { outputFile: '../.test-results/playwright.json' }]]
    : [['list']],
  outputDir: './test-results',
  use: {
    // Secure, same-site strict cookies (SPEC §9) are accepted on http://localhost only.
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
