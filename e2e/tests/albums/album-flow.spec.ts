import type { Locator, Page } from '@playwright/test';
import { expect, failedResource, test } from '../../support/test';
import { createVerifiedMember, expectSignedIn, signInContext } from '../../support/members';
import { shoot } from '../../support/page-watch';
import {
  fakeJpeg,
  landscapeJpeg,
  portraitStoredLandscape,
  squarePng,
  tinyPdf,
} from './fixture-images';

/** The size the browser decoded a picture at, once it has loaded. */
async function naturalSize(image: Locator): Promise<{ width: number; height: number }> {
  await expect
    .poll(() =>
      image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
    )
    .toBeGreaterThan(0);
  return image.evaluate((element: HTMLImageElement) => ({
    width: element.naturalWidth,
    height: element.naturalHeight,
  }));
}

async function expectUpright(image: Locator): Promise<void> {
  const { width, height } = await naturalSize(image);
  expect(width, `${width}×${height} should be a portrait`).toBeLessThan(height);
}

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

test('a member makes an album of three pictures, picks its thumbnail, keeps a file, and deletes both', async ({
  page,
  context,
  request,
  quietConsole,
}) => {
  test.setTimeout(120_000);
  // The text posing as a JPEG is refused on purpose, with a 400 naming the file.
  quietConsole.allow(failedResource(400, '/api/common/album-images/'));
  const member = await createVerifiedMember(request, 'albums');
  await signInContext(context, member);
  const albumName = `Harbour walk ${Date.now().toString(36)}`;

  await page.goto('/albums');
  await expectSignedIn(page, member);
  await expect(page.getByRole('heading', { level: 1, name: 'Albums' })).toBeVisible();
  await page.getByRole('tab', { name: 'Your albums' }).click();
  await expect(page.getByRole('heading', { name: 'You have no albums yet' })).toBeVisible();

  await page.getByRole('button', { name: 'New album' }).click();
  const dialog = page.getByRole('dialog', { name: 'New album' });
  await dialog.getByRole('textbox', { name: 'Album name' }).fill(albumName);
  await dialog.getByRole('button', { name: 'Create album' }).click();
  await expect(page).toHaveURL(/\/albums\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: albumName })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No pictures yet' })).toBeVisible();

  // Two pictures and an impostor, each its own request with its own outcome; the first picture
  // stored becomes the thumbnail.
  const addPictures = page.getByLabel('Add pictures', { exact: true });
  await addPictures.setInputFiles([
    await landscapeJpeg('harbour.jpg'),
    fakeJpeg('notes.jpg'),
    await squarePng('square.png'),
  ]);
  const uploads = page.getByRole('region', { name: 'Uploads' });
  for (const name of ['harbour.jpg', 'square.png']) {
    await expect(uploads.getByRole('listitem', { name })).toContainText('Uploaded', {
      timeout: 15_000,
    });
  }
  const refused = uploads.getByRole('listitem', { name: 'notes.jpg' });
  await expect(refused).toContainText('Not uploaded');
  await expect(refused.getByRole('alert')).toContainText('Albums hold pictures');
  // Then a phone's portrait photo.
  await addPictures.setInputFiles([await portraitStoredLandscape('portrait.jpg')]);
  await expect(uploads.getByRole('listitem', { name: 'portrait.jpg' })).toContainText('Uploaded', {
    timeout: 15_000,
  });

  const grid = page.getByRole('list', { name: 'Pictures' });
  await expect(grid.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByText('3 pictures')).toBeVisible();
  // Stored landscape with EXIF orientation 6: the server turned it upright.
  await expectUpright(grid.getByRole('img', { name: 'portrait.jpg' }));
  await shoot(page, 'album-page');

  // The lightbox: the picture large, upright; arrows go through all three, Escape closes.
  await grid.getByRole('button', { name: 'Open portrait.jpg' }).click();
  const lightbox = page.getByRole('dialog', { name: 'portrait.jpg' });
  await expect(lightbox).toBeVisible();
  await expectUpright(lightbox.getByRole('img', { name: 'portrait.jpg' }));
  const seen = new Set<string>();
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft']) {
    await page.keyboard.press(key);
    seen.add((await page.getByRole('dialog').locator('h2').textContent()) ?? '');
  }
  expect(seen.size).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The keyboard goes on from the picture that was opened.
  await expect(grid.getByRole('button', { name: 'Open portrait.jpg' })).toBeFocused();

  // The portrait becomes the album's thumbnail, and its cover in the list.
  await grid.getByRole('button', { name: 'More for portrait.jpg' }).click();
  await page.getByRole('menuitem', { name: 'Use as thumbnail' }).click();
  await expect(toast(page, 'Thumbnail changed.')).toBeVisible();
  await expect(
    grid.getByRole('listitem').filter({ has: page.getByRole('img', { name: 'portrait.jpg' }) }),
  ).toContainText('Thumbnail');

  // The kernel's pieces: a like, a bookmark (listed under Bookmarked) and a comment.
  await page.getByRole('button', { name: 'Like · 0' }).click();
  await expect(page.getByRole('button', { name: 'Liked · 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Bookmark', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Bookmarked', exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Add a comment' }).fill('The light on the water!');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByText('The light on the water!')).toBeVisible();

  await page.goto('/albums?show=bookmarked');
  await expect(
    page.getByRole('list', { name: 'Bookmarked albums' }).getByRole('listitem'),
  ).toContainText(albumName);

  await page.goto('/albums?show=mine');
  const card = page.getByRole('list', { name: 'Your albums' }).getByRole('listitem');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(albumName);
  await expect(card).toContainText('3 pictures');
  await expectUpright(card.locator('img'));
  await shoot(page, 'albums-mine');

  // A file: uploaded with its progress, listed with its type and size, downloadable, deleted.
  await page.goto('/files');
  await expect(page.getByRole('heading', { level: 1, name: 'Your files' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No files yet' })).toBeVisible();
  await page.getByLabel('Upload files', { exact: true }).setInputFiles([tinyPdf('minutes.pdf')]);
  const row = page.getByRole('list', { name: 'Your files' }).getByRole('listitem', {
    name: 'minutes.pdf',
  });
  await expect(row).toContainText('PDF');
  const download = row.getByRole('link', { name: 'Download minutes.pdf' });
  const href = await download.getAttribute('href');
  expect(href).toBeTruthy();
  const served = await request.get(href ?? '');
  expect(served.status()).toBe(200);
  expect(served.headers()['content-disposition']).toMatch(/^attachment/);
  await shoot(page, 'files-page');

  await row.getByRole('button', { name: 'Delete minutes.pdf' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this file?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(toast(page, 'Deleted minutes.pdf.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No files yet' })).toBeVisible();

  // The album, after asking.
  await page.goto('/albums?show=mine');
  await page.getByRole('link', { name: new RegExp(albumName) }).click();
  await page.getByRole('button', { name: 'Delete album' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this album?' })
    .getByRole('button', { name: 'Delete album' })
    .click();
  await expect(page).toHaveURL(/\/albums\?show=mine$/);
  await expect(page.getByRole('heading', { name: 'You have no albums yet' })).toBeVisible();
});
