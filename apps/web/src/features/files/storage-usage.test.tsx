import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeServer } from '../../lib/testing/fake-server';
import { fakeApi, member, renderApp, restoreHttp, signIn } from '../../../test/account-fixtures';

let server: FakeServer;
beforeEach(() => {
  server = fakeApi();
  signIn();
  server.on('GET', '/auth/user/', { status: 200, data: member });
});
afterEach(restoreHttp);

const GB = 1024 * 1024 * 1024;

describe('storage in settings', { timeout: 60_000 }, () => {
  it('shows the storage used against the quota, with a bar and a way to the files', async () => {
    server.on('GET', '/api/common/files/usage/', {
      status: 200,
      data: { usedBytes: GB / 4, limitBytes: GB, leftBytes: (GB * 3) / 4 },
    });
    renderApp('/setting?tab=storage');

    const section = await screen.findByRole('region', { name: 'Storage' }, { timeout: 15_000 });
    expect(await within(section).findByText('256 MB of 1 GB used')).toBeVisible();
    expect(within(section).getByText('768 MB left')).toBeVisible();
    expect(within(section).getByRole('progressbar', { name: 'Storage used' })).toHaveAttribute(
      'aria-valuetext',
      '25% used',
    );
    expect(within(section).getByRole('link', { name: 'Your files' })).toHaveAttribute(
      'href',
      '/files',
    );
  });

  it('warns when the storage is nearly full', async () => {
    server.on('GET', '/api/common/files/usage/', {
      status: 200,
      data: { usedBytes: GB - 1024 * 1024, limitBytes: GB, leftBytes: 1024 * 1024 },
    });
    renderApp('/setting?tab=storage');
    expect(
      await screen.findByText(/1 MB left: delete files or pictures you no longer need/, undefined, {
        timeout: 15_000,
      }),
    ).toBeVisible();
  });

  it('offers to try again when the storage cannot be read', async () => {
    server.on('GET', '/api/common/files/usage/', {
      status: 503,
      data: { detail: 'The service is busy. Try again in a moment.' },
    });
    renderApp('/setting?tab=storage');
    const alert = await screen.findByRole('alert', undefined, { timeout: 15_000 });
    expect(alert).toHaveTextContent('The service is busy. Try again in a moment.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
