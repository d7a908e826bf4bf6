import { expect, test } from '../../support/test';
import type { AuthResponse } from '@agora/shared';
import type { APIRequestContext, Browser } from '@playwright/test';
import { DESKTOP, PHONE } from '../../support/browsing';
import { asMember, createVerifiedMember, signInContext, staffMember } from '../../support/members';
import type { Member } from '../../support/members';
import { startEmptyServer } from '../../support/server';

/** Issue 17: cumulative layout shift below 0.05 on every page. */
const CLS_LIMIT = 0.05;

declare global {
  interface Window {
    /** Layout shifts seen so far, summed per session window as Chromium's CLS does. */
    agoraLayoutShift?: () => { cls: number; shifts: string[] };
  }
}

/**
 * Runs in the page before its scripts: records every layout shift not caused by input and
 * scores them the way CLS does (the worst window of shifts less than 1 s apart, 5 s at most).
 */
function recordLayoutShifts(): void {
  interface Shift extends PerformanceEntry {
    value: number;
    hadRecentInput: boolean;
    sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
  }
  const describe = (node: Node | null | undefined) => {
    if (!(node instanceof Element)) return node?.nodeName ?? '?';
    const label = node.getAttribute('aria-label') ?? node.textContent?.slice(0, 40) ?? '';
    return `${node.tagName.toLowerCase()}.${[...node.classList].slice(0, 2).join('.')} "${label}"`;
  };
  // Described when seen: a node that moved may be gone from the page by the end.
  const shifts: { startTime: number; value: number; sources: string }[] = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Shift[]) {
      if (entry.hadRecentInput) continue;
      const sources = (entry.sources ?? []).map(
        ({ node, previousRect: from, currentRect: to }) =>
          `${describe(node)} y ${Math.round(from.y)}→${Math.round(to.y)} h ${Math.round(from.height)}→${Math.round(to.height)}`,
      );
      shifts.push({ startTime: entry.startTime, value: entry.value, sources: sources.join(', ') });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  window.agoraLayoutShift = () => {
    let worst = 0;
    let current = 0;
    let first = 0;
    let last = 0;
    for (const shift of shifts) {
      const startsWindow = shift.startTime - last > 1000 || shift.startTime - first > 5000;
      if (startsWindow) {
        current = 0;
        first = shift.startTime;
      }
      current += shift.value;
      last = shift.startTime;
      worst = Math.max(worst, current);
    }
    return {
      cls: worst,
      shifts: shifts
        .filter((shift) => shift.value >= 0.001)
        .map(
          (shift) => `${shift.startTime.toFixed(0)} ms ${shift.value.toFixed(4)}: ${shift.sources}`,
        ),
    };
  };
}

/**
 * Loads `path` as `member` at `viewport` in a fresh context, waits for the page and whatever
 * it fetches, and returns its layout shift. `baseURL`: the suite's server unless given.
 */
async function layoutShift(
  browser: Browser,
  member: Member,
  path: string,
  viewport: typeof DESKTOP,
  baseURL = process.env.E2E_BASE_URL,
): Promise<{ cls: number; shifts: string[] }> {
  const context = await browser.newContext({ baseURL, viewport });
  await signInContext(context, member, baseURL);
  const page = await context.newPage();
  await page.addInitScript(recordLayoutShifts);
  await page.goto(path, { waitUntil: 'networkidle' });
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Loading', exact: true })).toHaveCount(0);
  // Late content (avatars, counts, lazily loaded panels) has had time to arrive.
  await page.waitForTimeout(1500);
  const result = await page.evaluate(() => window.agoraLayoutShift?.() ?? { cls: 0, shifts: [] });
  await context.close();
  return result;
}

/** A discussion by `author` with a few comments. */
async function discussionWithComments(request: APIRequestContext, author: Member): Promise<string> {
  const created = await request.post('/api/forums/forums/', {
    ...asMember(author),
    data: {
      title: 'Which bread flour holds its shape in a cold proof?',
      content: 'My **sourdough** spreads flat after a night in the fridge. What do you use?',
      tags: ['baking', 'cooking'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  for (const content of [
    'A strong flour of 13 % protein or more, and a shorter bulk ferment.',
    'Shape it tighter before the fridge; the skin holds it up.',
    'A banneton helps more than the flour does.',
  ]) {
    const commented = await request.post('/api/forums/forums-comment/', {
      ...asMember(author),
      data: { forum: id, content },
    });
    expect(commented.status(), await commented.text()).toBe(201);
  }
  return `/discussions/${id}`;
}

/**
 * The home page of a community with a full "What's new" list (12 posts), as members meet it;
 * its placeholders are the size of a full list. (A new community's short list: below.)
 */
async function homeOfActiveCommunity(request: APIRequestContext): Promise<string> {
  const posters = await Promise.all([
    createVerifiedMember(request, 'poster'),
    createVerifiedMember(request, 'poster'),
  ]);
  for (let index = 0; index < 12; index += 1) {
    const poster = posters[index % posters.length] as Member;
    const created = await request.post('/api/forums/forums/', {
      ...asMember(poster),
      data: { title: `Community notes, part ${index + 1}`, content: 'What happened this week.' },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  return '/';
}

/** The feed once staff have featured a discussion. */
async function featuredDiscussion(request: APIRequestContext): Promise<string> {
  const staff = await staffMember(request);
  const created = await request.post('/api/forums/forums/', {
    ...asMember(staff),
    data: { title: 'The spring meetup', content: 'Come along on Saturday.', tags: ['events'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const featured = await request.post('/api/common/featured-post/', {
    ...asMember(staff),
    data: { model: 'forum', id },
  });
  expect(featured.status(), await featured.text()).toBe(201);
  return '/discussions';
}

const pages: {
  name: string;
  path: (request: APIRequestContext, member: Member) => Promise<string>;
}[] = [
  { name: 'home', path: homeOfActiveCommunity },
  { name: 'discussions', path: async () => '/discussions' },
  // The strip of what staff featured comes with a request of its own, above the feed.
  { name: 'discussions with one featured', path: featuredDiscussion },
  {
    name: 'a discussion with comments',
    path: async (request) =>
      discussionWithComments(request, await createVerifiedMember(request, 'shifty')),
  },
  // Its author also sees the audio tools, whose state arrives with a request of its own.
  {
    name: 'a discussion read by its author',
    path: async (request, member) => discussionWithComments(request, member),
  },
  { name: 'polls', path: async () => '/polls' },
  { name: 'quizzes', path: async () => '/quizzes' },
  { name: 'a profile', path: async (_request, member) => `/user-info/${member.username}` },
];

for (const { name, path } of pages) {
  test(`${name} shifts its layout by less than ${CLS_LIMIT} on a desktop and on a phone`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(60_000);
    const member = await createVerifiedMember(request, 'layout');
    const address = await path(request, member);
    for (const [width, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const { cls, shifts } = await layoutShift(browser, member, address, viewport);
      expect(cls, `${address} on a ${width}:\n${shifts.join('\n')}`).toBeLessThan(CLS_LIMIT);
    }
  });
}

test(`a new community's home, two discussions long, shifts its layout by less than ${CLS_LIMIT} on a phone and a desktop`, async ({
  browser,
  request,
}) => {
  // Its own server: the suite's database holds every other spec's posts.
  test.setTimeout(120_000);
  const empty = await startEmptyServer();
  try {
    const password = 'Lantern-Harbour-58';
    const username = `sparse_${Date.now().toString(36)}`;
    const signedUp = await request.post(`${empty.baseUrl}/auth/registration/`, {
      data: {
        username,
        email: `${username}@example.com`,
        password1: password,
        password2: password,
      },
    });
    expect(signedUp.status(), await signedUp.text()).toBe(201);
    const { user, access, refresh } = (await signedUp.json()) as AuthResponse;
    const member: Member = { id: user.id, username, email: user.email, password, access, refresh };
    for (const title of ['Our first community walk', 'Where should the library meet?']) {
      const created = await request.post(`${empty.baseUrl}/api/forums/forums/`, {
        ...asMember(member),
        data: { title, content: 'Tell us what you think.' },
      });
      expect(created.status(), await created.text()).toBe(201);
    }
    for (const [width, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const { cls, shifts } = await layoutShift(browser, member, '/', viewport, empty.baseUrl);
      expect(cls, `the home on a ${width}:\n${shifts.join('\n')}`).toBeLessThan(CLS_LIMIT);
    }
  } finally {
    await empty.stop();
  }
});
