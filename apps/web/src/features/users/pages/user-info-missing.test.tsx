import { MISSING_PAGE_META } from '@agora/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeServer } from '../../../lib/testing/fake-server';
import { fakeApi, renderApp, restoreHttp } from '../../../../test/account-fixtures';

let server: FakeServer;
let marker: HTMLMetaElement;
beforeEach(() => {
  server = fakeApi();
  server.on('GET', '/auth/userinfo/nobody-here/', { status: 404, data: { detail: 'Not found.' } });
  // What the server writes into the page it answers 404 for.
  marker = document.createElement('meta');
  marker.name = MISSING_PAGE_META;
  marker.content = '404';
  document.head.append(marker);
});
afterEach(() => {
  marker.remove();
  restoreHttp();
  vi.restoreAllMocks();
});

/** The address the document was loaded at, as the browser's navigation timing tells it. */
function documentLoadedAt(pathname: string) {
  const entry = { name: new URL(pathname, window.location.origin).href } as PerformanceEntry;
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([entry]);
}

const profileRequests = () =>
  server.requests.filter((request) => request.url?.startsWith('/auth/userinfo/'));

describe('a missing member', () => {
  it('is said missing from the page the server answered 404, without asking the API again', async () => {
    documentLoadedAt('/user-info/nobody-here');
    renderApp('/user-info/nobody-here');

    expect(await screen.findByRole('heading', { name: 'No member by that name' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(profileRequests()).toEqual([]);
  });

  it('is asked for once when the app moved to the address after the page loaded', async () => {
    documentLoadedAt('/somewhere-else');
    renderApp('/user-info/nobody-here');

    expect(await screen.findByRole('heading', { name: 'No member by that name' })).toBeVisible();
    expect(profileRequests().map((request) => request.url)).toEqual([
      '/auth/userinfo/nobody-here/',
    ]);
  });
});
