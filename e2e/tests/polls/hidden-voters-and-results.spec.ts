import { expect, test } from '../../support/test';
import { POLL_MESSAGES } from '@agora/shared';
import type { Poll, PollPage } from '@agora/shared';
import { browse, toast } from '../../support/browsing';
import { asMember, createVerifiedMember } from '../../support/members';
import { watchProblems } from '../../support/page-watch';
import { castVote, createPoll, optionId, watchLiveUpdates } from './poll-requests';

test('an anonymous poll offers no "voted by", and the API refuses it to voters and author alike', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const [asker, voter] = await Promise.all([
    createVerifiedMember(request, 'anonasker'),
    createVerifiedMember(request, 'anonvoter'),
  ]);
  const question = `Should the minutes name who proposed what ${Date.now().toString(36)}?`;
  const poll = await createPoll(request, asker, {
    question,
    options: ['Yes, always', 'Only for motions', 'Never'],
    voters: 'anonymous',
    tags: ['meetings'],
  });
  await castVote(request, asker, poll, ['Never']);

  const b = await browse(browser, voter);
  const problems = watchProblems(b);
  await b.goto(`/polls/${poll.id}`);
  const card = b.getByRole('article', { name: question });
  await expect(card.getByText('Anonymous poll')).toBeVisible();
  await card.getByRole('radio', { name: 'Only for motions' }).check();
  await card.getByRole('button', { name: 'Vote', exact: true }).click();
  await expect(toast(b, 'Your vote is in.')).toBeVisible();
  await expect(
    card.getByRole('listitem', { name: 'Only for motions: 50%, 1 vote, your choice' }),
  ).toBeVisible();
  await expect(card.getByRole('listitem', { name: 'Never: 50%, 1 vote' })).toBeVisible();
  await expect(card.getByText('2 voters', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /voted by/i })).toHaveCount(0);

  // Asked directly, with the member's token: 403 and the reason, for the author too.
  const url = `/api/forums/polls/${poll.id}/voted_by/?option=${optionId(poll, 'Never')}`;
  for (const member of [voter, asker]) {
    const response = await b.request.get(url, asMember(member));
    expect(response.status()).toBe(403);
    expect(await response.json()).toEqual({ detail: POLL_MESSAGES.anonymous });
  }

  expect(problems.problems).toEqual([]);
  await b.context().close();
});

test('results shown after voting are in no answer before the vote, and appear once voted', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const [asker, voter] = await Promise.all([
    createVerifiedMember(request, 'hiddenasker'),
    createVerifiedMember(request, 'hiddenvoter'),
  ]);
  const run = Date.now().toString(36);
  const question = `Which colour for the new allotment sheds ${run}?`;
  const tag = `sheds${run}`;
  const created = await createPoll(request, asker, {
    question,
    options: ['Moss green', 'Barn red', 'Slate grey'],
    results: 'after_vote',
    tags: [tag],
  });
  // The author's own vote: there is a tally to hide.
  await castVote(request, asker, created, ['Barn red']);

  const polls: { path: string; poll: Poll }[] = [];
  const pending: Promise<void>[] = [];
  const b = await browse(browser, voter, (page) => {
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (!/^\/api\/forums\/(polls|trending_polls)\//.test(path) || !response.ok()) return;
      if (response.request().method() !== 'GET') return;
      pending.push(
        response.json().then(
          (body: Poll | PollPage) => {
            const items = 'next' in body ? body.results : [body];
            for (const poll of items.filter((item) => item.id === created.id)) {
              polls.push({ path, poll });
            }
          },
          (error: unknown) => {
            // A page left before its answer was read (the home page's lists, on the way to the
            // feed) keeps no body; what this test checks is read on the pages it stays on.
            if (!String(error).includes('navigated away')) throw error;
          },
        ),
      );
    });
  });
  const problems = watchProblems(b);
  const live = watchLiveUpdates(b);
  // The member home's lists are read before the page is left.
  await b.waitForLoadState('networkidle');
  await Promise.all(pending);

  // In the feed (tagged, so the card is on the first page) and on its page, before voting.
  await b.goto(`/polls?tag=${tag}`);
  const feedCard = b.getByRole('article', { name: question });
  await expect(feedCard.getByRole('radio', { name: 'Barn red' })).toBeVisible();
  await feedCard.getByRole('link', { name: question }).click();
  await expect(b).toHaveURL(new RegExp(`/polls/${created.id}$`));
  await expect(b.getByRole('heading', { name: question, level: 1 })).toBeVisible();
  const card = b.getByRole('article', { name: question });
  await expect(card.getByRole('radio', { name: 'Moss green' })).toBeVisible();
  await expect(card.getByText('1 voter', { exact: true })).toBeVisible();
  await expect.poll(() => live.some((update) => update.id === created.id)).toBe(true);
  await Promise.all(pending);

  expect(polls.map((seen) => seen.path)).toEqual(
    expect.arrayContaining(['/api/forums/polls/', `/api/forums/polls/${created.id}/`]),
  );
  for (const { poll: seen } of polls) {
    expect(seen.tallies).toBeNull();
    expect(seen.resultsHiddenReason).toBe(POLL_MESSAGES.resultsAfterVote);
    expect(seen.votersCount).toBe(1);
  }
  for (const update of live.filter((item) => item.id === created.id)) {
    expect(update).not.toHaveProperty('tallies');
  }
  // No bars, and no way to peek at them.
  await expect(card.getByRole('listitem', { name: /%/ })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'View results' })).toHaveCount(0);

  // Once B votes, the bars appear, with the author's vote counted.
  await card.getByRole('radio', { name: 'Moss green' }).check();
  await card.getByRole('button', { name: 'Vote', exact: true }).click();
  await expect(toast(b, 'Your vote is in.')).toBeVisible();
  await expect(
    card.getByRole('listitem', { name: 'Moss green: 50%, 1 vote, your choice' }),
  ).toBeVisible();
  await expect(card.getByRole('listitem', { name: 'Barn red: 50%, 1 vote' })).toBeVisible();
  await expect(card.getByRole('listitem', { name: 'Slate grey: 0%, 0 votes' })).toBeVisible();
  await expect(card.getByText('2 voters', { exact: true })).toBeVisible();

  expect(problems.problems).toEqual([]);
  await b.context().close();
});
