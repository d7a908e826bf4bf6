import type { Album } from '@agora/shared';
import { expect, test } from '../../support/test';
import { asMember, createVerifiedMember, signInContext } from '../../support/members';
import { shoot } from '../../support/page-watch';
import { album } from './a11y-data';
import { tabTo } from './keyboard';

test('the author goes through an album and picks its thumbnail with the keyboard only', async ({
  context,
  page,
  request,
}) => {
  const author = await createVerifiedMember(request, 'kbalbum');
  const made = await album(request, author);
  await signInContext(context, author);
  await page.goto(`/albums/${made.id}`);
  const grid = page.getByRole('list', { name: 'Pictures' });

  // Enter opens the picture; the arrows turn; Escape closes onto the picture it started from.
  const first = grid.getByRole('button', { name: 'Open sand.png' });
  await tabTo(page, first);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'sand.png' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'sea.png' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('dialog', { name: 'sand.png' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(first).toBeFocused();

  // The second picture's menu: Enter opens it, the arrows choose, Enter picks.
  await tabTo(page, grid.getByRole('button', { name: 'More for sea.png' }));
  await shoot(page, 'a11y-keyboard-album-focus');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Use as thumbnail' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Thumbnail changed.' })).toBeVisible();

  const stored = await request.get(`/api/common/albums/${made.id}/`, asMember(author));
  const saved = (await stored.json()) as Album;
  expect(saved.thumbnail).toBe(saved.images.find((image) => image.name.startsWith('sea.png'))?.id);
});
