import type { Locator, Page } from '@playwright/test';
import { expect } from '../../support/test';

/**
 * Whether the focused element shows it: an outline of its own, or (a text field, a radio's or
 * checkbox's hidden input) the focused state MUI draws on the field or button around it, or the
 * border a plain field's label box draws while it holds the focus (the top bar's search, which
 * has none while it does not).
 */
function focusIsVisible(): string | null {
  const element = document.activeElement;
  if (!element || element === document.body) return null;
  const style = getComputedStyle(element);
  if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) return null;
  if (element.matches('input, textarea') && element.closest('.Mui-focused, .Mui-focusVisible')) {
    return null;
  }
  const box = element.matches('input') ? element.closest('label') : null;
  if (box) {
    const border = getComputedStyle(box);
    if (parseFloat(border.borderTopWidth) > 0 && border.borderTopColor !== 'rgba(0, 0, 0, 0)') {
      return null;
    }
  }
  const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40);
  return `<${element.tagName.toLowerCase()}> "${name ?? ''}"`;
}

/**
 * Presses `key` (Tab by default) until `target` has focus, checking at every stop that the
 * focus can be seen. Keyboard only: the flows of e2e/tests/a11y/keyboard-*.spec.ts click nothing.
 */
export async function tabTo(page: Page, target: Locator, key = 'Tab', most = 80): Promise<void> {
  await expect(target).toBeVisible();
  for (let press = 0; press < most; press += 1) {
    await page.keyboard.press(key);
    // MUI marks keyboard focus on its buttons a frame after the focus moves.
    await expect.poll(() => page.evaluate(focusIsVisible), 'focus is visible').toBeNull();
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${most} presses of ${key} did not reach ${target.toString()}.`);
}
