import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Discussion } from '@agora/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyOf } from '../../lib/testing/fake-server';
import type { FakeServer } from '../../lib/testing/fake-server';
import { setViewportWidth } from '../../../test/viewport';
import { fakeApi, member, renderApp, restoreHttp, signIn } from '../../../test/account-fixtures';
import { discussionOf, memberAuthor, page } from '../../../test/forum-fixtures';

let server: FakeServer;
beforeEach(() => {
  server = fakeApi();
  server.on('GET', '/auth/user/', { status: 200, data: member });
  server.on('GET', '/api/common/tags-list', {
    status: 200,
    data: { results: [{ name: 'garden', count: 4 }] },
  });
  server.on('GET', '/api/forums/forums/', page([]));
  server.on('GET', '/api/common/featured-post/', page([]));
  server.on('GET', '/api/forums/forums/5/', {
    status: 200,
    data: discussionOf({ id: 5, author: memberAuthor }),
  });
  server.on('GET', '/api/forums/forums-comment/', page([]));
  server.on('GET', '/api/forums/forums/5/related_forums/', page([]));
});
afterEach(restoreHttp);

async function openEditor(path = '/discussions/new') {
  signIn();
  const view = renderApp(path);
  await screen.findByLabelText(/^Title/);
  return view;
}

/** What the server answers to a create or an edit: the discussion as sent, poll included. */
function created(body: unknown): Discussion {
  const { pollChoices = [], ...fields } = body as Partial<Omit<Discussion, 'pollChoices'>> & {
    pollChoices?: string[];
  };
  return {
    ...discussionOf({ id: 5, author: memberAuthor }),
    ...fields,
    pollChoices: pollChoices.map((text, index) => ({
      id: index + 1,
      text,
      votesCount: 0,
      isVoted: false,
    })),
  };
}

describe('discussion editor', () => {
  it('sends a signed-out visitor to log in first', async () => {
    const { router } = renderApp('/discussions/new');
    await screen.findByRole('heading', { name: 'Log in', level: 1 });
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/discussions/new')}`);
  });

  it('checks the fields with the shared schema before sending anything', async () => {
    const user = userEvent.setup();
    await openEditor();
    await user.type(screen.getByLabelText(/^Title/), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Add a poll' }));
    await user.type(screen.getByLabelText('Choice 1'), 'Yes');
    await user.type(screen.getByLabelText('Choice 2'), 'yes');
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Use a title of at least 3 characters.')).toBeVisible();
    expect(screen.getByText('Write the discussion text.')).toBeVisible();
    expect(screen.getByText('Make every poll choice different.')).toBeVisible();
    expect(screen.getByLabelText(/^Title/)).toHaveAttribute('aria-invalid', 'true');
    expect(server.received('POST', '/api/forums/forums/')).toHaveLength(0);
  });

  it('previews the Markdown beside the text on a wide screen', async () => {
    const user = userEvent.setup();
    await openEditor();
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText(/Nothing to preview yet/)).toBeVisible();
    await user.type(screen.getByLabelText(/^Text/), '## Plan{Enter}{Enter}Water **daily**');
    expect(within(preview).getByRole('heading', { name: 'Plan', level: 2 })).toBeVisible();
    expect(within(preview).getByText('daily').tagName).toBe('STRONG');
  });

  it('switches between Write and Preview on a phone', async () => {
    setViewportWidth(390);
    const user = userEvent.setup();
    await openEditor();
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
    await user.type(screen.getByLabelText(/^Text/), 'Water **daily**');
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('daily').tagName).toBe('STRONG');
    await user.click(screen.getByRole('tab', { name: 'Write' }));
    expect(screen.getByLabelText(/^Text/)).toBeVisible();
  });

  it('keeps the text area and its text when the window narrows to a phone', async () => {
    const user = userEvent.setup();
    await openEditor();
    const text = screen.getByLabelText(/^Text/);
    await user.type(text, 'Water **daily**');

    act(() => setViewportWidth(390));
    expect(await screen.findByRole('tab', { name: 'Write' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
    // The same element, not a remounted one, so its label stays above the text.
    expect(screen.getByLabelText(/^Text/)).toBe(text);
    expect(text).toHaveValue('Water **daily**');
    expect(document.querySelector('label[for="field-content"]')).toHaveAttribute(
      'data-shrink',
      'true',
    );
  });

  it('publishes with tags and a poll, then opens the new discussion', async () => {
    server.on('POST', '/api/forums/forums/', (request) => ({
      status: 201,
      data: created(bodyOf(request)),
    }));
    const user = userEvent.setup();
    const { router } = await openEditor();

    await user.type(screen.getByLabelText(/^Title/), 'Watering rota');
    await user.type(screen.getByLabelText(/^Text/), 'Who **can**?');
    const tags = screen.getByRole('combobox', { name: 'Tags' });
    await user.type(tags, 'Garden{Enter}');
    await user.type(tags, 'rota-2{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add a poll' }));
    await user.type(screen.getByLabelText('Choice 1'), 'Am');
    await user.type(screen.getByLabelText('Choice 2'), 'Pm');
    await user.click(screen.getByRole('button', { name: 'Add choice' }));
    await user.type(screen.getByLabelText('Choice 3'), 'Sun');
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/discussions/5'));
    expect(bodyOf(server.received('POST', '/api/forums/forums/')[0])).toEqual({
      title: 'Watering rota',
      content: 'Who **can**?',
      tags: ['garden', 'rota-2'],
      status: 'published',
      pollChoices: ['Am', 'Pm', 'Sun'],
    });
    expect(await screen.findByText('Your discussion is published.')).toBeVisible();
  });

  it('saves a draft', async () => {
    server.on('POST', '/api/forums/forums/', (request) => ({
      status: 201,
      data: created(bodyOf(request)),
    }));
    const user = userEvent.setup();
    const { router } = await openEditor();
    await user.type(screen.getByLabelText(/^Title/), 'Half an idea');
    await user.type(screen.getByLabelText(/^Text/), 'More later.');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/discussions/5'));
    expect(bodyOf(server.received('POST', '/api/forums/forums/')[0])).toMatchObject({
      status: 'draft',
      pollChoices: [],
    });
  });

  it('shows the server’s field errors under their fields and stays on the page', async () => {
    server.on('POST', '/api/forums/forums/', {
      status: 400,
      data: { title: ['Choose a title nobody has used this week.'], 'tags.0': ['No such tag.'] },
    });
    const user = userEvent.setup();
    const { router } = await openEditor();
    await user.type(screen.getByLabelText(/^Title/), 'Watering rota');
    await user.type(screen.getByLabelText(/^Text/), 'Text.');
    await user.type(screen.getByRole('combobox', { name: 'Tags' }), 'garden{Enter}');
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Choose a title nobody has used this week.')).toBeVisible();
    expect(screen.getByText('No such tag.')).toBeVisible();
    expect(screen.getByLabelText(/^Title/)).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/discussions/new');
  });

  it('asks before leaving with unsaved changes, and stays when asked to', async () => {
    const user = userEvent.setup();
    const { router } = await openEditor();
    await user.type(screen.getByLabelText(/^Title/), 'Unsaved thoughts');

    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Discussions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/discussions/new');
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Unsaved thoughts');

    await user.click(within(nav).getByRole('link', { name: 'Discussions' }));
    const again = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(again).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/discussions'));
  });

  it('asks the browser to confirm closing the tab only while there are changes', async () => {
    const user = userEvent.setup();
    await openEditor();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);

    await user.type(screen.getByLabelText(/^Title/), 'Unsaved');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });

  it('edits the author’s discussion with PATCH and leaves the poll alone', async () => {
    server.on('GET', '/api/forums/forums/5/', {
      status: 200,
      data: discussionOf({
        id: 5,
        author: memberAuthor,
        pollChoices: [
          { id: 1, text: 'A', votesCount: 0, isVoted: false },
          { id: 2, text: 'B', votesCount: 0, isVoted: false },
        ],
      }),
    });
    server.on('PATCH', '/api/forums/forums/5/', (request) => ({
      status: 200,
      data: created(bodyOf(request)),
    }));
    const user = userEvent.setup();
    const { router } = await openEditor('/discussions/5/edit');
    const title = await screen.findByDisplayValue('How do we water the community garden?');
    expect(screen.queryByRole('button', { name: 'Add a poll' })).toBeNull();
    expect(screen.getByText(/A poll cannot change once it is posted/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();

    await user.clear(title);
    await user.type(title, 'Watering the garden, revised');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/discussions/5'));
    expect(bodyOf(server.received('PATCH', '/api/forums/forums/5/')[0])).toEqual({
      title: 'Watering the garden, revised',
      content: 'We need a **rota** for the summer.',
      tags: ['garden'],
      status: 'published',
    });
    expect(await screen.findByText('Your changes are saved.')).toBeVisible();
  });

  it('does not let another member edit', async () => {
    server.on('GET', '/api/forums/forums/6/', { status: 200, data: discussionOf({ id: 6 }) });
    signIn();
    renderApp('/discussions/6/edit');
    expect(
      await screen.findByRole('heading', { name: 'Only the author can edit this discussion' }),
    ).toBeVisible();
    expect(screen.queryByLabelText(/^Title/)).toBeNull();
  });
});
