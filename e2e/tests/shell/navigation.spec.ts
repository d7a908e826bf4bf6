import { expect, test } from '../../support/test';
import { createVerifiedMember, signInContext } from '../../support/members';

test('the browser’s Back asks before unsaved words are lost, and Keep editing keeps them', async ({
  context,
  page,
  request,
}) => {
  const ada = await createVerifiedMember(request, 'navback');
  await signInContext(context, ada);
  await page.goto('/discussions');
  await expect(page.getByRole('heading', { level: 1, name: 'Discussions' })).toBeVisible();
  await page.getByRole('link', { name: 'New discussion' }).click();
  await expect(page).toHaveURL(/\/discussions\/new$/);
  const title = page.getByRole('textbox', { name: 'Title' });
  await title.fill('Half a thought');

  await page.goBack({ waitUntil: 'commit' });
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/discussions\/new$/);
  await dialog.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/discussions\/new$/);
  await expect(title).toHaveValue('Half a thought');

  await page.goBack({ waitUntil: 'commit' });
  await page
    .getByRole('dialog', { name: 'Leave without saving?' })
    .getByRole('button', { name: 'Leave' })
    .click();
  await expect(page).toHaveURL(/\/discussions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Discussions' })).toBeVisible();
});

test('Back and Forward between pages keep the shell and come back where the page was scrolled', async ({
  page,
}) => {
  await page.goto('/userguide');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 700));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(700);
  const banner = await page.getByRole('banner').elementHandle();

  // The top bar stays in view: clicking its link scrolls nothing first.
  await page.getByRole('banner').getByRole('link', { name: 'Polls' }).click();
  await expect(page).toHaveURL(/\/polls$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/userguide$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(700);

  await page.goForward({ waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/polls$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Polls');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // The same top bar throughout: the app never reloaded or redrew its shell.
  expect(await banner?.evaluate((element) => element.isConnected)).toBe(true);
});
