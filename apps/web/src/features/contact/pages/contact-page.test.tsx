import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyOf } from '../../../lib/testing/fake-server';
import type { FakeServer } from '../../../lib/testing/fake-server';
import { fakeApi, member, renderApp, restoreHttp, signIn } from '../../../../test/account-fixtures';

const CONTACT = '/api/contactus/';

let server: FakeServer;
beforeEach(() => {
  server = fakeApi();
  server.on('GET', '/auth/user/', { status: 200, data: member });
  server.on('POST', CONTACT, { status: 201, data: { sent: true } });
});
afterEach(restoreHttp);

async function openForm() {
  renderApp('/contactus');
  await screen.findByRole('heading', { name: 'Contact us', level: 1 });
  return userEvent.setup();
}

describe('contact page', () => {
  it('shows every missing field inline, focuses the first and sends nothing', async () => {
    const user = await openForm();
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Enter a subject.')).toBeInTheDocument();
    expect(screen.getByText('Write your message.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Your name/ })).toHaveFocus();
    expect(server.received('POST', CONTACT)).toHaveLength(0);
  });

  it('sends the message from the keyboard alone and says where the answer will go', async () => {
    const user = await openForm();
    await user.click(screen.getByRole('textbox', { name: /Your name/ }));
    await user.keyboard('Grace Hopper');
    await user.tab();
    await user.keyboard('grace@example.org');
    await user.tab();
    await user.keyboard('Events');
    await user.tab();
    await user.keyboard('Can members post events?');
    // The honeypot is out of the tab order: the next stop is the button.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Send message' })).toHaveFocus();
    await user.keyboard('{Enter}');

    const thanks = await screen.findByRole('heading', {
      name: 'Thank you, your message is on its way',
    });
    await waitFor(() => expect(thanks).toHaveFocus());
    expect(screen.getByText('grace@example.org')).toBeInTheDocument();
    expect(bodyOf(server.received('POST', CONTACT)[0])).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.org',
      subject: 'Events',
      message: 'Can members post events?',
      website: '',
    });

    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(screen.getByRole('textbox', { name: /Subject/ })).toHaveValue('');
  });

  it("puts the server's field error on its field and focuses it", async () => {
    server.on('POST', CONTACT, {
      status: 400,
      data: { email: ['Enter a valid email address, like name@example.com.'] },
    });
    const user = await openForm();
    await user.type(screen.getByRole('textbox', { name: /Your name/ }), 'Grace');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'grace@example.org');
    await user.type(screen.getByRole('textbox', { name: /Subject/ }), 'Hello');
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Hi there');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(
      await screen.findByText('Enter a valid email address, like name@example.com.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Email/ })).toHaveFocus());
    expect(screen.queryByRole('heading', { name: /Thank you/ })).not.toBeInTheDocument();
  });

  it('tells a visitor sending too often to wait', async () => {
    server.on('POST', CONTACT, {
      status: 429,
      data: { detail: 'Too many attempts from your network. Please wait 1 hour and try again.' },
    });
    const user = await openForm();
    await user.type(screen.getByRole('textbox', { name: /Your name/ }), 'Grace');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'grace@example.org');
    await user.type(screen.getByRole('textbox', { name: /Subject/ }), 'Hello');
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Hi there');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Too many attempts/);
  });

  it("starts a member's message with their name and address", async () => {
    signIn();
    await openForm();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Your name/ })).toHaveValue('Ada Lovelace'),
    );
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('ada@example.com');
  });
});
