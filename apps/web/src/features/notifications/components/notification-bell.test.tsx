import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cleanUpWired,
  fakeChatApi,
  notification,
  renderWired,
  signInAsMe,
  socketFor,
} from '../../../../test/chat-fixtures';
import type { FakeServer } from '../../../lib/testing/fake-server';
import type { DesktopNotice, DesktopNoticeResult } from '../index';

const DETAILS = '/api/common/notification-details';

let server: FakeServer;
beforeEach(() => {
  server = fakeChatApi();
});
afterEach(cleanUpWired);

/** The bell, also while its panel (a modal popover) hides the rest of the page from the tree. */
const bell = () => screen.getByRole('button', { name: /^Notifications/, hidden: true });

describe('notification bell', () => {
  it('is not there for a visitor, and makes no calls', async () => {
    renderWired('/faq');
    const banner = await screen.findByRole('banner');
    await within(banner).findByRole('link', { name: 'Log in' });
    expect(within(banner).queryByRole('button', { name: /^Notifications/ })).toBeNull();
    expect(server.received('GET', '/api/common/notification-count')).toHaveLength(0);
  });

  it('shows the live count and raises a desktop notification for a new one', async () => {
    signInAsMe();
    server.on('GET', '/api/common/notification-count', {
      status: 200,
      data: { notificationCount: 2 },
    });
    const notify = vi.fn(async (_notice: DesktopNotice): Promise<DesktopNoticeResult> => 'shown');
    renderWired('/faq', notify);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 new'));

    const socket = socketFor('/ws/notifications/');
    act(() => {
      socket.open();
      socket.receive({
        type: 'notification_details',
        message: 'ada commented on your discussion',
        notification: notification(3),
      });
      socket.receive({ type: 'notification_count', notification_count: 3 });
    });
    expect(bell()).toHaveAccessibleName('Notifications, 3 new');
    expect(notify).toHaveBeenCalledWith({
      body: 'ada commented on your discussion',
      icon: undefined,
      tag: 'agora-notification-3',
    });
  });

  it('lists the latest 10 forums notifications; opening one marks it viewed and goes there', async () => {
    signInAsMe();
    server.on('GET', '/api/common/notification-count', {
      status: 200,
      data: { notificationCount: 1 },
    });
    server.on('GET', DETAILS, {
      status: 200,
      data: {
        results: [
          notification(1),
          notification(2, {
            targetObject: { appLabel: 'jobs', model: 'job', id: 9, title: 'Job', url: '/jobs/9' },
          }),
          notification(3, { viewed: true }),
        ],
        next: null,
      },
    });
    server.on('PUT', '/api/common/notification-setviewed', { status: 200, data: {} });
    const user = userEvent.setup();
    const { router } = renderWired('/faq');
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 new'));

    await user.click(bell());
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = await within(panel).findAllByRole('button', { name: /commented/ });
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'ada commented on your discussion (1), new',
      'ada commented on your discussion (3)',
    ]);
    expect(server.received('GET', DETAILS)[0]?.params).toEqual({ limit: 10 });

    await user.click(items[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/discussions/41'));
    expect(server.received('PUT', '/api/common/notification-setviewed')[0]?.params).toEqual({
      notification_id: 1,
    });
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
  });

  it('marks all as read, and says when there is nothing', async () => {
    signInAsMe();
    server.on('GET', '/api/common/notification-count', {
      status: 200,
      data: { notificationCount: 1 },
    });
    let results = [notification(1)];
    server.on('GET', DETAILS, () => ({ status: 200, data: { results, next: null } }));
    server.on('POST', '/api/common/notification-readall/', () => {
      results = [];
      return { status: 200, data: {} };
    });
    const user = userEvent.setup();
    const { router } = renderWired('/faq');
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 new'));
    await user.click(bell());
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(panel).findByRole('button', { name: /, new$/ });

    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    expect(server.received('POST', '/api/common/notification-readall/')).toHaveLength(1);
    expect(within(panel).queryByRole('button', { name: /, new$/ })).toBeNull();

    await user.click(within(panel).getByRole('link', { name: 'See all' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications'));
  });

  it('shows an empty panel when there are no notifications', async () => {
    signInAsMe();
    server.on('GET', DETAILS, { status: 200, data: { results: [], next: null } });
    const user = userEvent.setup();
    renderWired('/faq');
    await user.click(
      await within(await screen.findByRole('banner')).findByRole('button', {
        name: 'Notifications',
      }),
    );
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('You’re all caught up')).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });
});
