import { expect, test } from '../../support/test';
import { DESKTOP, PHONE, shootBoth } from '../../support/browsing';
import { asMember, createVerifiedMember, signInContext } from '../../support/members';
import { watchProblems } from '../../support/page-watch';

test('a visitor’s like explains why it needs an account, and login comes back to the discussion', async ({
  page,
  request,
}) => {
  const author = await createVerifiedMember(request, 'gateauthor');
  const reader = await createVerifiedMember(request, 'gatereader');
  const created = await request.post('/api/forums/forums/', {
    ...asMember(author),
    data: { title: 'Worth a like', content: 'Signed-out visitors may read this.', tags: ['gate'] },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const { problems } = watchProblems(page);

  await page.setViewportSize(DESKTOP);
  await page.goto(`/discussions/${id}`);
  await page.getByRole('button', { name: /^Like · 0/ }).click();
  const gate = page.getByRole('dialog', { name: 'Log in to like this' });
  await expect(gate).toBeVisible();
  await expect(gate).toContainText('you come back right here');
  await expect(page).toHaveURL(new RegExp(`/discussions/${id}$`));
  await shootBoth(page, 'home-sign-in-gate');

  await gate.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/discussions/${id}`)}`);
  await page.getByLabel('Username or email').fill(reader.username);
  await page.getByLabel('Password', { exact: true }).fill(reader.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/discussions/${id}$`));
  const like = page.getByRole('button', { name: /^Like · 0/ });
  await like.click();
  await expect(page.getByRole('button', { name: /^Liked · 1/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(problems).toEqual([]);
});

test('"Not now" closes the explanation and leaves the visitor where they were', async ({
  page,
  request,
}) => {
  const author = await createVerifiedMember(request, 'gatestay');
  const created = await request.post('/api/forums/forums/', {
    ...asMember(author),
    data: { title: 'Bookmark me later', content: 'Still here after Not now.', tags: ['gate'] },
  });
  const { id } = (await created.json()) as { id: number };

  await page.setViewportSize(PHONE);
  await page.goto(`/discussions/${id}`);
  await page.getByRole('button', { name: 'Bookmark', exact: true }).click();
  const gate = page.getByRole('dialog', { name: 'Log in to bookmark this' });
  await expect(gate.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
    'href',
    `/register?next=${encodeURIComponent(`/discussions/${id}`)}`,
  );
  await gate.getByRole('button', { name: 'Not now' }).click();
  await expect(gate).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/discussions/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Bookmark me later' })).toBeVisible();
});

test('a signed-in member opening /register is sent home, as /login does', async ({
  browser,
  request,
}) => {
  const member = await createVerifiedMember(request, 'gatereg');
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  await signInContext(context, member);
  const page = await context.newPage();
  for (const path of ['/register', '/login']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome back/ })).toBeVisible();
  }
  await context.close();
});
