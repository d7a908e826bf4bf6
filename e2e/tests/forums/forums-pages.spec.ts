import { expect, test } from '@playwright/test';
import type { Discussion } from '@agora/shared';
import { expectNoAxeViolations } from '../../support/axe';
import { asMember, createVerifiedMember, signInContext } from '../../support/members';

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

test('the forums pages have no axe violations, signed in and out, on a desktop and a phone', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const author = await createVerifiedMember(request, 'axewriter');
  const reader = await createVerifiedMember(request, 'axereader');
  const created = await request.post('/api/forums/forums/', {
    ...asMember(author),
    data: {
      title: 'Axe check: watering rota',
      content: 'Who can water **before work**?',
      tags: ['garden'],
      poll_choices: ['Mornings', 'Evenings'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const discussion = (await created.json()) as Discussion;
  const commented = await request.post('/api/forums/forums-comment/', {
    ...asMember(reader),
    data: { forum: discussion.id, content: 'I can take Tuesdays.' },
  });
  expect(commented.status(), await commented.text()).toBe(201);

  const pages = [
    { path: '/discussions', ready: 'Discussions', signedIn: false },
    { path: `/discussions/${discussion.id}`, ready: discussion.title, signedIn: false },
    { path: '/discussions', ready: 'Discussions', signedIn: true },
    { path: `/discussions/${discussion.id}`, ready: discussion.title, signedIn: true },
    { path: '/discussions/new', ready: 'New discussion', signedIn: true },
    { path: `/discussions/${discussion.id}/edit`, ready: 'Edit discussion', signedIn: true },
    { path: '/my-content/posted', ready: 'My content', signedIn: true },
  ];
  for (const { name, viewport } of WIDTHS) {
    for (const signedIn of [false, true]) {
      const context = await browser.newContext({ viewport, bypassCSP: true });
      if (signedIn) await signInContext(context, author);
      const page = await context.newPage();
      for (const item of pages.filter((entry) => entry.signedIn === signedIn)) {
        await page.goto(item.path);
        await expect(page.getByRole('heading', { name: item.ready, level: 1 })).toBeVisible();
        await expectNoAxeViolations(
          page,
          `${item.path} ${signedIn ? 'signed in' : 'signed out'} ${name}`,
        );
      }
      await context.close();
    }
  }
});

test('the author opens their own draft by its address; others get the broken-link screen', async ({
  browser,
  request,
}) => {
  const author = await createVerifiedMember(request, 'draftwriter');
  const created = await request.post('/api/forums/forums/', {
    ...asMember(author),
    data: { title: 'Draft: not ready yet', content: 'Half a thought.', status: 'draft' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const draft = (await created.json()) as Discussion;

  const context = await browser.newContext();
  await signInContext(context, author);
  const page = await context.newPage();
  // The server answers the document without reading the session, so a private discussion's
  // status is 404; the app, which asks the API as the member, shows the author the draft.
  const answer = await page.goto(`/discussions/${draft.id}`);
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: draft.title, level: 1 })).toBeVisible();
  await context.close();

  const visitor = await browser.newPage();
  await visitor.goto(`/discussions/${draft.id}`);
  await expect(visitor.getByRole('heading', { name: 'Oh no... a broken link!' })).toBeVisible();
  await visitor.close();
});

test('a visitor finds any tag by typing; the finder downloads only once it is used', async ({
  page,
  request,
}) => {
  const author = await createVerifiedMember(request, 'tagfinder');
  const tag = `rare${Date.now().toString(36)}`;
  const created = await request.post('/api/forums/forums/', {
    ...asMember(author),
    data: { title: `Only one discussion says ${tag}`, content: 'A tag used once.', tags: [tag] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const discussion = (await created.json()) as Discussion;

  const finderCode: string[] = [];
  page.on('request', (sent) => {
    if (/\/(tag-finder|Autocomplete)-/.test(sent.url())) finderCode.push(sent.url());
  });
  await page.goto('/discussions', { waitUntil: 'networkidle' });
  const finder = page.getByRole('combobox', { name: 'Find a tag' });
  await expect(finder).toBeVisible();
  expect(finderCode).toEqual([]);

  // Typed at once: what goes in before the finder's code arrives is kept.
  await finder.click();
  await page.keyboard.type(tag);
  await page.getByRole('option', { name: new RegExp(`#${tag}`) }).click();
  await expect(page).toHaveURL(new RegExp(`\\?tag=${tag}$`));
  await expect(page.getByRole('feed', { name: `Discussions tagged ${tag}` })).toBeVisible();
  await expect(page.getByRole('link', { name: discussion.title })).toBeVisible();
  expect(finderCode).not.toEqual([]);
});
