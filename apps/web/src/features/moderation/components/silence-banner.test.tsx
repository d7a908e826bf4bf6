import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeServer } from '../../../lib/testing/fake-server';
import { exactTime } from '../../../lib/format';
import { fakeApi, member, renderApp, restoreHttp, signIn } from '../../../../test/account-fixtures';

let server: FakeServer;
beforeEach(() => {
  server = fakeApi();
  signIn();
});
afterEach(restoreHttp);

const until = '2099-12-03T14:00:00.000Z';

describe('silence banner', () => {
  it('tells a silenced member on any page until when and why, with nothing to dismiss it', async () => {
    server.on('GET', '/auth/user/', {
      status: 200,
      data: { ...member, silence: { until, reason: 'Adverts in every thread.' } },
    });
    renderApp('/settings');
    const text = await screen.findByText(/Staff have silenced your account/);
    const banner = text.closest('[role="status"]');
    expect(banner).toHaveTextContent(
      `Staff have silenced your account until ${exactTime(until)}. You can read, but not post, comment, chat, upload or change your profile. Reason: Adverts in every thread.`,
    );
    expect(screen.queryByRole('button', { name: /close|dismiss/i })).toBeNull();
  });

  it('shows nothing to a member who is not silenced, or whose silence has ended', async () => {
    server.on('GET', '/auth/user/', {
      status: 200,
      data: { ...member, silence: { until: '2020-01-01T00:00:00.000Z', reason: 'Over.' } },
    });
    renderApp('/settings');
    expect(await screen.findByTitle('Signed in as ada')).toBeVisible();
    expect(screen.queryByText(/Staff have silenced your account/)).toBeNull();
  });
});
