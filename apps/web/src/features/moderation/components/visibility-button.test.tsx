import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSessionBridge } from '../../auth';
import { fetchProfile } from '../../users';
import { bodyOf } from '../../../lib/testing/fake-server';
import type { FakeServer } from '../../../lib/testing/fake-server';
import { fakeApi, member, restoreHttp, signIn } from '../../../../test/account-fixtures';
import { renderWithProviders } from '../../../../test/render';
import { VisibilityButton } from './visibility-button';

const HIDE = '/api/moderation/content/comment/5/hide/';
const RESTORE = '/api/moderation/content/comment/5/restore/';

let server: FakeServer;
let disconnect: () => void = () => undefined;
beforeEach(() => {
  server = fakeApi();
});
afterEach(() => {
  disconnect();
  restoreHttp();
});

async function renderFor(isStaff: boolean, hidden: boolean) {
  signIn();
  server.on('GET', '/auth/user/', { status: 200, data: { ...member, isStaff } });
  const view = renderWithProviders(
    <VisibilityButton model="comment" id={5} hidden={hidden} variant="compact" />,
  );
  disconnect = createSessionBridge(view.store);
  await view.store.dispatch(fetchProfile());
  return view;
}

describe('VisibilityButton', () => {
  it('renders nothing for a member who is not staff', async () => {
    await renderFor(false, false);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('asks staff why before hiding, and sends the reason', async () => {
    server.on('POST', HIDE, {
      status: 200,
      data: { model: 'comment', id: 5, state: 'hidden' },
    });
    const user = userEvent.setup();
    await renderFor(true, false);
    await user.click(screen.getByRole('button', { name: 'Hide this comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this comment' });
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('Say why: the member is shown this reason.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Reason/ })).toHaveFocus();
    expect(server.received('POST', HIDE)).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Personal attack');
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(server.received('POST', HIDE)).toHaveLength(1));
    expect(bodyOf(server.received('POST', HIDE)[0])).toEqual({ reason: 'Personal attack' });
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('restores hidden content at once, with no dialog', async () => {
    server.on('POST', RESTORE, {
      status: 200,
      data: { model: 'comment', id: 5, state: 'visible' },
    });
    const user = userEvent.setup();
    await renderFor(true, true);
    await user.click(screen.getByRole('button', { name: 'Restore this comment' }));
    await waitFor(() => expect(server.received('POST', RESTORE)).toHaveLength(1));
    expect(bodyOf(server.received('POST', RESTORE)[0])).toEqual({ reason: '' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
