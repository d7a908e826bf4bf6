import { expect, test } from '../../support/test';
import { browse, shootBoth, toast } from '../../support/browsing';
import { createVerifiedMember } from '../../support/members';
import { watchProblems } from '../../support/page-watch';
import { watchLiveUpdates } from './poll-requests';

test('a poll asked in the form: another member votes, changes and withdraws while its author watches the bars move live', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const [asker, voter] = await Promise.all([
    createVerifiedMember(request, 'asker'),
    createVerifiedMember(request, 'voter'),
  ]);
  const run = Date.now().toString(36);
  const question = `When should the repair café open ${run}?`;

  // A asks the poll in the form.
  const a = await browse(browser, asker);
  const aProblems = watchProblems(a);
  const aLive = watchLiveUpdates(a);
  await a.goto('/polls');
  await expect(a.getByRole('heading', { name: 'Polls', level: 1 })).toBeVisible();
  await a.getByRole('link', { name: 'New poll' }).click();
  await expect(a.getByRole('heading', { name: 'New poll', level: 1 })).toBeVisible();
  await a.getByRole('textbox', { name: 'Question' }).fill(question);
  await a
    .getByRole('textbox', { name: 'Description' })
    .fill('We have the room **once a week**; pick the slot that suits you.');
  await a.getByRole('textbox', { name: 'Option 1', exact: true }).fill('Mornings');
  await a.getByRole('textbox', { name: 'Option 2', exact: true }).fill('Evenings');
  await a.getByRole('button', { name: 'Add option' }).click();
  await a.getByRole('textbox', { name: 'Option 3', exact: true }).fill('Weekends');
  const tags = a.getByRole('combobox', { name: 'Tags' });
  await tags.fill('repair');
  await tags.press('Enter');
  await tags.fill(`cafe${run}`);
  await tags.press('Enter');
  await expect(a.getByRole('button', { name: '#repair' })).toBeVisible();
  // Closed, so no suggestion list stays open at its desktop place in the phone screenshot.
  await tags.blur();
  await expect(a.getByRole('listbox')).toHaveCount(0);
  await shootBoth(a, 'polls-create');
  await a.getByRole('button', { name: 'Publish' }).click();
  await expect(toast(a, 'Your poll is published.')).toBeVisible();
  await expect(a).toHaveURL(/\/polls\/\d+$/);
  const pollId = Number(new URL(a.url()).pathname.split('/').at(-1));

  // A looks at the results (nobody has voted) and keeps the page open: no reload from here on.
  const aPoll = a.getByRole('article', { name: question });
  await expect(aPoll.getByRole('link', { name: '#repair' })).toBeVisible();
  await expect(aPoll.getByRole('link', { name: `#cafe${run}` })).toBeVisible();
  await expect(aPoll.getByText('once a week')).toBeVisible();
  await aPoll.getByRole('button', { name: 'View results' }).click();
  await expect(aPoll.getByRole('listitem', { name: 'Mornings: 0%, 0 votes' })).toBeVisible();
  await expect(aPoll.getByText('0 voters', { exact: true })).toBeVisible();
  // Subscribed: the socket answers a subscription with a snapshot.
  await expect
    .poll(() => aLive.some((update) => update.model === 'poll' && update.id === pollId))
    .toBe(true);
  await a.evaluate(() => {
    document.documentElement.dataset.e2eSamePage = 'yes';
  });
  const aDetailReads: string[] = [];
  a.on('request', (sent) => {
    if (new URL(sent.url()).pathname === `/api/forums/polls/${pollId}/`)
      aDetailReads.push(sent.url());
  });

  // B finds it in the feed, opens it and votes.
  const b = await browse(browser, voter);
  const bProblems = watchProblems(b);
  await b.goto('/polls');
  const bCard = b.getByRole('article', { name: question });
  await expect(bCard).toBeVisible();
  await shootBoth(b, 'polls-feed');
  await bCard.getByRole('link', { name: question }).click();
  await expect(b).toHaveURL(new RegExp(`/polls/${pollId}$`));
  const bPoll = b.getByRole('article', { name: question });
  await bPoll.getByRole('radio', { name: 'Mornings' }).check();
  await bPoll.getByRole('button', { name: 'Vote', exact: true }).click();
  await expect(toast(b, 'Your vote is in.')).toBeVisible();
  await expect(
    bPoll.getByRole('listitem', { name: 'Mornings: 100%, 1 vote, your choice' }),
  ).toBeVisible();

  // A sees the bars and the voters count move, live.
  await expect(aPoll.getByRole('listitem', { name: 'Mornings: 100%, 1 vote' })).toBeVisible();
  await expect(aPoll.getByRole('listitem', { name: 'Evenings: 0%, 0 votes' })).toBeVisible();
  await expect(aPoll.getByText('1 voter', { exact: true })).toBeVisible();
  // The poll is public: A sees who chose what.
  await aPoll.getByRole('button', { name: 'Voted by: who chose Mornings' }).click();
  const votedBy = a.getByRole('dialog', { name: 'Voted for “Mornings”' });
  await expect(votedBy.getByRole('list', { name: 'Voters' })).toContainText(voter.username);
  await votedBy.getByRole('button', { name: 'Close' }).click();
  await expect(votedBy).toHaveCount(0);
  await shootBoth(a, 'polls-detail-results');

  // B changes the vote; A sees it move again.
  await bPoll.getByRole('button', { name: 'Change vote' }).click();
  await expect(bPoll.getByRole('radio', { name: 'Mornings' })).toBeChecked();
  await bPoll.getByRole('radio', { name: 'Evenings' }).check();
  await bPoll.getByRole('button', { name: 'Save my vote' }).click();
  await expect(toast(b, 'Your vote is changed.')).toBeVisible();
  await expect(
    bPoll.getByRole('listitem', { name: 'Evenings: 100%, 1 vote, your choice' }),
  ).toBeVisible();
  await expect(aPoll.getByRole('listitem', { name: 'Evenings: 100%, 1 vote' })).toBeVisible();
  await expect(aPoll.getByRole('listitem', { name: 'Mornings: 0%, 0 votes' })).toBeVisible();
  await expect(aPoll.getByText('1 voter', { exact: true })).toBeVisible();

  // B withdraws; A sees the poll empty again.
  await bPoll.getByRole('button', { name: 'Withdraw vote' }).click();
  await expect(toast(b, 'Your vote is withdrawn.')).toBeVisible();
  await expect(bPoll.getByRole('radio', { name: 'Evenings' })).not.toBeChecked();
  await expect(aPoll.getByRole('listitem', { name: 'Evenings: 0%, 0 votes' })).toBeVisible();
  await expect(aPoll.getByText('0 voters', { exact: true })).toBeVisible();

  // All of it came over the socket: same document, and the poll never read again over HTTP.
  await expect(a.locator('html')).toHaveAttribute('data-e2e-same-page', 'yes');
  expect(aDetailReads).toEqual([]);
  expect(aLive.filter((update) => update.id === pollId).length).toBeGreaterThanOrEqual(4);

  expect(aProblems.problems).toEqual([]);
  expect(bProblems.problems).toEqual([]);
  await Promise.all([a.context().close(), b.context().close()]);
});
