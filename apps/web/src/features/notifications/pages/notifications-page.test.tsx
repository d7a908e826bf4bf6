import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  cleanUpWired,
  fakeChatApi,
  hoursAgo,
  notification,
  renderWired,
  signInAsMe,
  socketFor,
} from '../../../../test/chat-fixtures';
import type { FakeServer } from '../../../lib/testing/fake-server';

const DETAILS = '/api/common/notification-details';

let server: FakeServer;
beforeEach(() => {
  server = fakeChatApi();
});
afterEach(cleanUpWired);

const list = () => screen.findByRole('list', { name: 'Notifications' });
const labels = (element: HTMLElement) =>
  within(element)
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label'));

describe('notifications page', () => {
  it('asks a signed-out visitor to log in, without fetching anything', async () => {
    renderWired('/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    expect(screen.getByText('Log in to see your notifications')).toBeVisible();
    expect(server.received('GET', DETAILS)).toHaveLength(0);
  });

  it('says so when there are none', async () => {
    signInAsMe();
    server.on('GET', DETAILS, { status: 200, data: { results: [], next: null } });
    renderWired('/notifications');
    expect(await screen.findByText('No notifications yet')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('pages through forums notifications with the cursor, viewed ones set apart', async () => {
    signInAsMe();
    server.on('GET', DETAILS, (request) =>
      request.params?.cursor === 'p2'
        ? { status: 200, data: { results: [notification(1, { viewed: true })], next: null } }
        : {
            status: 200,
            data: {
              results: [
                notification(3),
                notification(2, {
                  targetObject: { appLabel: 'jobs', model: 'job', id: 2, title: 'J', url: '/j' },
                }),
              ],
              next: 'p2',
            },
          },
    );
    const user = userEvent.setup();
    renderWired('/notifications');
    expect(labels(await list())).toEqual(['ada commented on your discussion (3), new']);
    // The kind as members call it, not the API's model name.
    expect(within(await list()).getByText(/^Discussion ·/)).toBeVisible();
    expect(server.received('GET', DETAILS)[0]?.params).toEqual({ limit: 20 });

    await user.click(screen.getByRole('button', { name: 'Show older notifications' }));
    await waitFor(() =>
      expect(labels(screen.getByRole('list', { name: 'Notifications' }))).toEqual([
        'ada commented on your discussion (3), new',
        'ada commented on your discussion (1)',
      ]),
    );
    expect(server.received('GET', DETAILS).at(-1)?.params).toEqual({ limit: 20, cursor: 'p2' });
    expect(screen.queryByRole('button', { name: 'Show older notifications' })).toBeNull();
  });

  it('puts a notification arriving live on top, and marks everything read', async () => {
    signInAsMe();
    server.on('GET', DETAILS, {
      status: 200,
      data: { results: [notification(1, { createdAt: hoursAgo(3) })], next: null },
    });
    server.on('POST', '/api/common/notification-readall/', { status: 200, data: {} });
    const user = userEvent.setup();
    renderWired('/notifications');
    await list();

    act(() => {
      socketFor('/ws/notifications/').open();
      socketFor('/ws/notifications/').receive({
        type: 'notification_details',
        message: 'ada liked your discussion',
        notification: notification(5, { createdAt: hoursAgo(0), message: 'ada liked it' }),
      });
    });
    expect(labels(await list())).toEqual([
      'ada liked it, new',
      'ada commented on your discussion (1), new',
    ]);

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('All notifications are marked as read.')).toBeVisible();
    expect(labels(await list())).toEqual(['ada liked it', 'ada commented on your discussion (1)']);
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('opens a notification: set viewed, then its page', async () => {
    signInAsMe();
    server.on('GET', DETAILS, { status: 200, data: { results: [notification(4)], next: null } });
    server.on('PUT', '/api/common/notification-setviewed', { status: 200, data: {} });
    const user = userEvent.setup();
    const { router } = renderWired('/notifications');
    await user.click(within(await list()).getByRole('button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/discussions/44'));
    expect(server.received('PUT', '/api/common/notification-setviewed')[0]?.params).toEqual({
      notification_id: 4,
    });
  });
});
