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

/**
 * What the server checks before it sends an object's page (404 when the object is missing or
 * not public) and what the sitemap lists, one line per page. Like `content-kinds.ts`, this is
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
  sitemap: [
    { model: 'forum', table: discussions, published: statusPublished(discussions.status) },
    { model: 'poll', table: pollPosts, published: statusPublished(pollPosts.status) },
    { model: 'quiz', table: quizzes, published: statusPublished(quizzes.status) },
    { model: 'album', table: albums, published: isNull(albums.hiddenAt) },
  ],
};
