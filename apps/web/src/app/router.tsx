import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { BrokenLinkScreen } from '../components/broken-link-screen';
import { LoadingScreen } from '../components/loading-screen';
import { AppShell } from './shell/app-shell';
import { RouteErrorScreen } from './route-error-screen';

/**
 * A route whose page module (default export) is fetched on first visit, as its own chunk.
 * The function form on purpose: the router clears an object-form `lazy` once loaded, which
 * would break a second router built from these same route objects (tests build many).
 */
function page(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

const home = page(() => import('../features/home/pages/home-page'));

/**
 * All pages, inside the shell. To add a page: create `features/<f>/pages/<name>-page.tsx` with a
 * default export and add `{ path, lazy: page(() => import(...)) }` below.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppShell,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      {
        // Errors inside a page keep the shell around them, so the member can navigate away.
        errorElement: <RouteErrorScreen />,
        children: [
          { index: true, lazy: home },
          // SPEC §2 registers the application shell under "/_app".
          { path: '_app', lazy: home },
          {
            path: 'discussions',
            lazy: page(() => import('../features/forums/pages/discussions-page')),
          },
          {
            path: 'discussions/new',
            lazy: page(() => import('../features/forums/pages/discussion-editor-page')),
          },
          {
            path: 'discussions/:id',
            lazy: page(() => import('../features/forums/pages/discussion-page')),
          },
          {
            path: 'discussions/:id/edit',
            lazy: page(() => import('../features/forums/pages/discussion-editor-page')),
          },
          {
            path: 'my-content/:tab',
            lazy: page(() => import('../features/forums/pages/my-content-page')),
          },
          { path: 'polls', lazy: page(() => import('../features/polls/pages/polls-page')) },
          {
            path: 'polls/new',
            lazy: page(() => import('../features/polls/pages/poll-editor-page')),
          },
          { path: 'polls/:id', lazy: page(() => import('../features/polls/pages/poll-page')) },
          {
            path: 'polls/:id/edit',
            lazy: page(() => import('../features/polls/pages/poll-editor-page')),
          },
          { path: 'quizzes', lazy: page(() => import('../features/quizzes/pages/quizzes-page')) },
          {
            path: 'quizzes/new',
            lazy: page(() => import('../features/quizzes/pages/quiz-editor-page')),
          },
          { path: 'quizzes/:id', lazy: page(() => import('../features/quizzes/pages/quiz-page')) },
          {
            path: 'quizzes/:id/edit',
            lazy: page(() => import('../features/quizzes/pages/quiz-editor-page')),
          },
          { path: 'albums', lazy: page(() => import('../features/albums/pages/albums-page')) },
          { path: 'albums/:id', lazy: page(() => import('../features/albums/pages/album-page')) },
          { path: 'files', lazy: page(() => import('../features/files/pages/files-page')) },
          { path: 'chat', lazy: page(() => import('../features/chat/pages/chat-page')) },
          {
            path: 'notifications',
            lazy: page(() => import('../features/notifications/pages/notifications-page')),
          },
          { path: 'search', lazy: page(() => import('../features/common/pages/search-page')) },
          {
            path: 'moderation',
            lazy: page(() => import('../features/moderation/pages/moderation-page')),
          },
          { path: 'setting', lazy: page(() => import('../features/settings/pages/settings-page')) },
          { path: 'faq', lazy: page(() => import('../features/help/pages/faq-page')) },
          { path: 'aboutus', lazy: page(() => import('../features/help/pages/about-page')) },
          {
            path: 'contactus',
            lazy: page(() => import('../features/contact/pages/contact-page')),
          },
          { path: 'userguide', lazy: page(() => import('../features/help/pages/user-guide-page')) },
          { path: 'login', lazy: page(() => import('../features/auth/pages/login-page')) },
          { path: 'register', lazy: page(() => import('../features/auth/pages/register-page')) },
          {
            path: 'forgot-password',
            lazy: page(() => import('../features/auth/pages/forgot-password-page')),
          },
          {
            path: 'reset-password/:uid/:token',
            lazy: page(() => import('../features/auth/pages/reset-password-page')),
          },
          {
            path: 'verify-email',
            lazy: page(() => import('../features/auth/pages/verify-email-sent-page')),
          },
          {
            path: 'verify-email/:key',
            lazy: page(() => import('../features/auth/pages/verify-email-page')),
          },
          {
            path: 'twofa-token/:token',
            lazy: page(() => import('../features/auth/pages/twofa-token-page')),
          },
          {
            path: 'user-info/:username',
            lazy: page(() => import('../features/users/pages/user-info-page')),
          },
          { path: '*', element: <BrokenLinkScreen /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
