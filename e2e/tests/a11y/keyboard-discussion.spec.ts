import type { Discussion } from '@agora/shared';
import { expect, test } from '../../support/test';
import { asMember, createVerifiedMember, signInContext } from '../../support/members';
import { discussionWithComment, unique } from './a11y-data';
import { tabTo } from './keyboard';

test('a member posts a discussion with the keyboard only', async ({ context, page, request }) => {
  const ada = await createVerifiedMember(request, 'kbpost');
  await signInContext(context, ada);
  await page.goto('/discussions/new');
  const title = unique('Keyboard-only walk to the lighthouse');

  await tabTo(page, page.getByRole('textbox', { name: 'Title' }));
  await page.keyboard.type(title);
  await tabTo(page, page.getByRole('textbox', { name: 'Text' }));
  await page.keyboard.type('Meet at the pier at **nine**.');
  await tabTo(page, page.getByRole('button', { name: 'Publish' }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/discussions\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const id = Number(new URL(page.url()).pathname.split('/').at(-1));
  const stored = await request.get(`/api/forums/forums/${id}/`, asMember(ada));
  const discussion = (await stored.json()) as Discussion;
  expect(discussion.title).toBe(title);
  expect(discussion.content).toBe('Meet at the pier at **nine**.');
});

test('a member comments on a discussion with the keyboard only', async ({
  context,
  page,
  request,
}) => {
  const [author, ben] = await Promise.all([
    createVerifiedMember(request, 'kbauthor'),
    createVerifiedMember(request, 'kbcomment'),
  ]);
  const discussion = await discussionWithComment(request, author, author);
  await signInContext(context, ben);
  await page.goto(`/discussions/${discussion.id}`);
  const comments = page.getByRole('list', { name: 'Comments' });
  await expect(comments.getByText('The lake loop: two hours')).toBeVisible();

  await tabTo(page, page.getByRole('textbox', { name: 'Add a comment' }));
  await page.keyboard.type('The ridge path is quieter on Sundays.');
  await tabTo(page, page.getByRole('button', { name: 'Comment', exact: true }));
  await page.keyboard.press('Enter');

  await expect(comments.getByText('The ridge path is quieter on Sundays.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('');
});
