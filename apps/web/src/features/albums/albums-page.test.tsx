import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyOf } from '../../lib/testing/fake-server';
import type { FakeServer } from '../../lib/testing/fake-server';
import { fakeApi, member, renderApp, restoreHttp, signIn } from '../../../test/account-fixtures';
import { albumImageOf, albumOf, albumSummaryOf, memberAuthor } from '../../../test/album-fixtures';

let server: FakeServer;
beforeEach(() => {
  server = fakeApi();
  server.on('GET', '/auth/user/', { status: 200, data: member });
  server.on('GET', '/api/forums/comments/', { status: 200, data: { results: [], next: null } });
  server.on('GET', '/api/common/files/usage/', {
    status: 200,
    data: { usedBytes: 0, limitBytes: 1024 ** 3, leftBytes: 1024 ** 3 },
  });
});
afterEach(restoreHttp);

const LIST = '/api/common/albums/';

// The first test loads the page's lazy chunks cold; a busy machine needs more than the default.
describe('albums page', { timeout: 60_000 }, () => {
  it('shows a visitor the covers, names, authors and counts, without a New album button', async () => {
    const cover = albumImageOf(11, 'boats.jpg');
    server.on('GET', LIST, {
      status: 200,
      data: {
        results: [
          albumSummaryOf({ id: 1, imagesCount: 3, thumbnail: 11, cover, likesCount: 4 }),
          albumSummaryOf({ id: 2, name: 'Empty for now', imagesCount: 0 }),
        ],
        next: null,
      },
    });
    renderApp('/albums');

    const list = await screen.findByRole('list', { name: 'Albums' }, { timeout: 15_000 });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(list).getByRole('link', { name: /Harbour walk/ });
    expect(first).toHaveAttribute('href', '/albums/1');
    expect(first).toHaveTextContent('3 pictures');
    expect(first).toHaveTextContent('@grace');
    expect(within(first).getByText('4 likes')).toBeInTheDocument();
    expect(first.querySelector('img')).toHaveAttribute('src', cover.thumbnails.small.url);
    expect(within(list).getByRole('link', { name: /Empty for now/ })).toHaveTextContent(
      '0 pictures',
    );
    expect(screen.queryByRole('button', { name: 'New album' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: /Log in/ }),
    ).toBeInTheDocument();
  });

  it('says so when a member has no albums, and creates one that opens ready for pictures', async () => {
    signIn();
    server.on('GET', LIST, { status: 200, data: { results: [], next: null } });
    const created = albumOf([], {
      id: 8,
      name: 'Summer fair',
      author: memberAuthor,
      canEdit: true,
    });
    server.on('POST', LIST, { status: 201, data: created });
    server.on('GET', '/api/common/albums/8/', { status: 200, data: created });
    const user = userEvent.setup();
    const { router } = renderApp('/albums?show=mine');

    expect(
      await screen.findByRole('heading', { name: 'You have no albums yet' }, { timeout: 15_000 }),
    ).toBeVisible();
    await waitFor(() =>
      expect(server.received('GET', LIST).at(-1)?.params).toMatchObject({ author: 'ada' }),
    );

    await user.click(screen.getByRole('button', { name: 'New album' }));
    const dialog = await screen.findByRole('dialog', { name: 'New album' });
    // The shared schema speaks first: a blank name is not sent.
    await user.click(within(dialog).getByRole('button', { name: 'Create album' }));
    expect(await within(dialog).findByText('Give the album a name.')).toBeVisible();
    expect(server.received('POST', LIST)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Album name' }), 'Summer fair');
    await user.click(within(dialog).getByRole('button', { name: 'Create album' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Summer fair' }, { timeout: 15_000 }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/albums/8');
    const form = bodyOf(server.received('POST', LIST)[0]);
    expect(form).toBeInstanceOf(FormData);
    expect((form as FormData).get('name')).toBe('Summer fair');
    expect(screen.getByRole('heading', { name: 'No pictures yet' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add pictures' })).toBeVisible();
  });

  it("lists the member's bookmarked albums under Bookmarked", async () => {
    signIn();
    server.on('GET', LIST, (request) => ({
      status: 200,
      data: {
        results:
          request.params.bookmarked === 'true' ? [albumSummaryOf({ name: 'Kept for later' })] : [],
        next: null,
      },
    }));
    const user = userEvent.setup();
    const { router } = renderApp('/albums');

    await user.click(await screen.findByRole('tab', { name: 'Bookmarked' }, { timeout: 15_000 }));
    const list = await screen.findByRole('list', { name: 'Bookmarked albums' });
    expect(within(list).getByRole('link', { name: /Kept for later/ })).toBeVisible();
    expect(router.state.location.search).toBe('?show=bookmarked');
  });

  it('offers to try again when the albums cannot be loaded', async () => {
    server.on('GET', LIST, { status: 500, data: { detail: 'Something went wrong on our side.' } });
    renderApp('/albums');
    const alert = await screen.findByRole('alert', undefined, { timeout: 15_000 });
    expect(alert).toHaveTextContent('Something went wrong on our side.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
