import { chromium } from '@playwright/test';
import { expect, test } from '../../support/test';
import type { Discussion } from '@agora/shared';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  asMember,
  createVerifiedMember,
  expectSignedIn,
  signInContext,
  type Member,
} from '../../support/members';
import { shoot, watchProblems } from '../../support/page-watch';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const audioSection = (page: Page) => page.getByRole('region', { name: 'Audio version' });

/** Resolves once the element has played to its end. */
function playedToEnd(player: Locator): Promise<boolean> {
  return player.evaluate(
    (audio: HTMLAudioElement) =>
      new Promise<boolean>((resolve) => {
        if (audio.ended) resolve(true);
        else audio.addEventListener('ended', () => resolve(true), { once: true });
      }),
  );
}

async function postDiscussion(
  request: APIRequestContext,
  author: Member,
  title: string,
): Promise<Discussion> {
  const created = await request.post('/api/forums/forums/', {
    ...asMember(author),
    data: { title, content: 'A short post, **read aloud** by the server.', tags: ['audio'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as Discussion;
}

test('the author has the text read aloud, and a visitor listens to it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const author = await createVerifiedMember(request, 'audio');
  const discussion = await postDiscussion(request, author, 'Listening corner');

  const context = await browser.newContext({ viewport: DESKTOP });
  await signInContext(context, author);
  const page = await context.newPage();
  const { problems } = watchProblems(page);
  await page.goto(`/discussions/${discussion.id}`);
  await expectSignedIn(page, author);

  const section = audioSection(page);
  await expect(section.getByText('Let members listen')).toBeVisible();
  await shoot(page, 'forums-audio-author-none-desktop');
  await section.getByRole('button', { name: 'Generate from text' }).click();
  await expect(section.getByRole('button', { name: 'Generate from text' })).toBeDisabled();
  await expect(toast(page, 'The audio version is ready.')).toBeVisible({ timeout: 60_000 });
  await expect(section.getByText(/^Read aloud by a synthesised voice · 0:0\d$/)).toBeVisible();

  // Listen starts the native player; it knows the length and plays to the end at double speed.
  await section.getByRole('button', { name: 'Listen' }).click();
  const player = section.getByLabel('Audio version of Listening corner');
  // Stored by content hash: `<folder>/<first two hex digits>/<sha256>.<extension>`.
  await expect(player).toHaveAttribute('src', /\/media\/audio\/[0-9a-f]{2}\/[0-9a-f]{64}\.mp3$/);
  await expect
    .poll(() => player.evaluate((audio: HTMLAudioElement) => audio.duration))
    .toBeGreaterThan(1);
  await section.getByRole('combobox', { name: 'Speed' }).click();
  await page.getByRole('option', { name: '2×' }).click();
  expect(await player.evaluate((audio: HTMLAudioElement) => audio.playbackRate)).toBe(2);
  await player.evaluate((audio: HTMLAudioElement) => audio.play());
  expect(await playedToEnd(player)).toBe(true);
  await shoot(page, 'forums-audio-author-ready-desktop');
  await page.setViewportSize(PHONE);
  await shoot(page, 'forums-audio-author-ready-mobile');
  expect(problems).toEqual([]);

  // A signed-out visitor gets the player, not the author's tools.
  const visitor = await browser.newPage({ viewport: PHONE });
  await visitor.goto(`/discussions/${discussion.id}`);
  const shown = audioSection(visitor);
  await shown.getByRole('button', { name: 'Listen' }).click();
  await expect
    .poll(() =>
      shown
        .getByLabel('Audio version of Listening corner')
        .evaluate((audio: HTMLAudioElement) => audio.duration),
    )
    .toBeGreaterThan(1);
  await expect(shown.getByRole('button', { name: 'Generate from text' })).toHaveCount(0);
  await expect(shown.getByRole('button', { name: 'Upload' })).toHaveCount(0);
  await shoot(visitor, 'forums-audio-visitor-mobile');
  await context.close();
  await visitor.close();
});

test('the author records the audio version with the microphone', async ({ request }) => {
  test.setTimeout(120_000);
  // Chromium's stand-in microphone (a beeping tone), granted without a prompt.
  const { launchOptions } = test.info().project.use;
  const browser = await chromium.launch({
    ...launchOptions,
    args: [
      ...(launchOptions?.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  });
  const author = await createVerifiedMember(request, 'voice');
  const discussion = await postDiscussion(request, author, 'Read by its author');
  const context = await browser.newContext({ viewport: DESKTOP });
  await signInContext(context, author);
  const page = await context.newPage();
  const { problems } = watchProblems(page);
  await page.goto(`/discussions/${discussion.id}`);

  const section = audioSection(page);
  await section.getByRole('button', { name: 'Record' }).click();
  await expect(section.getByText('Recording 0:02')).toBeVisible();
  await shoot(page, 'forums-audio-recording-desktop');
  await section.getByRole('button', { name: 'Stop' }).click();
  await expect(section.getByLabel('Recording preview')).toHaveAttribute('src', /^blob:/);
  await shoot(page, 'forums-audio-recorded-desktop');
  await page.setViewportSize(PHONE);
  await shoot(page, 'forums-audio-recorded-mobile');
  await page.setViewportSize(DESKTOP);

  await section.getByRole('button', { name: 'Use this recording' }).click();
  await expect(toast(page, 'Your recording is now the audio version.')).toBeVisible();
  await expect(section.getByText('Recorded by the author')).toBeVisible();
  await section.getByRole('button', { name: 'Listen' }).click();
  const player = section.getByLabel('Audio version of Read by its author');
  // The recording is the uploaded file itself, referenced once more, not a copy.
  await expect(player).toHaveAttribute('src', /\/media\/files\/[0-9a-f]{2}\/[0-9a-f]{64}\.webm$/);
  expect(await playedToEnd(player)).toBe(true);
  expect(problems).toEqual([]);
  await browser.close();
});
