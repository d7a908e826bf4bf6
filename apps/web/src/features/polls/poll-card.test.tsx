import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Poll } from '@agora/shared';
import { bodyOf } from '../../lib/testing/fake-server';
import type { FakeServer } from '../../lib/testing/fake-server';
import { createSessionBridge } from '../auth';
import { fakeApi, restoreHttp, signIn } from '../../../test/account-fixtures';
import { pollOf, resultsOf } from '../../../test/poll-fixtures';
import { renderRoutes } from '../../../test/render';
import { PollCard } from './components/poll-card';
import { MuiThemeProvider } from '../../components/mui/theme-provider';

let server: FakeServer;
let disconnect: () => void = () => undefined;
beforeEach(() => {
  server = fakeApi();
  signIn();
});
afterEach(() => {
  disconnect();
  restoreHttp();
});

const VOTE = '/api/forums/polls-vote/';

function renderCard(poll: Poll) {
  const view = renderRoutes([
    {
      path: '*',
      element: (
        // The polls pages draw inside the MUI theme (app/router.tsx), as the card does here.
        <MuiThemeProvider>
          <PollCard poll={poll} variant="page" />
        </MuiThemeProvider>
      ),
    },
  ]);
  disconnect = createSessionBridge(view.store);
  return view;
}

describe('PollCard', () => {
  it('sends the one option chosen, and refuses an empty ballot', async () => {
    const poll = pollOf();
    server.on('POST', VOTE, {
      status: 200,
      data: pollOf({ myVote: [12], votersCount: 4, tallies: resultsOf([1, 2, 1]) }),
    });
    renderCard(poll);
    const user = userEvent.setup();

    const vote = screen.getByRole('button', { name: 'Vote' });
    expect(vote).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Hilltop' }));
    await user.click(vote);

    await waitFor(() => expect(server.received('POST', VOTE)).toHaveLength(1));
    expect(bodyOf(server.received('POST', VOTE)[0])).toEqual({ poll: 1, choices: [12] });
  });

  it("links the author's name to their profile, as quiz and discussion cards do", () => {
    const poll = pollOf();
    renderCard(poll);
    expect(screen.getByRole('link', { name: poll.author.username })).toHaveAttribute(
      'href',
      `/user-info/${poll.author.username}`,
    );
  });

  it('shows the results, the viewer choice and change/withdraw once voted', async () => {
    renderCard(pollOf({ myVote: [12], votersCount: 4, tallies: resultsOf([1, 2, 1]) }));
    expect(screen.getByLabelText('Hilltop: 50%, 2 votes, your choice')).toBeVisible();
    expect(screen.getByLabelText('Riverside: 25%, 1 vote')).toBeVisible();
    expect(screen.getByText('4 voters')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Change vote' })).toBeVisible();

    server.on('DELETE', '/api/forums/polls-vote/1/', { status: 200, data: pollOf() });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change vote' }));
    expect(screen.getByRole('radio', { name: 'Hilltop' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Withdraw vote' }));
    await waitFor(() =>
      expect(server.received('DELETE', '/api/forums/polls-vote/1/')).toHaveLength(1),
    );
  });

  it('lets a member pick at most the limit of a multiple-choice poll', async () => {
    renderCard(pollOf({ type: 'multiple', maxChoices: 2 }));
    const user = userEvent.setup();
    expect(screen.getByText('Pick up to 2')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'Riverside' }));
    await user.click(screen.getByRole('checkbox', { name: 'Old orchard' }));
    expect(screen.getByRole('checkbox', { name: 'Hilltop' })).toBeDisabled();
    expect(screen.getByText('You picked 2 of 2: untick one to choose another.')).toBeVisible();

    await user.click(screen.getByRole('checkbox', { name: 'Riverside' }));
    expect(screen.getByRole('checkbox', { name: 'Hilltop' })).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Hilltop' }));
    server.on('POST', VOTE, { status: 200, data: pollOf({ type: 'multiple', maxChoices: 2 }) });
    await user.click(screen.getByRole('button', { name: 'Vote' }));
    await waitFor(() => expect(server.received('POST', VOTE)).toHaveLength(1));
    expect(bodyOf(server.received('POST', VOTE)[0])).toEqual({ poll: 1, choices: [13, 12] });
  });

  it('reorders a ranked ballot with the keyboard and the arrow buttons, announcing each move', async () => {
    renderCard(pollOf({ type: 'ranked' }));
    const user = userEvent.setup();
    const ranking = screen.getByRole('list', { name: 'Your ranking' });
    const names = () =>
      within(ranking)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label'));
    expect(names()).toEqual(['1. Riverside', '2. Hilltop', '3. Old orchard']);

    within(ranking).getByLabelText('1. Riverside').focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(names()).toEqual(['1. Hilltop', '2. Riverside', '3. Old orchard']);
    expect(screen.getByRole('status')).toHaveTextContent('Riverside moved to position 2 of 3.');
    await waitFor(() => expect(within(ranking).getByLabelText('2. Riverside')).toHaveFocus());
    await user.keyboard('{Control>}{ArrowDown}{/Control}');
    expect(names()).toEqual(['1. Hilltop', '2. Old orchard', '3. Riverside']);

    await user.click(screen.getByRole('button', { name: 'Move Old orchard up' }));
    expect(names()).toEqual(['1. Old orchard', '2. Hilltop', '3. Riverside']);
    expect(screen.getByRole('button', { name: 'Move Old orchard up' })).toBeDisabled();

    server.on('POST', VOTE, { status: 200, data: pollOf({ type: 'ranked' }) });
    await user.click(screen.getByRole('button', { name: 'Vote' }));
    await waitFor(() => expect(server.received('POST', VOTE)).toHaveLength(1));
    expect(bodyOf(server.received('POST', VOTE)[0])).toEqual({ poll: 1, choices: [13, 12, 11] });
  });

  it('says why the results are hidden, and never shows bars for them', () => {
    renderCard(
      pollOf({
        results: 'after_close',
        myVote: [11],
        votersCount: 3,
        tallies: null,
        resultsHiddenReason: 'The results of this poll are shown once it closes.',
      }),
    );
    expect(screen.getByText('The results of this poll are shown once it closes.')).toBeVisible();
    expect(screen.queryByText(/%/)).toBeNull();
    expect(screen.getByText('3 voters')).toBeVisible();
  });

  it('says beside the ballot why the results are hidden before voting, in lists and on its page', () => {
    const reason = 'The results of this poll are shown once you have voted.';
    const poll = pollOf({
      results: 'after_vote',
      votersCount: 2,
      tallies: null,
      resultsHiddenReason: reason,
    });
    const view = renderRoutes([
      { path: '*', element: <PollCard poll={{ ...poll, id: 2 }} variant="feed" /> },
    ]);
    disconnect = createSessionBridge(view.store);
    expect(screen.getByRole('radio', { name: 'Hilltop' })).not.toBeChecked();
    expect(screen.getByText(reason)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'View results' })).toBeNull();
    view.unmount();
    disconnect();

    renderCard(poll);
    expect(screen.getByRole('radio', { name: 'Hilltop' })).not.toBeChecked();
    expect(screen.getByText(reason)).toBeVisible();
  });

  it('gives no hidden-results note when the results can be seen', () => {
    renderCard(pollOf({ votersCount: 4, tallies: resultsOf([1, 2, 1]) }));
    expect(screen.getByRole('button', { name: 'View results' })).toBeVisible();
    expect(screen.queryByText(/results are hidden|shown once/)).toBeNull();
  });

  it('marks only the first preference of a ranking, numbering every one', () => {
    renderCard(
      pollOf({
        type: 'ranked',
        isClosed: true,
        myVote: [13, 11, 12],
        votersCount: 5,
        tallies: resultsOf([2, 2, 1]),
      }),
    );
    const first = screen.getByLabelText('Old orchard: 20%, 1 vote, your choice number 1');
    const second = screen.getByLabelText('Riverside: 40%, 2 votes, your choice number 2');
    const third = screen.getByLabelText('Hilltop: 40%, 2 votes, your choice number 3');
    expect(within(first).getByText('Your #1')).toBeVisible();
    expect(within(second).getByText('Your #2')).toBeVisible();
    expect(within(third).getByText('Your #3')).toBeVisible();
    expect(within(first).getByTestId('CheckCircleRoundedIcon')).toBeInTheDocument();
    expect(within(second).queryByTestId('CheckCircleRoundedIcon')).toBeNull();
    expect(within(third).queryByTestId('CheckCircleRoundedIcon')).toBeNull();
  });

  it('shows a ranked poll’s winner and its runoff round by round', () => {
    renderCard(
      pollOf({
        type: 'ranked',
        isClosed: true,
        votersCount: 5,
        tallies: {
          votersCount: 5,
          options: [
            { id: 11, votes: 2, percent: 40 },
            { id: 12, votes: 2, percent: 40 },
            { id: 13, votes: 1, percent: 20 },
          ],
          rounds: [
            {
              tallies: [
                { id: 11, votes: 2 },
                { id: 12, votes: 2 },
                { id: 13, votes: 1 },
              ],
              eliminated: [13],
            },
            {
              tallies: [
                { id: 11, votes: 3 },
                { id: 12, votes: 2 },
              ],
              eliminated: [],
            },
          ],
          winners: [11],
        },
      }),
    );
    expect(screen.getByText('Winner: Riverside')).toBeVisible();
    const table = screen.getByRole('table', { name: 'Runoff rounds' });
    const orchard = within(table).getByRole('row', { name: /Old orchard/ });
    expect(
      within(orchard)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', 'out']);
    expect(screen.getByText('Closed')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Change vote' })).toBeNull();
  });

  it('lists who voted for an option of a public poll, and offers no list for an anonymous one', async () => {
    server.on('GET', '/api/forums/polls/1/voted_by/', {
      status: 200,
      data: {
        results: [
          {
            user: { id: 5, username: 'linus', avatar: null },
            votedAt: '2026-03-01T11:00:00.000Z',
            rank: null,
          },
        ],
        next: null,
      },
    });
    const voted = { myVote: [11], votersCount: 1, tallies: resultsOf([1, 0, 0]) };
    const { unmount } = renderCard(pollOf(voted));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Voted by: who chose Riverside' }));
    const dialog = await screen.findByRole('dialog', { name: 'Voted for “Riverside”' });
    expect(await within(dialog).findByText('linus')).toBeVisible();
    expect(server.received('GET', '/api/forums/polls/1/voted_by/')[0]?.params).toMatchObject({
      option: 11,
    });
    unmount();

    renderCard(pollOf({ ...voted, voters: 'anonymous' }));
    expect(screen.getByText('Anonymous poll')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Voted by/ })).toBeNull();
  });

  it('counts down to the closing time', () => {
    const inThreeHours = new Date(Date.now() + 3 * 60 * 60 * 1000 + 60_000).toISOString();
    renderCard(pollOf({ closesAt: inThreeHours }));
    expect(screen.getByText('Closes in 3 h')).toBeVisible();
  });
});
