import { test as base, expect } from '@playwright/test';
import type { BrowserContext, ConsoleMessage, Page } from '@playwright/test';

/**
 * What a page may say on its console in one test: each pattern a test expects on purpose (a
 * status it asserts on), matched against the whole line as `watchProblems` writes it.
 */
export interface QuietConsole {
  /**
   * Lets a problem pass in this test only: a string equal to the line, or a pattern matching it
   * followed by ` (on <page URL>, from <request URL>:<line>)`.
   */
  allow(pattern: string | RegExp): void;
  /** Everything recorded so far, allowed or not, as `console: <text>` or `pageerror: <message>`. */
  readonly problems: readonly string[];
  /** Records the pages of `context` too; contexts opened during the test are recorded anyway. */
  watch(context: BrowserContext): void;
}

/**
 * Chromium's console error for an answer with `status`; with `path`, only for a request whose URL
 * path starts with it (`/auth/login/`), so a test allows exactly the failure it provokes.
 */
export function failedResource(status: number, path = ''): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `^console: Failed to load resource: the server responded with a status of ${status} \\(` +
      (path ? `.*, from https?://[^/]+${escaped}` : ''),
  );
}

function recorder(): {
  quiet: QuietConsole;
  stop(): void;
  unexpected(): string[];
} {
  const problems: string[] = [];
  /** Where each problem came from (the page, and the script line when Chromium names one). */
  const sources: string[] = [];
  const allowed: (string | RegExp)[] = [];
  const contexts = new Set<BrowserContext>();
  const listeners = new Map<
    Page,
    { console: (message: ConsoleMessage) => void; pageerror: (error: Error) => void }
  >();
  const watchPage = (page: Page) => {
    if (listeners.has(page)) return;
    const handlers = {
      console: (message: ConsoleMessage) => {
        // Chromium reports a Content-Security-Policy violation as a console error naming the
        // policy.
        if (message.type() !== 'error') return;
        const { url, lineNumber } = message.location();
        problems.push(`console: ${message.text()}`);
        sources.push(`${page.url()}${url ? `, from ${url}:${lineNumber}` : ''}`);
      },
      pageerror: (error: Error) => {
        problems.push(`pageerror: ${error.message}`);
        sources.push(page.url());
      },
    };
    listeners.set(page, handlers);
    page.on('console', handlers.console);
    page.on('pageerror', handlers.pageerror);
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
      for (const [page, handlers] of listeners) {
        page.off('console', handlers.console);
        page.off('pageerror', handlers.pageerror);
      }
    },
    unexpected: () =>
      problems.flatMap((problem, index) => {
        const located = `${problem} (on ${sources[index] ?? 'a page'})`;
        const isAllowed = allowed.some((pattern) =>
          typeof pattern === 'string' ? problem === pattern : pattern.test(located),
        );
        return isAllowed ? [] : [located];
      }),
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
