import type { Poll } from '@agora/shared';
import { expect, test } from '../../support/test';
import { asMember, createVerifiedMember, signInContext } from '../../support/members';
import { poll } from './a11y-data';
import { tabTo } from './keyboard';
import { shoot } from '../../support/page-watch';

test('a member votes in a poll with the keyboard only', async ({ context, page, request }) => {
  const [author, voter] = await Promise.all([
    createVerifiedMember(request, 'kbasker'),
    createVerifiedMember(request, 'kbvoter'),
  ]);
  const created = await poll(request, author);
  await signInContext(context, voter);
  await page.goto(`/polls/${created.id}`);

  // Tab reaches the group on its first option; an arrow moves the choice to the next one.
  await tabTo(page, page.getByRole('radio', { name: 'Saturday' }));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Sunday' })).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Vote', exact: true }));
  // For a person to see the focus outline.
  await shoot(page, 'a11y-keyboard-vote-focus');
  await page.keyboard.press('Enter');

  await expect(page.getByText('You voted')).toBeVisible();
  const stored = await request.get(`/api/forums/polls/${created.id}/`, asMember(voter));
  const sunday = created.options.find((option) => option.text === 'Sunday');
  expect(((await stored.json()) as Poll).myVote).toEqual([sunday?.id]);
});
