import { expect, test } from '../../support/test';
import type { Locator, Page } from '@playwright/test';
import { PHONE } from '../../support/browsing';

/** The bottom edge of the sticky top bar, and the top edge of `field`, in the viewport. */
async function edges(page: Page, field: Locator): Promise<{ bar: number; field: number }> {
  const bar = await page.getByRole('banner').boundingBox();
  const box = await field.boundingBox();
  if (!bar || !box) throw new Error('The top bar or the field is not on screen.');
  return { bar: bar.y + bar.height, field: box.y };
}

test('on submit with errors, the first invalid field is focused and scrolled below the top bar', async ({
  page,
}) => {
  await page.setViewportSize({ width: PHONE.width, height: 640 });
  await page.goto('/register');
  const username = page.getByLabel('Username');

  // Submitted from the bottom of the form: the first field is far above the screen.
  const submit = page.getByRole('button', { name: 'Sign up', exact: true });
  await submit.scrollIntoViewIfNeeded();
  await submit.click();
  await expect(username).toBeFocused();
  let at = await edges(page, username);
  expect(at.field).toBeGreaterThanOrEqual(at.bar);

  // Tucked just under the sticky bar: focusing alone would leave it hidden there.
  await page.getByLabel('Email').focus();
  await page.evaluate(() => {
    const input = document.querySelector<HTMLInputElement>('#field-username');
    const bar = document.querySelector('header');
    if (!input || !bar) return;
    const under = input.getBoundingClientRect().top - bar.getBoundingClientRect().height / 2;
    window.scrollBy(0, under);
  });
  at = await edges(page, username);
  expect(at.field).toBeLessThan(at.bar);
  await page.getByLabel('Confirm password').press('Enter');
  await expect(username).toBeFocused();
  await expect.poll(async () => (await edges(page, username)).field).toBeGreaterThanOrEqual(at.bar);
});
