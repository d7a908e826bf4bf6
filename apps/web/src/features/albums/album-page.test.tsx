import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Album } from '@agora/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HttpRequest } from '../../lib/http-client';
import { bodyOf, deferred } from '../../lib/testing/fake-server';
import type { FakeReply, FakeServer } from '../../lib/testing/fake-server';
import { fakeApi, member, renderApp, restoreHttp, signIn } from '../../../test/account-fixtures';
import { albumImageOf, albumOf, memberAuthor } from '../../../test/album-fixtures';

let server: FakeServer;
beforeEach(() => {
  server = fakeApi();
  server.on('GET', '/auth/user/', { status: 200, data: member });
  server.on('GET', '/api/forums/comments/', { status: 200, data: { results: [], next: null } });
  server.on('GET', '/api/common/albums/', { status: 200, data: { results: [], next: null } });
  server.on('GET', '/api/common/files/usage/', {
    status: 200,
    data: { usedBytes: 0, limitBytes: 1024 ** 3, leftBytes: 1024 ** 3 },
  });
});
afterEach(restoreHttp);

const DETAIL = '/api/common/albums/1/';
const IMAGES = [
  albumImageOf(11, 'boats.jpg'),
  albumImageOf(12, 'lighthouse.jpg', { width: 900, height: 1200 }),
  albumImageOf(13, 'gulls.png', { mimeType: 'image/png' }),
];

/** The album as its author sees it, answering GET and PATCH like the server. */
function serveOwnAlbum(): { current: () => Album } {
  let album = albumOf(IMAGES, { author: memberAuthor, canEdit: true });
  server.on('GET', DETAIL, () => ({ status: 200, data: album }));
  server.on('PATCH', DETAIL, (request) => {
    const changes = request.data as { name?: string; thumbnail?: number };
    const cover = album.images.find((image) => image.id === changes.thumbnail) ?? album.cover;
    album = {
      ...album,
      name: changes.name ?? album.name,
      thumbnail: cover?.id ?? null,
      cover,
    };
    return { status: 200, data: album };
  });
  return { current: () => album };
}

async function openAlbum() {
  const view = renderApp('/albums/1');
  // The page's chunks load cold in the first test.
  await screen.findByRole('heading', { level: 1, name: 'Harbour walk' }, { timeout: 15_000 });
  return view;
}

const formOf = (request: HttpRequest | undefined): FormData => {
  if (!(request?.data instanceof FormData)) throw new Error('The request carried no form.');
  return request.data;
};

describe('album page', { timeout: 60_000 }, () => {
  it('shows the pictures and goes through them in a lightbox with the arrow keys, then Escape', async () => {
    server.on('GET', DETAIL, { status: 200, data: albumOf(IMAGES) });
    const user = userEvent.setup();
    await openAlbum();

    const grid = screen.getByRole('list', { name: 'Pictures' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('@grace')).toHaveAttribute('href', '/user-info/grace');
    // Not the author: no upload, no rename, no picture menu.
    expect(screen.queryByRole('button', { name: 'Add pictures' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
    expect(within(grid).queryByRole('button', { name: /^More for/ })).not.toBeInTheDocument();

    await user.click(within(grid).getByRole('button', { name: 'Open lighthouse.jpg' }));
    const lightbox = await screen.findByRole('dialog', { name: 'lighthouse.jpg' });
    expect(within(lightbox).getByText('2 / 3')).toBeVisible();
    expect(within(lightbox).getByRole('img', { name: 'lighthouse.jpg' })).toHaveAttribute(
      'src',
      IMAGES[1]?.thumbnails.large.url,
    );

    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: 'gulls.png' })).toBeVisible();
    // The last picture has no Next.
    expect(screen.queryByRole('button', { name: 'Next picture' })).not.toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'gulls.png' })).toBeVisible();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(await screen.findByRole('dialog', { name: 'boats.jpg' })).toBeVisible();
    expect(screen.getByText('1 / 3')).toBeVisible();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('turns to the next picture on a swipe to the left', async () => {
    server.on('GET', DETAIL, { status: 200, data: albumOf(IMAGES) });
    const user = userEvent.setup();
    await openAlbum();
    await user.click(screen.getByRole('button', { name: 'Open boats.jpg' }));
    const picture = within(await screen.findByRole('dialog', { name: 'boats.jpg' })).getByRole(
      'img',
    );
    fireEvent.touchStart(picture, { touches: [{ clientX: 300, clientY: 200 }] });
    fireEvent.touchEnd(picture, { changedTouches: [{ clientX: 120, clientY: 210 }] });
    expect(await screen.findByRole('dialog', { name: 'lighthouse.jpg' })).toBeVisible();
  });

  it('likes and bookmarks the album through the kernel, shown at once', async () => {
    signIn();
    server.on('GET', DETAIL, { status: 200, data: albumOf(IMAGES) });
    server.on('POST', '/api/forums/like/', { status: 200, data: { liked: true, likesCount: 1 } });
    server.on('POST', '/api/common/albums/1/bookmark/', {
      status: 201,
      data: { bookmarked: true },
    });
    const user = userEvent.setup();
    await openAlbum();

    await user.click(screen.getByRole('button', { name: 'Like · 0' }));
    expect(await screen.findByRole('button', { name: 'Liked · 1' })).toBeVisible();
    expect(bodyOf(server.received('POST', '/api/forums/like/')[0])).toEqual({
      model: 'album',
      id: 1,
    });

    await user.click(screen.getByRole('button', { name: 'Bookmark' }));
    await waitFor(() =>
      expect(server.received('POST', '/api/common/albums/1/bookmark/')).toHaveLength(1),
    );
    expect(await screen.findByRole('button', { name: 'Bookmarked' })).toBeVisible();
    expect(
      await screen.findByText('Bookmarked. Find it under Albums, in the Bookmarked tab.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Report this album' })).toBeVisible();
  });

  it('lets the author make another picture the thumbnail', async () => {
    signIn();
    serveOwnAlbum();
    const user = userEvent.setup();
    await openAlbum();
    const grid = screen.getByRole('list', { name: 'Pictures' });
    const tile = (name: string) =>
      within(grid)
        .getAllByRole('listitem')
        .find((item) => within(item).queryByRole('button', { name: `Open ${name}` }));
    expect(tile('boats.jpg')).toHaveTextContent('Thumbnail');

    await user.click(within(grid).getByRole('button', { name: 'More for lighthouse.jpg' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Use as thumbnail' }));

    expect(await screen.findByText('Thumbnail changed.')).toBeVisible();
    expect(bodyOf(server.received('PATCH', DETAIL)[0])).toEqual({ thumbnail: 12 });
    await waitFor(() => expect(tile('lighthouse.jpg')).toHaveTextContent('Thumbnail'));
    expect(tile('boats.jpg')).not.toHaveTextContent('Thumbnail');
  });

  it('renames the album', async () => {
    signIn();
    serveOwnAlbum();
    const user = userEvent.setup();
    await openAlbum();
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename album' });
    const field = within(dialog).getByRole('textbox', { name: 'Album name' });
    expect(field).toHaveValue('Harbour walk');
    await user.clear(field);
    await user.type(field, 'Harbour at dawn');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour at dawn' })).toBeVisible();
    expect(bodyOf(server.received('PATCH', DETAIL)[0])).toEqual({ name: 'Harbour at dawn' });
  });

  it('renames a picture from its menu, starting from the name without the upload time', async () => {
    signIn();
    serveOwnAlbum();
    server.on('PATCH', '/api/common/album-images/12/', (request) => ({
      status: 200,
      data: albumImageOf(12, 'x', { name: (request.data as { name: string }).name }),
    }));
    const user = userEvent.setup();
    await openAlbum();

    const grid = screen.getByRole('list', { name: 'Pictures' });
    await user.click(within(grid).getByRole('button', { name: 'More for lighthouse.jpg' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename picture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename picture' });
    const field = within(dialog).getByRole('textbox', { name: 'Picture name' });
    expect(field).toHaveValue('lighthouse.jpg');
    await user.clear(field);
    await user.type(field, 'The old lighthouse');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Picture renamed.')).toBeVisible();
    expect(bodyOf(server.received('PATCH', '/api/common/album-images/12/')[0])).toEqual({
      name: 'The old lighthouse',
    });
    expect(
      await within(grid).findByRole('button', { name: 'Open The old lighthouse' }),
    ).toBeVisible();
  });

  it('deletes a picture, and then the album, each after asking', async () => {
    signIn();
    const served = serveOwnAlbum();
    let remaining = served.current();
    server.on('GET', DETAIL, () => ({ status: 200, data: remaining }));
    server.on('DELETE', '/api/common/album-images/13/', () => {
      const images = remaining.images.filter((image) => image.id !== 13);
      remaining = { ...remaining, images, imagesCount: images.length };
      return { status: 204 };
    });
    server.on('DELETE', DETAIL, { status: 204 });
    const user = userEvent.setup();
    const { router } = await openAlbum();

    const grid = screen.getByRole('list', { name: 'Pictures' });
    await user.click(within(grid).getByRole('button', { name: 'More for gulls.png' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete picture' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete this picture?' });
    expect(ask).toHaveTextContent('gulls.png');
    await user.click(within(ask).getByRole('button', { name: 'Delete picture' }));
    expect(await screen.findByText('Picture deleted.')).toBeVisible();
    await waitFor(() => expect(within(grid).getAllByRole('listitem')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Delete album' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this album?' });
    expect(confirm).toHaveTextContent('2 pictures');
    await user.click(within(confirm).getByRole('button', { name: 'Delete album' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/albums'));
    expect(router.state.location.search).toBe('?show=mine');
    expect(server.received('DELETE', DETAIL)).toHaveLength(1);
  });

  it('uploads each picture in its own request with a bar, and says which were refused and why', async () => {
    signIn();
    serveOwnAlbum();
    const held = deferred<FakeReply>();
    server.on('POST', '/api/common/album-images/', (request) => {
      const file = formOf(request).get('album_images');
      if (file instanceof File && file.name === 'huge.heic') {
        return {
          status: 413,
          data: { detail: 'This upload would pass your storage quota of 1 GB.' },
        };
      }
      request.onUploadProgress?.({ loaded: 1, total: 4 });
      return held.promise;
    });
    const user = userEvent.setup({ applyAccept: false });
    await openAlbum();

    await user.upload(screen.getByLabelText('Add pictures', { selector: 'input' }), [
      new File(['jpeg'], 'pier.jpg', { type: 'image/jpeg' }),
      new File(['heic'], 'huge.heic', { type: '' }),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    ]);

    const uploads = await screen.findByRole('region', { name: 'Uploads' });
    const pier = within(uploads).getByRole('listitem', { name: 'pier.jpg' });
    await waitFor(() =>
      expect(within(pier).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25'),
    );
    expect(
      await within(within(uploads).getByRole('listitem', { name: 'huge.heic' })).findByRole(
        'alert',
      ),
    ).toHaveTextContent('This upload would pass your storage quota of 1 GB.');
    expect(
      within(within(uploads).getByRole('listitem', { name: 'notes.txt' })).getByRole('alert'),
    ).toHaveTextContent('notes.txt: Albums hold pictures');

    held.resolve({
      status: 201,
      data: { images: [albumImageOf(14, 'pier.jpg')], album: albumOf(IMAGES) },
    });
    await waitFor(() => expect(pier).toHaveTextContent('Uploaded'));
    const posts = server.received('POST', '/api/common/album-images/');
    // The text file never left: two requests, one file each, into this album.
    expect(posts).toHaveLength(2);
    for (const post of posts) {
      const form = formOf(post);
      expect(form.get('album')).toBe('1');
      expect(form.getAll('album_images')).toHaveLength(1);
    }
    expect(String(formOf(posts[0]).get('name'))).toMatch(
      /^pier\.jpg \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );
  });

  it('shows the broken-link screen for an album that does not exist', async () => {
    server.on('GET', '/api/common/albums/404/', {
      status: 404,
      data: { detail: 'This album does not exist or is not visible to you.' },
    });
    renderApp('/albums/404');
    expect(
      await screen.findByRole('heading', { name: 'Oh no... a broken link!' }, { timeout: 15_000 }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse albums' })).toHaveAttribute('href', '/albums');
  });
});
