import { expect } from '@playwright/test';
import type { AuthResponse } from '@agora/shared';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { linkFromNewestMail } from './outbox';

/** A member signed up and verified through the API, with the tokens of that sign-up. */
export interface Member {
  id: number;
  username: string;
  email: string;
  password: string;
  access: string;
  refresh: string;
}

const PASSWORD = 'Lantern-Harbour-58';

/** A fresh member whose email address is confirmed, made through the real API and outbox. */
export async function createVerifiedMember(
  request: APIRequestContext,
  prefix: string,
): Promise<Member> {
  const username = `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `${username}@example.com`;
  let body: { access: string; refresh: string; user: { id: number } } | undefined;
  const link = await linkFromNewestMail(email, '/verify-email/', async () => {
    const response = await request.post('/auth/registration/', {
      data: { username, email, password1: PASSWORD, password2: PASSWORD },
    });
    expect(response.status(), await response.text()).toBe(201);
    body = (await response.json()) as typeof body;
  });
  const key = decodeURIComponent(link.split('/').filter(Boolean).at(-1) ?? '');
  const verified = await request.post('/auth/registration/verify-email/', { data: { key } });
  expect(verified.status(), await verified.text()).toBe(200);
  if (!body) throw new Error(`Signing up ${username} returned no tokens.`);
  return {
    id: body.user.id,
    username,
    email,
    password: PASSWORD,
    access: body.access,
    refresh: body.refresh,
  };
}

/**
 * Signs `member` in to a browser context the way the web app does after sign-up: the token
 * cookies (SPEC §4), so a spec spends no login call of the per-IP auth limit. `baseURL`: the
 * server the member belongs to, the suite's unless a spec started its own.
 */
export async function signInContext(
  context: BrowserContext,
  member: Member,
  baseURL = process.env.E2E_BASE_URL,
): Promise<void> {
  if (!baseURL) throw new Error('E2E_BASE_URL is not set: run the spec through the e2e config.');
  const cookie = { url: baseURL, secure: true, sameSite: 'Strict' as const };
  await context.addCookies([
    { ...cookie, name: 'agora_access', value: member.access },
    { ...cookie, name: 'agora_refresh', value: member.refresh },
  ]);
}

/**
 * Waits until the top bar shows `member` signed in. Often a new context's first load: every
 * script comes over the network with nothing cached, and the profile call waits behind the
 * page's own on the embedded database, so a loaded CI machine gets 15 s rather than 5.
 */
export async function expectSignedIn(page: Page, member: Member): Promise<void> {
  await expect(page.getByRole('banner').getByTitle(`Signed in as ${member.username}`)).toBeVisible({
    timeout: 15_000,
  });
}

/** An authorised JSON call to the API as `member`. */
export function asMember(member: Member): { headers: Record<string, string> } {
  return { headers: { Authorization: `Bearer ${member.access}` } };
}

/** The staff member global-setup granted with `npm run admin -- grant`, signed in by the API. */
export async function staffMember(request: APIRequestContext): Promise<Member> {
  const username = process.env.E2E_STAFF_USERNAME;
  const password = process.env.E2E_STAFF_PASSWORD;
  if (!username || !password) throw new Error('Run the spec through the e2e config (staff).');
  const response = await request.post('/auth/login/', { data: { username, password } });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as AuthResponse;
  expect(body.user.isStaff).toBe(true);
  return { id: body.user.id, username, email: body.user.email, password, ...body };
}
