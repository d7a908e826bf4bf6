import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyOf } from '../../../lib/testing/fake-server';
import type { FakeServer } from '../../../lib/testing/fake-server';
import { readAccessToken } from '../../../lib/cookies';
import { fakeApi, member, renderApp, restoreHttp, tokens } from '../../../../test/account-fixtures';

let server: FakeServer;
beforeEach(() => {
  server = fakeApi();
});
afterEach(restoreHttp);

async function openLogin(path = '/login') {
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Log in', level: 1 });
  return view;
}

describe('login page', () => {
  it('checks the fields before calling the server', async () => {
    const user = userEvent.setup();
    await openLogin();
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Enter your username or email address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Username or email')).toHaveAttribute('aria-invalid', 'true');
    expect(server.received('POST', '/auth/login/')).toHaveLength(0);
  });

  it('shows a server message for a field under that field', async () => {
    server.on('POST', '/auth/login/', {
      status: 400,
      data: { password: ['That password is not right for this account.'] },
    });
    const user = userEvent.setup();
    await openLogin();
    await user.type(screen.getByLabelText('Username or email'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const message = await screen.findByText('That password is not right for this account.');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(message.textContent);
    expect(screen.getByLabelText('Username or email')).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows a message for no field in an alert', async () => {
    server.on('POST', '/auth/login/', {
      status: 400,
      data: { nonFieldErrors: ['Unable to log in with the provided credentials.'] },
    });
    const user = userEvent.setup();
    await openLogin();
    await user.type(screen.getByLabelText('Username or email'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const alerts = await screen.findAllByRole('alert');
    expect(
      alerts.some((a) => a.textContent.includes('Unable to log in with the provided credentials.')),
    ).toBe(true);
  });

  it('tells a suspended member until when and why, as the server says it', async () => {
    const detail =
      'Staff have suspended your account until 3 December 2026 at 14:00 UTC. The reason given: Threats.';
    server.on('POST', '/auth/login/', { status: 403, data: { detail } });
    const user = userEvent.setup();
    await openLogin();
    await user.type(screen.getByLabelText('Username or email'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'right password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((a) => a.textContent === detail)).toBe(true);
    expect(readAccessToken()).toBeUndefined();
  });

  it('sends the credentials and "Keep me logged in", then goes to next', async () => {
    server.on('POST', '/auth/login/', { status: 200, data: { ...tokens(), user: member } });
    server.on('GET', '/auth/user/', { status: 200, data: member });
    const user = userEvent.setup();
    const { router } = await openLogin('/login?next=%2Ffaq');
    await user.type(screen.getByLabelText('Username or email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByLabelText('Keep me logged in'));
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/faq'));
    expect(bodyOf(server.received('POST', '/auth/login/')[0])).toEqual({
      username: 'ada@example.com',
      password: 'correct horse',
      keepmeloggedin: true,
    });
    expect(readAccessToken()).toBeDefined();
    // After any login the profile is fetched for the account menu.
    await waitFor(() => expect(server.received('GET', '/auth/user/')).toHaveLength(1));
  });

  it('does not follow a next parameter that leaves the site', async () => {
    server.on('POST', '/auth/login/', { status: 200, data: { ...tokens(), user: member } });
    server.on('GET', '/auth/user/', { status: 200, data: member });
    const user = userEvent.setup();
    const { router } = await openLogin('/login?next=%2F%2Fevil.example');
    await user.type(screen.getByLabelText('Username or email'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('asks to open the mailed link when two-factor sign-in is on', async () => {
    server.on('POST', '/auth/login/', {
      status: 200,
      data: { twoFa: true, detail: 'We emailed you a sign-in link.' },
    });
    const user = userEvent.setup();
    const { router } = await openLogin();
    await user.type(screen.getByLabelText('Username or email'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(
      await screen.findByRole('heading', { name: 'Check your email for the sign-in link' }),
    ).toBeInTheDocument();
    expect(screen.getByText('We emailed you a sign-in link.')).toBeInTheDocument();
    expect(readAccessToken()).toBeUndefined();
    expect(router.state.location.pathname).toBe('/login');

    await user.click(screen.getByRole('button', { name: 'Back to log in' }));
    expect(screen.getByLabelText('Username or email')).toBeInTheDocument();
  });

  it('shows the social buttons only for configured providers', async () => {
    server.on('GET', '/auth/providers/', {
      status: 200,
      data: { google: null, apple: 'org.agora.web', facebook: null },
    });
    await openLogin();
    expect(await screen.findByRole('button', { name: 'Continue with Apple' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Continue with Facebook' }),
    ).not.toBeInTheDocument();
  });
});

describe('register page', () => {
  async function fillRegistration(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'analytical engine');
    await user.type(screen.getByLabelText('Confirm password'), 'analytical engine');
  }

  it('checks the rules in the form, with the shared schema', async () => {
    const user = userEvent.setup();
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    await user.type(screen.getByLabelText('Username'), '12');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), '12345678');
    await user.type(screen.getByLabelText('Confirm password'), '1234567');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(
      await screen.findByText('Choose a username of at least 3 characters.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address, like name@example.com.')).toBeVisible();
    expect(
      screen.getByText('Add letters or symbols: a password cannot be only digits.'),
    ).toBeVisible();
    expect(
      screen.getByText('The two passwords do not match; type the same password in both fields.'),
    ).toBeVisible();
    expect(server.received('POST', '/auth/registration/')).toHaveLength(0);
  });

  it('puts each server field error under its field', async () => {
    server.on('POST', '/auth/registration/', {
      status: 400,
      data: {
        username: ['This username is already taken.'],
        password1: ['This password is too common and easy to guess.'],
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    await fillRegistration(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText('This username is already taken.')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'This password is too common and easy to guess.',
    );
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'false');
    expect(router.state.location.pathname).toBe('/register');
  });

  it('signs the new member in and says a verification mail was sent', async () => {
    server.on('POST', '/auth/registration/', { status: 201, data: { ...tokens(), user: member } });
    server.on('GET', '/auth/user/', { status: 200, data: member });
    const user = userEvent.setup();
    const { router } = renderApp('/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    await fillRegistration(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByRole('heading', { name: 'Confirm your email' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify-email');
    const main = screen.getByRole('main');
    expect(within(main).getByText('ada@example.com')).toBeInTheDocument();
    expect(await screen.findByText('Welcome to Agora, ada!')).toBeInTheDocument();
    expect(readAccessToken()).toBeDefined();
    expect(within(main).getByText(/already signed in/)).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Continue to Agora' })).toHaveAttribute(
      'href',
      '/',
    );
  });
});

describe('the "Confirm your email" page', () => {
  it('tells a signed-out visitor to log in once the address is confirmed', async () => {
    renderApp('/verify-email?sent=ada%40example.com');
    expect(await screen.findByRole('heading', { name: 'Confirm your email' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(main).queryByText(/already signed in/)).toBeNull();
    expect(within(main).getByText(/Once it is confirmed, log in/)).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });
});
