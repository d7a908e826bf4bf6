import { expect, failedResource, test } from '../../support/test';
import type { Page } from '@playwright/test';
import { linkFromNewestMail } from '../../support/outbox';
import { shoot } from '../../support/page-watch';
import { solidPng } from '../../support/png';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Screenshots the page as it is at desktop width and on a 390×844 phone. */
async function shootBoth(page: Page, name: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await shoot(page, `accounts-${name}-desktop`);
  await page.setViewportSize(PHONE);
  await shoot(page, `accounts-${name}-mobile`);
  await page.setViewportSize(DESKTOP);
}

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('alert').filter({ hasText: text });

async function openAccountMenu(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Account' }).click();
  return page.getByRole('menu');
}

async function logOut(page: Page): Promise<void> {
  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(toast(page, 'You are logged out')).toBeVisible();
  await expectSignedOut(page);
}

async function expectSignedIn(page: Page, username: string): Promise<void> {
  await expect(page.getByRole('banner').getByTitle(`Signed in as ${username}`)).toBeVisible();
}

async function expectSignedOut(page: Page): Promise<void> {
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Account' })).toHaveCount(0);
}

async function fillLogin(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

test('an account from sign-up to deletion', async ({ page, browser, quietConsole }) => {
  test.setTimeout(120_000);
  // Refusals this test provokes on purpose: a made-up verification key, a missing member's
  // profile, a wrong password at login and in settings, a used sign-in link, the revoked
  // browser's token refresh, and the deleted account's login.
  for (const [status, path] of [
    [400, '/auth/registration/verify-email/'],
    [404, '/user-info/nobody-by-this-name'],
    [400, '/auth/login/'],
    [400, '/auth/verify-2fa/'],
    [400, '/auth/password/change/'],
    [401, '/api/token/refresh/'],
  ] as const) {
    quietConsole.allow(failedResource(status, path));
  }
  await page.setViewportSize(DESKTOP);
  const username = `e2e_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `${username}@example.com`;
  const password = 'Tangerine-Falcon-71';
  const newPassword = 'Harbour-Lantern-93';

  // Sign up: signed in at once, told a verification mail is on its way.
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Choose a username of at least 3 characters.')).toBeVisible();
  await shootBoth(page, 'register-errors');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await shootBoth(page, 'register');
  const verifyLink = await linkFromNewestMail(email, '/verify-email/', () =>
    page.getByRole('button', { name: 'Sign up' }).click(),
  );
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  await expect(page).toHaveURL(/\/verify-email\?sent=/);
  await expectSignedIn(page, username);
  await shootBoth(page, 'verify-email-sent');

  // The verification link from the outbox.
  await page.goto(verifyLink);
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  await shootBoth(page, 'verify-email-done');
  await page.goto('/verify-email/not-a-real-key');
  await expect(page.getByRole('heading', { name: 'That link did not work' })).toBeVisible();
  await shootBoth(page, 'verify-email-failed');

  // The member's own public profile.
  await page.goto(`/user-info/${username}`);
  await expect(page.getByRole('heading', { name: username, level: 1 })).toBeVisible();
  await shootBoth(page, 'user-info');
  await page.goto('/user-info/nobody-by-this-name');
  await expect(page.getByRole('heading', { name: 'No member by that name' })).toBeVisible();
  await shootBoth(page, 'user-info-missing');

  // Log out, then log in with the password.
  await logOut(page);
  await page.goto('/login');
  await shootBoth(page, 'login');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Enter your username or email address.')).toBeVisible();
  await fillLogin(page, username, 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: /credentials|password/i })).toBeVisible();
  await shootBoth(page, 'login-refused');
  await fillLogin(page, username, password);
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page, username);

  // Settings, each tab; turn on two-factor sign-in.
  await page.goto('/setting');
  await expect(page.getByRole('region', { name: 'Profile' })).toBeVisible();
  await page.getByLabel('Bio').fill('I test accounts from sign-up to deletion.');
  await page.getByLabel('Country').fill('Iceland');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Tester');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await solidPng(96, [83, 72, 198]),
  });
  await expect(page.getByText('me.png: saved when you save your profile.')).toBeVisible();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(toast(page, 'Your profile is saved.')).toBeVisible();
  // The new picture shows in the account menu, served by the API.
  await expect(page.getByRole('banner').getByRole('img', { name: 'Ada Tester' })).toHaveAttribute(
    'src',
    /^http/,
  );
  await shootBoth(page, 'settings-profile');
  await page.goto(`/user-info/${username}`);
  await expect(page.getByRole('heading', { name: 'Ada Tester', level: 1 })).toBeVisible();
  await expect(page.getByText('I test accounts from sign-up to deletion.')).toBeVisible();
  await shootBoth(page, 'user-info-filled');
  await page.goto('/setting');
  await page.getByRole('tab', { name: 'Security' }).click();
  const twoFactor = page.getByRole('switch', { name: 'Two-factor sign-in' });
  await expect(twoFactor).not.toBeChecked();
  await twoFactor.click();
  await expect(toast(page, 'Two-factor sign-in is on')).toBeVisible();
  await expect(twoFactor).toBeChecked();
  await shootBoth(page, 'settings-security');

  // Log in again: the login finishes from the mailed link.
  await logOut(page);
  const twoFaLink = await linkFromNewestMail(email, '/twofa-token/', () =>
    fillLogin(page, username, password),
  );
  await expect(
    page.getByRole('heading', { name: 'Check your email for the sign-in link' }),
  ).toBeVisible();
  await shootBoth(page, 'login-check-email');
  await page.goto(twoFaLink);
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page, username);
  await page.goto(twoFaLink);
  await expect(page.getByRole('heading', { name: 'That sign-in link did not work' })).toBeVisible();
  await shootBoth(page, 'twofa-used-link');

  // Change the password.
  await page.goto('/setting?tab=password');
  await page.getByLabel('Current password').fill('wrong-password');
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  await shootBoth(page, 'settings-password-error');
  await page.getByLabel('Current password').fill(password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page, 'Your password is changed.')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');

  // A second browser signs in (through its own mailed link), then is revoked from the first.
  const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const second = await other.newPage();
  const secondLink = await linkFromNewestMail(email, '/twofa-token/', () =>
    fillLogin(second, username, newPassword),
  );
  await second.goto(secondLink);
  await expectSignedIn(second, username);

  await page.goto('/setting?tab=sessions');
  const sessions = page.getByRole('list', { name: 'Sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByText('This device')).toHaveCount(1);
  await shootBoth(page, 'settings-sessions');
  await sessions.getByRole('button', { name: /^Revoke / }).click();
  await expect(toast(page, /^Signed out /)).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);

  // The server closes the revoked browser's live sockets; its token refresh is refused, so it
  // signs out where it stands, without a reload, and a private page sends it to log in.
  await expect(second.getByRole('banner').getByTitle(`Signed in as ${username}`)).toBeHidden();
  await expectSignedOut(second);
  await second.goto('/setting');
  await expect(second).toHaveURL(/\/login\?next=%2Fsetting/);
  await second.reload();
  await expect(second.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expectSignedOut(second);
  await other.close();

  // Delete the account: the dialog insists on the password.
  await page.goto('/setting?tab=account');
  await shootBoth(page, 'settings-delete');
  await page.getByRole('button', { name: 'Delete account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(dialog.getByText('Enter your password to confirm.')).toBeVisible();
  await shootBoth(page, 'settings-delete-dialog');
  await dialog.getByLabel('Password', { exact: true }).fill(newPassword);
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(toast(page, 'Your account is deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expectSignedOut(page);

  // The deleted account cannot log in.
  await fillLogin(page, username, newPassword);
  await expect(page.getByRole('alert').filter({ hasText: /credentials|password/i })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the password-reset pages', async ({ page, quietConsole }) => {
  // The made-up reset link is refused on purpose.
  quietConsole.allow(failedResource(400, '/auth/password/reset/confirm/'));
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await shootBoth(page, 'forgot-password');
  await page.getByLabel('Email').fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await shootBoth(page, 'forgot-password-sent');

  await page.goto('/reset-password/not-a-uid/not-a-token');
  await page.getByLabel('New password', { exact: true }).fill('Harbour-Lantern-93');
  await page.getByLabel('Confirm new password').fill('Harbour-Lantern-93');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await shootBoth(page, 'reset-password-failed');
});
