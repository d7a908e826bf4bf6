import type { APIRequestContext, Page } from '@playwright/test';
import { expect, failedResource, test } from '../../support/test';
import {
  asMember,
  createVerifiedMember,
  expectSignedIn,
  signInContext,
  staffMember,
} from '../../support/members';
import type { Member } from '../../support/members';
import { expectAccessibleAtBothWidths } from './axe-helpers';
import { album, chat, discussionWithComment, poll, quiz, report } from './a11y-data';

/** What a page needs: the path to open, who opens it (nobody: signed out), and when it is ready. */
interface Visit {
  path: string;
  member?: Member;
  ready: (page: Page) => Promise<void>;
}

interface PageCase {
  name: string;
  signedIn: boolean;
  prepare: (request: APIRequestContext) => Promise<Visit>;
  /** The status of a request the visit provokes on purpose (a made-up link), which Chromium logs. */
  provokes?: number;
}

const main = (page: Page) => page.getByRole('main');

/** Ready once the main heading reads `name`. */
const headed =
  (name: string | RegExp) =>
  async (page: Page): Promise<void> => {
    await expect(main(page).getByRole('heading', { level: 1, name })).toBeVisible();
  };

/** Ready once `text` shows in the main area (a list's first item, a loaded record). */
const showing =
  (text: string | RegExp) =>
  async (page: Page): Promise<void> => {
    await expect(main(page).getByText(text).first()).toBeVisible();
  };

const member = (request: APIRequestContext, prefix = 'a11y') =>
  createVerifiedMember(request, prefix);

/** Pages whose content does not depend on data a test makes. */
const staticPage = (
  name: string,
  path: string,
  ready: (page: Page) => Promise<void>,
  signedIn: boolean,
): PageCase => ({
  name,
  signedIn,
  prepare: async (request) => ({
    path,
    ready,
    member: signedIn ? await member(request) : undefined,
  }),
});

const bothWays = (
  name: string,
  path: string,
  ready: (page: Page) => Promise<void>,
  provokes?: number,
): PageCase[] => [
  { ...staticPage(name, path, ready, false), provokes },
  { ...staticPage(name, path, ready, true), provokes },
];

const withDiscussion =
  (path: (id: number) => string, signedIn: boolean) =>
  async (request: APIRequestContext): Promise<Visit> => {
    const [author, reader] = await Promise.all([member(request), member(request)]);
    const discussion = await discussionWithComment(request, author, reader);
    return {
      path: path(discussion.id),
      member: signedIn ? author : undefined,
      ready: showing('The lake loop: two hours'),
    };
  };

/** A page about what `make` makes, opened by another member, or signed out. */
const authored =
  (
    make: (request: APIRequestContext, author: Member) => Promise<{ id: number }>,
    path: (id: number) => string,
    ready: (page: Page) => Promise<void>,
    signedIn: boolean,
  ) =>
  async (request: APIRequestContext): Promise<Visit> => {
    const made = await make(request, await member(request));
    return { path: path(made.id), member: signedIn ? await member(request) : undefined, ready };
  };

const CASES: PageCase[] = [
  ...bothWays('about', '/aboutus', headed(/About/)),
  ...bothWays('faq', '/faq', headed(/questions/i)),
  ...bothWays('user guide', '/userguide', headed(/guide/i)),
  ...bothWays('contact us', '/contactus', headed('Contact us')),
  staticPage('landing', '/', headed(/./), false),
  staticPage('login', '/login', headed(/./), false),
  staticPage('register', '/register', headed(/./), false),
  staticPage('forgot password', '/forgot-password', headed(/./), false),
  staticPage('verify email sent', '/verify-email', headed(/./), false),
  staticPage('reset password', '/reset-password/bm9uZQ/made-up-token', headed(/./), false),
  // These pages spend the token of their link at once; the server refuses a made-up one.
  {
    ...staticPage('verify email link', '/verify-email/made-up-key', headed(/./), false),
    provokes: 400,
  },
  {
    ...staticPage('two-factor link', '/twofa-token/made-up-token', headed(/./), false),
    provokes: 400,
  },
  // The server answers a path that is no page with 404.
  ...bothWays('broken link', '/no-such-page-here', headed('Oh no... a broken link!'), 404),
  {
    name: 'member home',
    signedIn: true,
    prepare: async (request) => {
      const [ada, ben] = await Promise.all([member(request), member(request)]);
      await discussionWithComment(request, ben, ada);
      await chat(request, ben, ada, 'Are you coming to the meetup?');
      return { path: '/', member: ada, ready: showing('Are you coming to the meetup?') };
    },
  },
  ...[false, true].flatMap((signedIn): PageCase[] => [
    {
      name: 'discussions',
      signedIn,
      prepare: async (request) => {
        const visit = await withDiscussion(() => '/discussions', signedIn)(request);
        return { ...visit, ready: showing(/Which trail for a first autumn hike/) };
      },
    },
    {
      name: 'a discussion',
      signedIn,
      prepare: withDiscussion((id) => `/discussions/${id}`, signedIn),
    },
    {
      name: 'polls',
      signedIn,
      prepare: authored(poll, () => '/polls', showing(/Which day suits/), signedIn),
    },
    {
      name: 'a poll',
      signedIn,
      prepare: authored(poll, (id) => `/polls/${id}`, showing('Saturday'), signedIn),
    },
    {
      name: 'quizzes',
      signedIn,
      prepare: authored(quiz, () => '/quizzes', showing(/Which planet is closest/), signedIn),
    },
    {
      name: 'a quiz',
      signedIn,
      prepare: authored(quiz, (id) => `/quizzes/${id}`, showing('Mercury'), signedIn),
    },
    {
      name: 'albums',
      signedIn,
      prepare: authored(album, () => '/albums', showing(/Beach day/), signedIn),
    },
    {
      name: 'an album',
      signedIn,
      prepare: authored(album, (id) => `/albums/${id}`, headed(/Beach day/), signedIn),
    },
    {
      name: 'a profile',
      signedIn,
      prepare: async (request) => {
        const [author, reader] = await Promise.all([member(request), member(request)]);
        await discussionWithComment(request, author, reader);
        return {
          path: `/user-info/${author.username}`,
          member: signedIn ? reader : undefined,
          ready: headed(author.username),
        };
      },
    },
    {
      name: 'search',
      signedIn,
      prepare: async (request) => {
        const visit = await withDiscussion(() => '/search?q=autumn%20hike', signedIn)(request);
        return { ...visit, ready: showing(/Which trail for a first autumn hike/) };
      },
    },
  ]),
  {
    name: 'new discussion',
    signedIn: true,
    prepare: async (request) => ({
      path: '/discussions/new',
      member: await member(request),
      ready: headed(/./),
    }),
  },
  {
    name: 'edit discussion',
    signedIn: true,
    prepare: async (request) => {
      const visit = await withDiscussion((id) => `/discussions/${id}/edit`, true)(request);
      return { ...visit, ready: headed(/./) };
    },
  },
  staticPage('new poll', '/polls/new', headed(/./), true),
  staticPage('new quiz', '/quizzes/new', headed(/./), true),
  staticPage('notifications', '/notifications', headed(/./), true),
  staticPage('files', '/files', headed('Your files'), true),
  {
    name: 'own album',
    signedIn: true,
    prepare: async (request) => {
      const author = await member(request);
      const made = await album(request, author);
      return { path: `/albums/${made.id}`, member: author, ready: headed(made.name) };
    },
  },
  ...['profile', 'password', 'security', 'sessions', 'storage', 'account'].map((tab) =>
    staticPage(`settings ${tab}`, `/setting?tab=${tab}`, headed(/./), true),
  ),
  ...['posted', 'bookmarked', 'liked', 'commented', 'polls', 'quizzes'].map((tab) =>
    staticPage(`my content ${tab}`, `/my-content/${tab}`, headed(/./), true),
  ),
  {
    name: 'own profile',
    signedIn: true,
    prepare: async (request) => {
      const [author, reader] = await Promise.all([member(request), member(request)]);
      await discussionWithComment(request, author, reader);
      return {
        path: `/user-info/${author.username}`,
        member: author,
        ready: headed(author.username),
      };
    },
  },
  {
    name: 'chat list',
    signedIn: true,
    prepare: async (request) => {
      const [ada, ben] = await Promise.all([member(request), member(request)]);
      await chat(request, ben, ada, 'Did you get the tickets?');
      return { path: '/chat', member: ada, ready: showing('Did you get the tickets?') };
    },
  },
  {
    name: 'moderation queue',
    signedIn: true,
    prepare: async (request) => {
      const [author, reader] = await Promise.all([member(request), member(request)]);
      const discussion = await discussionWithComment(request, author, reader);
      await report(request, reader, discussion);
      return {
        path: '/moderation',
        member: await staffMember(request),
        ready: showing(discussion.title),
      };
    },
  },
  {
    name: 'staff members tab',
    signedIn: true,
    prepare: async (request) => ({
      path: '/moderation?tab=members',
      member: await staffMember(request),
      ready: async (page) => {
        await expect(
          main(page).getByRole('list', { name: 'Staff and restricted members' }),
        ).toBeVisible();
      },
    }),
  },
  {
    name: 'staff log tab',
    signedIn: true,
    prepare: async (request) => ({
      path: '/moderation?tab=log',
      member: await staffMember(request),
      // global-setup's `npm run admin -- grant` is in the log already.
      ready: async (page) => {
        await expect(
          main(page).getByRole('list', { name: 'Staff actions, newest first' }),
        ).toBeVisible();
      },
    }),
  },
  {
    name: 'staff messages tab',
    signedIn: true,
    prepare: async (request) => {
      const subject = `A question for the team ${Date.now().toString(36)}`;
      const sent = await request.post('/api/contactus/', {
        data: { name: 'Grace', email: 'grace@example.org', subject, message: 'Hello!' },
      });
      expect(sent.status(), await sent.text()).toBe(201);
      return {
        path: '/moderation?tab=messages',
        member: await staffMember(request),
        ready: showing(subject),
      };
    },
  },
  {
    name: 'silence banner',
    signedIn: true,
    prepare: async (request) => {
      const [silenced, staff] = await Promise.all([member(request), staffMember(request)]);
      const until = new Date(Date.now() + 86_400_000).toISOString();
      const answer = await request.post(`/api/moderation/members/${silenced.username}/silence/`, {
        ...asMember(staff),
        data: { until, reason: 'Adverts in every thread.' },
      });
      expect(answer.status(), await answer.text()).toBe(200);
      return {
        path: '/discussions',
        member: silenced,
        ready: async (page) => {
          await headed('Discussions')(page);
          await expect(
            page.getByRole('status').filter({ hasText: 'Staff have silenced your account' }),
          ).toBeVisible();
        },
      };
    },
  },
];

for (const { name, signedIn, prepare, provokes } of CASES) {
  const who = signedIn ? 'signed in' : 'signed out';
  test(`${name}, ${who}: one h1, no axe-core violations and no sideways scrolling at 1280 and 390 px`, async ({
    context,
    page,
    request,
    quietConsole,
  }) => {
    const visit = await prepare(request);
    if (provokes) quietConsole.allow(failedResource(provokes));
    if (visit.member) await signInContext(context, visit.member);
    await page.goto(visit.path);
    if (visit.member) await expectSignedIn(page, visit.member);
    await expectAccessibleAtBothWidths(page, `${visit.path} ${who}`, visit.ready);
  });
}

test('an open conversation, signed in: one h1, no axe-core violations and no sideways scrolling at 1280 and 390 px', async ({
  context,
  page,
  request,
}) => {
  const [ada, ben] = await Promise.all([member(request), member(request)]);
  await chat(request, ben, ada, 'Shall we meet at the station?');
  await signInContext(context, ada);
  await page.goto('/chat');
  await main(page)
    .getByRole('listitem', { name: new RegExp(ben.username) })
    .click();
  await expectAccessibleAtBothWidths(page, 'an open conversation', async (open) => {
    await expect(main(open).getByRole('textbox', { name: /message/i })).toBeVisible();
  });
});
