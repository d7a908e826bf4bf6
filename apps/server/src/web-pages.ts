import { DISCUSSION_ORDERINGS, HOME_LIST_SIZE } from '@agora/shared';
import { isNull } from 'drizzle-orm';
import { albums } from './features/albums';
import { discussions } from './features/forums/forums.tables';
import { pollPosts } from './features/polls';
import { quizzes } from './features/quizzes/quizzes.tables';
import { findUserIdByUsername } from './features/users';
import { contentPage, statusPublished, type WebPages } from './platform/web';

const discussion = contentPage('forum');
const poll = contentPage('poll');
const quiz = contentPage('quiz');
const album = contentPage('album');

/** The home page's newest lists, as a visitor's home asks for them (apps/web's home-api.ts). */
const homeReads = () =>
  ['forums', 'polls', 'quizs'].map((kind) => `/api/forums/${kind}/?limit=${HOME_LIST_SIZE}`);

/** The discussions feed in the address's ordering and tag, with the tags and featured ones. */
function discussionsReads(_params: Record<string, string>, query: URLSearchParams): string[] {
  const asked = query.get('ordering');
  const ordering = DISCUSSION_ORDERINGS.find((known) => known === asked) ?? 'latest';
  const tag = query.get('tag');
  const feed = new URLSearchParams({ ordering, ...(tag ? { tag } : {}) });
  return [
    `/api/forums/forums/?${feed.toString()}`,
    '/api/common/tags-list?model_name=forum',
    '/api/common/featured-post/?model_type=forum',
  ];
}

/** A discussion, its audio's state, the first page of its comments and related discussions. */
const discussionReads = ({ id = '' }: Record<string, string>) => [
  `/api/forums/forums/${id}/`,
  `/api/forums/forums/${id}/get_audio/`,
  `/api/forums/forums-comment/?forum=${id}`,
  `/api/forums/forums/${id}/related_forums/`,
];

/**
 * What the server checks before it sends an object's page (404 when the object is missing or
 * not public), what a visitor's first screen reads (sent inside the page), and what the sitemap
 * lists, one line per page. Like `content-kinds.ts`, this is
 * the one place that names the features for `platform/web`.
 */
export const WEB_PAGES: WebPages = {
  objects: {
    '/discussions/:id': discussion,
    '/discussions/:id/edit': discussion,
    '/polls/:id': poll,
    '/polls/:id/edit': poll,
    '/quizzes/:id': quiz,
    '/quizzes/:id/edit': quiz,
    '/albums/:id': album,
    // Profiles are for signed-in members: the server only tells whether the member exists.
    '/user-info/:username': async (app, { username = '' }) =>
      (await findUserIdByUsername(app.db, username)) === undefined
        ? undefined
        : { title: username, type: 'profile' },
  },
  firstScreens: {
    '/': homeReads,
    '/_app': homeReads,
    '/discussions': discussionsReads,
    '/discussions/:id': discussionReads,
  },
  sitemap: [
    { model: 'forum', table: discussions, published: statusPublished(discussions.status) },
    { model: 'poll', table: pollPosts, published: statusPublished(pollPosts.status) },
    { model: 'quiz', table: quizzes, published: statusPublished(quizzes.status) },
    { model: 'album', table: albums, published: isNull(albums.hiddenAt) },
  ],
};
