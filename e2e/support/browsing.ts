import type { Browser, Page } from '@playwright/test';
import { expectSignedIn, signInContext } from './members';
import type { Member } from './members';
import { shoot } from './page-watch';

/** The SPEC's desktop width and a 390×844 phone. */
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * A browser context of its own for `member`, signed in, on the home page. `prepare` runs on the
 * new page before its first load (e.g. to record every response from the very first).
 */
export async function browse(
  browser: Browser,
  member: Member,
  prepare?: (page: Page) => void,
): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  await signInContext(context, member);
  const page = await context.newPage();
  prepare?.(page);
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await expectSignedIn(page, member);
  return page;
}

/**
 * Screenshots the page as it is at desktop width and on a phone, as `<name>-desktop.png` and
 * `<name>-mobile.png`, then goes back to desktop width.
 */
export async function shootBoth(page: Page, name: string): Promise<void> {
  // From the top, with no hover or tab-indicator animation half done.
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
  await page.setViewportSize(DESKTOP);
  await shoot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await shoot(page, `${name}-mobile`);
  await page.setViewportSize(DESKTOP);
}

/** The toast saying `text`. */
export const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('alert').filter({ hasText: text });
