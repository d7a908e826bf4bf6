import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FILE_MAX_BYTES } from '@agora/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deferred } from '../../lib/testing/fake-server';
import type { FakeReply, FakeServer } from '../../lib/testing/fake-server';
import type { HttpRequest } from '../../lib/http-client';
import { fakeApi, member, renderApp, restoreHttp, signIn } from '../../../test/account-fixtures';
import { fileOf } from '../../../test/album-fixtures';

let server: FakeServer;
beforeEach(() => {
  server = fakeApi();
  signIn();
  server.on('GET', '/auth/user/', { status: 200, data: member });
  server.on('GET', '/api/common/files/usage/', {
    status: 200,
    data: {
      usedBytes: 300 * 1024 * 1024,
      limitBytes: 1024 * 1024 * 1024,
      leftBytes: 724 * 1024 * 1024,
    },
  });
});
afterEach(restoreHttp);

const LIST = '/api/common/files/';

function formOf(request: HttpRequest | undefined): FormData {
  if (!(request?.data instanceof FormData)) throw new Error('The request carried no form.');
  return request.data;
}

async function openPage() {
  renderApp('/files');
  // The page's chunks load cold in the first test.
  await screen.findByRole('heading', { level: 1, name: 'Your files' }, { timeout: 15_000 });
}

// The first test loads the page's lazy chunks cold; a busy machine needs more than the default.
describe('files page', { timeout: 60_000 }, () => {
  it('lists the files with their type, size and a download link, and the storage used', async () => {
    server.on('GET', LIST, {
      status: 200,
      data: {
        results: [
          fileOf(2, 'minutes.pdf'),
          fileOf(3, 'talk.mp3', { mimeType: 'audio/mpeg', sizeBytes: 1536 }),
        ],
        next: null,
      },
    });
    await openPage();

    const list = await screen.findByRole('list', { name: 'Your files' });
    const pdf = within(list).getByRole('listitem', { name: 'minutes.pdf' });
    expect(pdf).toHaveTextContent('PDF · 2.4 MB');
    expect(within(pdf).getByRole('link', { name: 'Download minutes.pdf' })).toHaveAttribute(
      'href',
      '/media/files/2',
    );
    expect(within(list).getByRole('listitem', { name: 'talk.mp3' })).toHaveTextContent(
      'Audio · 1.5 KB',
    );
    expect(screen.getByText('300 MB of 1 GB used')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Storage used' })).toHaveAttribute(
      'aria-valuetext',
      '29% used',
    );
  });

  it('says so when there are no files', async () => {
    server.on('GET', LIST, { status: 200, data: { results: [], next: null } });
    await openPage();
    expect(await screen.findByRole('heading', { name: 'No files yet' })).toBeVisible();
  });

  it('deletes a file only once the member confirms', async () => {
    let files = [fileOf(2, 'minutes.pdf')];
    server.on('GET', LIST, () => ({ status: 200, data: { results: files, next: null } }));
    server.on('DELETE', '/api/common/files/2/', () => {
      files = [];
      return { status: 204 };
    });
    const user = userEvent.setup();
    await openPage();

    const row = await screen.findByRole('listitem', { name: 'minutes.pdf' });
    await user.click(within(row).getByRole('button', { name: 'Delete minutes.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this file?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.received('DELETE', '/api/common/files/2/')).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Delete minutes.pdf' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this file?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Deleted minutes.pdf.')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'No files yet' })).toBeVisible();
    expect(server.received('DELETE', '/api/common/files/2/')).toHaveLength(1);
  });

  it('uploads each file in its own request with its own progress, and says why one was refused', async () => {
    server.on('GET', LIST, { status: 200, data: { results: [], next: null } });
    const held = deferred<FakeReply>();
    server.on('POST', LIST, (request) => {
      const file = formOf(request).get('file');
      if (!(file instanceof File)) return { status: 400, data: { file: ['Choose a file.'] } };
      if (file.name === 'virus.exe') {
        return { status: 400, data: { file: ['This kind of file cannot be uploaded.'] } };
      }
      request.onUploadProgress?.({ loaded: 40, total: 100 });
      return held.promise;
    });
    // The picker offers what the server takes; a drop on the area brings anything.
    const user = userEvent.setup({ applyAccept: false });
    await openPage();
    await screen.findByRole('heading', { name: 'No files yet' });

    const huge = new File(['x'], 'film.mov', { type: 'video/quicktime' });
    Object.defineProperty(huge, 'size', { value: FILE_MAX_BYTES + 1 });
    await user.upload(screen.getByLabelText('Upload files', { selector: 'input' }), [
      new File(['%PDF-1.4'], 'minutes.pdf', { type: 'application/pdf' }),
      new File(['MZ'], 'virus.exe', { type: 'application/octet-stream' }),
      huge,
    ]);

    const uploads = await screen.findByRole('region', { name: 'Uploads' });
    const pdf = within(uploads).getByRole('listitem', { name: 'minutes.pdf' });
    await waitFor(() =>
      expect(
        within(pdf).getByRole('progressbar', { name: 'Upload of minutes.pdf' }),
      ).toHaveAttribute('aria-valuenow', '40'),
    );
    const exe = within(uploads).getByRole('listitem', { name: 'virus.exe' });
    expect(await within(exe).findByRole('alert')).toHaveTextContent(
      'This kind of file cannot be uploaded.',
    );
    // Too large is known before sending: no request, and the limit named.
    expect(within(uploads).getByRole('listitem', { name: 'film.mov' })).toHaveTextContent(
      /files can be at most 100 MB/,
    );

    held.resolve({ status: 201, data: fileOf(5, 'minutes.pdf') });
    await waitFor(() => expect(pdf).toHaveTextContent('Uploaded'));
    const posts = server.received('POST', LIST);
    expect(posts).toHaveLength(2);
    // SPEC §3: the name is the original file name plus the UTC time.
    const sent = posts.map((post) => String(formOf(post).get('name')));
    expect(sent.find((name) => name.startsWith('minutes.pdf'))).toMatch(
      /^minutes\.pdf \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );
  });
});
