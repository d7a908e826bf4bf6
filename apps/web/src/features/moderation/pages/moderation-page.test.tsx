import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportedObject } from '@agora/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeServer } from '../../../lib/testing/fake-server';
import { fakeApi, member, renderApp, restoreHttp, signIn } from '../../../../test/account-fixtures';

const QUEUE = '/api/moderation/reports/';

const reported: ReportedObject = {
  model: 'forum',
  id: 12,
  title: 'Cheap watches',
  excerpt: 'Visit my shop for cheap watches.',
  author: { id: 3, username: 'spammer', avatar: null },
  url: '/discussions/12',
  state: 'hidden',
  openReports: 3,
  reports: [
    {
      reason: 'spam',
      details: 'An advert.',
      reporter: { id: 4, username: 'bob', avatar: null },
      createdAt: '2026-03-01T10:00:00.000Z',
    },
    {
      reason: 'abuse',
      details: '',
      reporter: { id: 5, username: 'cyd', avatar: null },
      createdAt: '2026-03-01T11:00:00.000Z',
    },
    {
      reason: 'other',
      details: '',
      reporter: { id: 6, username: 'dee', avatar: null },
      createdAt: '2026-03-01T12:00:00.000Z',
    },
  ],
  firstReportedAt: '2026-03-01T10:00:00.000Z',
};

let server: FakeServer;
beforeEach(() => {
  server = fakeApi();
});
afterEach(restoreHttp);

const asStaff = () =>
  server.on('GET', '/auth/user/', { status: 200, data: { ...member, isStaff: true } });

describe('moderation page', () => {
  it('tells a member who is not staff that the page is for staff, asking for nothing', async () => {
    signIn();
    server.on('GET', '/auth/user/', { status: 200, data: member });
    const user = userEvent.setup();
    renderApp('/moderation');
    expect(
      await screen.findByRole('heading', { name: 'Only staff can see this page' }),
    ).toBeVisible();
    expect(server.received('GET', QUEUE)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByRole('menuitem', { name: 'Settings' })).toBeVisible();
    expect(screen.queryByRole('menuitem', { name: 'Moderation' })).toBeNull();
  });

  it('sends a signed-out visitor to the login page', async () => {
    const { router } = renderApp('/moderation');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server.received('GET', QUEUE)).toHaveLength(0);
  });

  it('shows staff an empty queue as nothing to review', async () => {
    signIn();
    asStaff();
    server.on('GET', QUEUE, { status: 200, data: { results: [], next: null } });
    renderApp('/moderation');
    expect(await screen.findByRole('heading', { name: 'Nothing to review' })).toBeVisible();
  });

  it('lists reported posts with their reports, and dismisses one', async () => {
    signIn();
    asStaff();
    let queue = [reported];
    server.on('GET', QUEUE, () => ({ status: 200, data: { results: queue, next: null } }));
    server.on('POST', `${QUEUE}forum/12/dismiss/`, () => {
      queue = [];
      return {
        status: 200,
        data: { model: 'forum', id: 12, decision: 'dismiss', closedReports: 3, state: 'visible' },
      };
    });
    const user = userEvent.setup();
    renderApp('/moderation');

    const item = await screen.findByRole('article', { name: 'Cheap watches' });
    expect(within(item).getByRole('link', { name: 'Cheap watches' })).toHaveAttribute(
      'href',
      '/discussions/12',
    );
    expect(within(item).getByText('3 reports')).toBeVisible();
    expect(within(item).getByText('Hidden by reports')).toBeVisible();
    expect(within(item).getByText('Visit my shop for cheap watches.')).toBeVisible();
    const reports = within(item).getByRole('list', { name: 'Reports about this discussion' });
    expect(within(reports).getAllByRole('listitem')).toHaveLength(3);
    expect(within(reports).getByText('Spam or advertising')).toBeVisible();
    expect(within(reports).getByText('An advert.')).toBeVisible();
    expect(within(reports).getByText(/@bob/)).toBeVisible();

    await user.click(within(item).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(server.received('POST', `${QUEUE}forum/12/dismiss/`)).toHaveLength(1),
    );
    expect(
      await screen.findByText('Reports dismissed; the post is shown to members.'),
    ).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Nothing to review' })).toBeVisible();
  });

  it('shows a refused decision as a toast and keeps the item', async () => {
    signIn();
    asStaff();
    server.on('GET', QUEUE, { status: 200, data: { results: [reported], next: null } });
    server.on('POST', `${QUEUE}forum/12/hide/`, {
      status: 404,
      data: {
        detail:
          'There are no open reports about this post; another moderator may have decided already.',
      },
    });
    const user = userEvent.setup();
    renderApp('/moderation');
    const item = await screen.findByRole('article', { name: 'Cheap watches' });
    await user.click(within(item).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText(/another moderator may have decided already/)).toBeVisible();
    expect(screen.getByRole('article', { name: 'Cheap watches' })).toBeVisible();
  });

  it('offers staff the moderation page in the account menu', async () => {
    signIn();
    asStaff();
    server.on('GET', QUEUE, { status: 200, data: { results: [], next: null } });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Moderation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/moderation'));
  });
});
