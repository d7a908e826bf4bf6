import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyOf } from '../../../lib/testing/fake-server';
import type { FakeServer } from '../../../lib/testing/fake-server';
import { createSessionBridge } from '../../auth';
import { fakeApi, restoreHttp, signIn } from '../../../../test/account-fixtures';
import { renderRoutes } from '../../../../test/render';
import { ReportButton } from './report-button';

let server: FakeServer;
let disconnect: () => void = () => undefined;
beforeEach(() => {
  server = fakeApi();
});
afterEach(() => {
  disconnect();
  restoreHttp();
});

const REPORT = '/api/forums/report/';

/** The button on a discussion's page, its store connected to the HTTP client as in main.tsx. */
function renderButton() {
  const view = renderRoutes(
    [
      { path: '/discussions/:id', element: <ReportButton model="forum" id={12} /> },
      { path: '/login', element: <h1>Log in</h1> },
    ],
    '/discussions/12',
  );
  disconnect = createSessionBridge(view.store);
  return view;
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Report this discussion' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report this discussion' });
  return { user, dialog };
}

describe('ReportButton', () => {
  it('asks for a reason, sends the report and thanks the member', async () => {
    signIn();
    server.on('POST', REPORT, {
      status: 201,
      data: {
        id: 1,
        model: 'forum',
        objectId: 12,
        reason: 'abuse',
        details: 'Insults.',
        status: 'open',
        createdAt: '2026-03-01T10:00:00.000Z',
      },
    });
    renderButton();
    const { user, dialog } = await openDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Choose a reason.')).toBeVisible();
    expect(server.received('POST', REPORT)).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Abusive or harassing' }));
    await user.type(within(dialog).getByLabelText('Details (optional)'), 'Insults.');
    expect(within(dialog).getByText('8 / 1,000')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    await waitFor(() => expect(server.received('POST', REPORT)).toHaveLength(1));
    expect(bodyOf(server.received('POST', REPORT)[0])).toEqual({
      model: 'forum',
      id: 12,
      reason: 'abuse',
      details: 'Insults.',
    });
    expect(await screen.findByText('Thanks — our moderators will take a look.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows what the server refused inside the dialog, and keeps it open', async () => {
    signIn();
    server.on('POST', REPORT, {
      status: 400,
      data: {
        nonFieldErrors: ['You have already reported this; our moderators will take a look.'],
      },
    });
    renderButton();
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You have already reported this; our moderators will take a look.',
    );
    expect(screen.getByRole('dialog', { name: 'Report this discussion' })).toBeVisible();
    expect(screen.queryByText('Thanks — our moderators will take a look.')).toBeNull();
  });

  it('puts a message about the details under the details field', async () => {
    signIn();
    server.on('POST', REPORT, {
      status: 400,
      data: { details: ['Keep the details to at most 1,000 characters.'] },
    });
    renderButton();
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await user.type(within(dialog).getByLabelText('Details (optional)'), 'Long.');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(
      await within(dialog).findByText('Keep the details to at most 1,000 characters.'),
    ).toBeVisible();
  });

  it('tells a signed-out visitor to log in first, and brings them back here after', async () => {
    const { router } = renderButton();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Report this discussion' }));
    const gate = await screen.findByRole('dialog', { name: 'Log in to report this' });
    expect(router.state.location.pathname).toBe('/discussions/12');
    expect(within(gate).getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      `/register?next=${encodeURIComponent('/discussions/12')}`,
    );
    await user.click(within(gate).getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/discussions/12')}`);
    expect(
      screen.queryByRole('dialog', { name: 'Report this discussion' }),
    ).not.toBeInTheDocument();
  });
});
