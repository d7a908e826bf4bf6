import { expect, test } from '../../support/test';
import type { Poll } from '@agora/shared';
import { browse, shootBoth, toast } from '../../support/browsing';
import { createVerifiedMember } from '../../support/members';
import { watchProblems } from '../../support/page-watch';
import { castVote, createPoll, optionId } from './poll-requests';

test('a ranked ballot reordered with the keyboard alone is sent in that order and counted by runoff', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const [asker, ranker, c, d, e] = await Promise.all([
    createVerifiedMember(request, 'rankasker'),
    createVerifiedMember(request, 'ranker'),
    createVerifiedMember(request, 'rankc'),
    createVerifiedMember(request, 'rankd'),
    createVerifiedMember(request, 'ranke'),
  ]);
  const question = `Which route for the autumn walk ${Date.now().toString(36)}?`;
  const poll = await createPoll(request, asker, {
    question,
    options: ['Alpha', 'Beta', 'Gamma'],
    type: 'ranked',
  });
  // First choices before B: Alpha 2, Beta 2. B's Gamma first makes three 2-2-1, so Gamma goes
  // out and B's second choice, Alpha, wins round 2 by 3 to 2.
  await Promise.all([
    castVote(request, asker, poll, ['Alpha', 'Gamma', 'Beta']),
    castVote(request, c, poll, ['Alpha', 'Beta', 'Gamma']),
    castVote(request, d, poll, ['Beta', 'Gamma', 'Alpha']),
    castVote(request, e, poll, ['Beta', 'Alpha', 'Gamma']),
  ]);

  const b = await browse(browser, ranker);
  const problems = watchProblems(b);
  await b.goto(`/polls/${poll.id}`);
  const card = b.getByRole('article', { name: question });
  const ranking = card.getByRole('list', { name: 'Your ranking' });
  await expect(ranking.getByRole('listitem')).toHaveText([/Alpha/, /Beta/, /Gamma/]);

  // Alt + ↑ twice on Gamma (the keys the ballot documents); focus stays on the moved item.
  await ranking.getByRole('listitem', { name: '3. Gamma' }).focus();
  await b.keyboard.press('Alt+ArrowUp');
  await expect(ranking.getByRole('listitem', { name: '2. Gamma' })).toBeFocused();
  await expect(card.getByRole('status')).toHaveText('Gamma moved to position 2 of 3.');
  await b.keyboard.press('Alt+ArrowUp');
  await expect(ranking.getByRole('listitem', { name: '1. Gamma' })).toBeFocused();
  await expect(card.getByRole('status')).toHaveText('Gamma moved to position 1 of 3.');
  await expect(ranking.getByRole('listitem')).toHaveText([/Gamma/, /Alpha/, /Beta/]);

  // Sent from the keyboard too: Tab on to "Vote", then Enter.
  const vote = card.getByRole('button', { name: 'Vote', exact: true });
  for (let presses = 0; presses < 12; presses += 1) {
    if (await vote.evaluate((button) => button === document.activeElement)) break;
    await b.keyboard.press('Tab');
  }
  await expect(vote).toBeFocused();
  const [sent] = await Promise.all([
    b.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/forums/polls-vote/' &&
        response.request().method() === 'POST',
    ),
    b.keyboard.press('Enter'),
  ]);
  expect(sent.status()).toBe(200);
  const expected = ['Gamma', 'Alpha', 'Beta'].map((text) => optionId(poll, text));
  expect((sent.request().postDataJSON() as { choices: number[] }).choices).toEqual(expected);
  const answered = (await sent.json()) as Poll;
  expect(answered.myVote).toEqual(expected);
  await expect(toast(b, 'Your vote is in.')).toBeVisible();

  // The results: first choices, the winner and the runoff round by round.
  await expect(
    card.getByRole('listitem', { name: 'Gamma: 20%, 1 vote, your choice number 1' }),
  ).toBeVisible();
  await expect(
    card.getByRole('listitem', { name: /^Alpha: 40%, 2 votes, your choice number 2/ }),
  ).toBeVisible();
  await expect(card.getByText('Winner: Alpha')).toBeVisible();
  const rounds = card.getByRole('table', { name: 'Runoff rounds' });
  await expect(rounds.getByRole('columnheader', { name: 'Round 2' })).toBeVisible();
  await expect(rounds.getByRole('row', { name: /^Alpha \(winner\) 2 3$/ })).toBeVisible();
  await expect(rounds.getByRole('row', { name: /^Beta 2 2$/ })).toBeVisible();
  await expect(rounds.getByRole('row', { name: /^Gamma 1 out$/ })).toBeVisible();
  await expect(toast(b, 'Your vote is in.')).toHaveCount(0);
  await shootBoth(b, 'polls-detail-ranked');

  expect(problems.problems).toEqual([]);
  await b.context().close();
});
