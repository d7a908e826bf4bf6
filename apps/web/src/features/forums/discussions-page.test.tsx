import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeServer } from '../../lib/testing/fake-server';
import { fakeApi, member, renderApp, restoreHttp, signIn } from '../../../test/account-fixtures';
import { discussionOf, installIntersectionObserver, page } from '../../../test/forum-fixtures';

let server: FakeServer;
let scroll: ReturnType<typeof installIntersectionObserver>;
beforeEach(() => {
  server = fakeApi();
  scroll = installIntersectionObserver();
  server.on('GET', '/auth/user/', { status: 200, data: member });
  server.on('GET', '/api/common/tags-list', {
    status: 200,
    data: {
      results: [
        { name: 'garden', count: 4 },
        { name: 'events', count: 2 },
      ],
    },
  });
  server.on('GET', '/api/common/featured-post/', page([]));
});
afterEach(() => {
  scroll.restore();
  restoreHttp();
});

const feedRequests = () => server.received('GET', '/api/forums/forums/');

describe('discussions feed', () => {
  it('shows cards with title, plain-text excerpt, tags and counts, and loads more at the end', async () => {
    server.on('GET', '/api/forums/forums/', (request) =>
      request.params.cursor === 'page-2'
        ? page([discussionOf({ id: 2, title: 'Second page discussion' })])
        : page(
            [
              discussionOf({
                content: '# Rota\n\nWe need a **rota** <script>alert(1)</script> for summer.',
                likesCount: 3,
                commentsCount: 5,
                viewsCount: 1200,
                tags: ['garden', 'summer'],
              }),
            ],
            'page-2',
          ),
    );
    renderApp('/discussions');

    const feed = await screen.findByRole('feed', { name: 'Discussions' });
    const card = within(feed).getByRole('article', {
      name: 'How do we water the community garden?',
    });
    expect(
      within(card).getByText('Rota · We need a rota alert(1) for summer.'),
    ).toBeInTheDocument();
    expect(card.querySelector('script')).toBeNull();
    expect(within(card).getByRole('link', { name: '#summer' })).toHaveAttribute(
      'href',
      '/discussions?tag=summer',
    );
    expect(within(card).getByTitle('3 likes')).toHaveTextContent('3');
    expect(within(card).getByTitle('5 comments')).toHaveTextContent('5');
    expect(within(card).getByTitle('1,200 views')).toHaveTextContent('1.2K');
    expect(
      within(card).getByRole('link', { name: 'How do we water the community garden?' }),
    ).toHaveAttribute('href', '/discussions/1');
    expect(feedRequests()[0]?.params).toEqual({ ordering: 'latest', cursor: undefined });

    scroll.reachAll();

    expect(
      await within(feed).findByRole('article', { name: 'Second page discussion' }),
    ).toBeVisible();
    expect(feedRequests().at(-1)?.params).toEqual({ ordering: 'latest', cursor: 'page-2' });
    // The last page has no next cursor: nothing is left to observe.
    await waitFor(() => expect(scroll.observed()).toBe(0));
  });

  it('asks for the chosen ordering and tag, and keeps them in the address', async () => {
    server.on('GET', '/api/forums/forums/', (request) =>
      page([discussionOf({ title: `Ordered by ${String(request.params.ordering)}` })]),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/discussions');
    await screen.findByRole('article', { name: 'Ordered by latest' });

    await user.click(screen.getByRole('tab', { name: 'Trending' }));
    expect(await screen.findByRole('article', { name: 'Ordered by trending' })).toBeVisible();
    expect(router.state.location.search).toBe('?ordering=trending');

    const tags = screen.getByRole('group', { name: 'Filter by tag' });
    await user.click(within(tags).getByRole('button', { name: '#garden' }));
    await waitFor(() =>
      expect(feedRequests().at(-1)?.params).toEqual({
        ordering: 'trending',
        tag: 'garden',
        cursor: undefined,
      }),
    );
    expect(within(tags).getByRole('button', { name: '#garden' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(router.state.location.search).toBe('?ordering=trending&tag=garden');
    expect(await screen.findByRole('feed', { name: 'Discussions tagged garden' })).toBeVisible();
  });

  it('reaches every tag in use by typing, not only the most used the chips show', async () => {
    const many = Array.from({ length: 24 }, (_, index) => ({
      name: `tag${String(index).padStart(2, '0')}`,
      count: 30 - index,
    }));
    server.on('GET', '/api/common/tags-list', { status: 200, data: { results: many } });
    server.on('GET', '/api/forums/forums/', () => page([discussionOf()]));
    const user = userEvent.setup();
    const { router } = renderApp('/discussions');
    const chips = await screen.findByRole('group', { name: 'Filter by tag' });
    expect(within(chips).queryByRole('button', { name: '#tag23' })).toBeNull();

    // A plain field stands in until it is first focused; the real finder then takes the focus.
    await user.click(screen.getByRole('combobox', { name: 'Find a tag' }));
    await screen.findByRole('combobox', { name: 'Find a tag', expanded: true });
    await user.keyboard('tag23');
    await user.click(await screen.findByRole('option', { name: /#tag23/ }));
    await waitFor(() => expect(feedRequests().at(-1)?.params).toMatchObject({ tag: 'tag23' }));
    expect(router.state.location.search).toBe('?tag=tag23');
  });

  it('shows an empty state with a way to start a discussion', async () => {
    server.on('GET', '/api/forums/forums/', page([]));
    renderApp('/discussions?tag=events');

    expect(
      await screen.findByRole('heading', { name: 'Nothing tagged #events yet' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Start a discussion' })).toHaveAttribute(
      'href',
      '/discussions/new',
    );
    expect(screen.getByRole('button', { name: 'Show all tags' })).toBeVisible();
  });

  it('shows what staff featured, and no strip when the call fails', async () => {
    server.on('GET', '/api/forums/forums/', page([discussionOf()]));
    server.on(
      'GET',
      '/api/common/featured-post/',
      page([discussionOf({ id: 5, title: 'Welcome to the garden club' })]),
    );
    const { unmount } = renderApp('/discussions');
    const strip = await screen.findByRole('region', { name: 'Featured' });
    expect(within(strip).getByRole('link', { name: /Welcome to the garden club/ })).toHaveAttribute(
      'href',
      '/discussions/5',
    );
    unmount();

    server.on('GET', '/api/common/featured-post/', { status: 500, data: { detail: 'Broken.' } });
    renderApp('/discussions');
    await screen.findByRole('feed', { name: 'Discussions' });
    await waitFor(() =>
      expect(server.received('GET', '/api/common/featured-post/')).toHaveLength(2),
    );
    expect(screen.queryByRole('region', { name: 'Featured' })).not.toBeInTheDocument();
  });

  it('offers a signed-out visitor to log in, and sends "New discussion" through login', async () => {
    server.on('GET', '/api/forums/forums/', page([discussionOf()]));
    const user = userEvent.setup();
    const { router } = renderApp('/discussions');
    await screen.findByRole('feed', { name: 'Discussions' });

    const prompts = screen.getAllByRole('heading', { name: 'Join the conversation' });
    expect(prompts.length).toBeGreaterThan(0);

    await user.click(screen.getByRole('link', { name: 'New discussion' }));
    await screen.findByRole('heading', { name: 'Log in', level: 1 });
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/discussions/new')}`);
  });

  it('shows a signed-in member links to their own lists instead of the login prompt', async () => {
    signIn();
    server.on('GET', '/api/forums/forums/', page([discussionOf()]));
    renderApp('/discussions');
    const links = await screen.findByRole('navigation', { name: 'Your content' });
    expect(within(links).getByRole('link', { name: 'Bookmarked' })).toHaveAttribute(
      'href',
      '/my-content/bookmarked',
    );
    expect(screen.queryByRole('heading', { name: 'Join the conversation' })).toBeNull();
  });
});
