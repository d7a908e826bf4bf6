import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeServer } from '../../lib/testing/fake-server';
import { fakeApi, member, renderApp, restoreHttp, signIn } from '../../../test/account-fixtures';
import { discussionOf, page } from '../../../test/forum-fixtures';

let server: FakeServer;
beforeEach(() => {
  server = fakeApi();
  server.on('GET', '/auth/user/', { status: 200, data: member });
});
afterEach(restoreHttp);

describe('my content page', () => {
  it('sends a signed-out visitor to log in first', async () => {
    const { router } = renderApp('/my-content/liked');
    await screen.findByRole('heading', { name: 'Log in', level: 1 });
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/my-content/liked')}`);
    expect(server.received('GET', '/api/forums/forums/liked_by_me/')).toHaveLength(0);
  });

  it('lists each tab from its own endpoint, drafts marked', async () => {
    signIn();
    server.on(
      'GET',
      '/api/forums/forums/posted_by_me/',
      page([discussionOf({ title: 'My draft', status: 'draft' })]),
    );
    server.on(
      'GET',
      '/api/forums/forums/bookmarked_by_me/',
      page([discussionOf({ id: 2, title: 'Saved for later', isBookmarked: true })]),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/my-content/posted');

    const posted = await screen.findByRole('feed', { name: 'Posted discussions' });
    const draft = within(posted).getByRole('article', { name: 'My draft' });
    expect(within(draft).getByText('Draft')).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Bookmarked' }));
    const bookmarked = await screen.findByRole('feed', { name: 'Bookmarked discussions' });
    expect(within(bookmarked).getByRole('article', { name: 'Saved for later' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/my-content/bookmarked');
  });

  it('shows an empty state that points somewhere useful', async () => {
    signIn();
    server.on('GET', '/api/forums/forums/comment_by_me/', page([]));
    renderApp('/my-content/commented');
    expect(await screen.findByRole('heading', { name: 'No comments yet' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse discussions' })).toHaveAttribute(
      'href',
      '/discussions',
    );
  });

  it('opens the first tab for an unknown one', async () => {
    signIn();
    server.on('GET', '/api/forums/forums/posted_by_me/', page([]));
    const { router } = renderApp('/my-content/everything');
    expect(await screen.findByRole('heading', { name: 'You have not posted yet' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/my-content/posted');
  });
});
