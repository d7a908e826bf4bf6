import { test as base, expect } from '@playwright/test';
import type { BrowserContext, ConsoleMessage, Page } from '@playwright/test';

/**
 * What a page may say on its console in one test: each pattern a test expects on purpose (a
 * status it asserts on), matched against the whole line as `watchProblems` writes it.
 */
export interface QuietConsole {
  /** Lets lines matching `pattern` pass in this test only. */
  allow(pattern: string | RegExp): void;
  /** Everything recorded so far, allowed or not. */
  readonly problems: readonly string[];
  /** Records the pages of `context` too; contexts opened during the test are recorded anyway. */
  watch(context: BrowserContext): void;
}

/** Chromium logs every answer with status `status` as this console error. */
export function failedResource(status: number): RegExp {
  return new RegExp(
    `^console: Failed to load resource: the server responded with a status of ${status} \\(`,
  );
}

function recorder(): {
  quiet: QuietConsole;
  stop(): void;
  unexpected(): string[];
} {
  const problems: string[] = [];
  const allowed: (string | RegExp)[] = [];
  const pages = new Set<Page>();
  const contexts = new Set<BrowserContext>();
  const onConsole = (message: ConsoleMessage) => {
    // Chromium reports a Content-Security-Policy violation as a console error naming the policy.
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  };
  const onPageError = (error: Error) => problems.push(`pageerror: ${error.message}`);
  const watchPage = (page: Page) => {
    if (pages.has(page)) return;
    pages.add(page);
    page.on('console', onConsole);
    page.on('pageerror', onPageError);
  };
  const watch = (context: BrowserContext) => {
    if (contexts.has(context)) return;
    contexts.add(context);
    context.pages().forEach(watchPage);
    context.on('page', watchPage);
  };
  return {
    quiet: { allow: (pattern) => allowed.push(pattern), problems, watch },
    stop() {
      for (const context of contexts) context.off('page', watchPage);
      for (const page of pages) {
        page.off('console', onConsole);
        page.off('pageerror', onPageError);
      }
    },
    unexpected: () =>
      problems.filter(
        (problem) =>
          !allowed.some((pattern) =>
            typeof pattern === 'string' ? problem === pattern : pattern.test(problem),
          ),
      ),
  };
}

/**
 * Playwright's `test`, with every page of every browser context a test opens (its own `page`
 * and those of `browser.newContext()`) recording console errors, uncaught page errors and CSP
 * violations; the test fails at its end if any was not allowed with `quietConsole.allow`.
 */
export const test = base.extend<{ quietConsole: QuietConsole }>({
  quietConsole: [
    async ({ browser }, use) => {
      const record = recorder();
      browser.on('context', record.quiet.watch);
      await use(record.quiet);
      browser.off('context', record.quiet.watch);
      record.stop();
      expect(record.unexpected(), 'console errors, page errors or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, quietConsole }, use) => {
    // The test's own context may open before the recorder listens for new ones.
    quietConsole.watch(context);
    await use(context);
  },
});

export { expect };
