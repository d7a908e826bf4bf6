import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../../support/axe';
import { DESKTOP, PHONE } from '../../support/browsing';
import { expect } from '../../support/test';

/**
 * Checks the page as it is at 1280×800 and again at 390×844: one main heading (h1), no axe-core
 * violation and no sideways scrolling at either width. `ready` waits for what the page loads
 * (its data, not a skeleton).
 */
export async function expectAccessibleAtBothWidths(
  page: Page,
  label: string,
  ready: (page: Page) => Promise<void>,
): Promise<void> {
  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await ready(page);
    await expect(
      page.getByRole('heading', { level: 1 }),
      `${label} (${width}): one h1`,
    ).toHaveCount(1);
    // Drawers and menus that change with the width finish their transitions first.
    await page.waitForTimeout(300);
    await expectNoAxeViolations(page, `${label} (${width})`);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth, `${label} (${width}): no sideways scrolling`).toBeLessThanOrEqual(
      innerWidth,
    );
  }
}
