/**
 * Every page of the web app, as its router declares them (`:name` is a parameter). The server
 * answers any other path with the app and status 404, so a broken link is a 404 for browsers,
 * crawlers and link checkers alike. `apps/web/src/app/route-patterns.test.ts` keeps the router
 * and this list equal.
 */
export const WEB_ROUTE_PATTERNS = [
  '/',
  '/_app',
  '/discussions',
  '/discussions/new',
  '/discussions/:id',
  '/discussions/:id/edit',
  '/my-content/:tab',
  '/polls',
  '/polls/new',
  '/polls/:id',
  '/polls/:id/edit',
  '/quizzes',
  '/quizzes/new',
  '/quizzes/:id',
  '/quizzes/:id/edit',
  '/albums',
  '/albums/:id',
  '/files',
  '/chat',
  '/notifications',
  '/search',
  '/moderation',
  '/setting',
  '/faq',
  '/aboutus',
  '/contactus',
  '/userguide',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password/:uid/:token',
  '/verify-email',
  '/verify-email/:key',
  '/twofa-token/:token',
  '/user-info/:username',
] as const;

export type WebRoutePattern = (typeof WEB_ROUTE_PATTERNS)[number];

export interface WebRouteMatch {
  pattern: WebRoutePattern;
  /** The `:name` segments of the path, by name. */
  params: Record<string, string>;
}

const COMPILED = WEB_ROUTE_PATTERNS.map((pattern) => ({
  pattern,
  segments: pattern.split('/').filter(Boolean),
}));

/**
 * The page a decoded path (no query) shows, as the web router picks it: static segments match
 * whatever their case, a trailing slash is ignored, and a static segment wins over a parameter
 * (`/discussions/new` is the editor, not discussion "new"). Null when no page matches.
 */
export function matchWebRoute(path: string): WebRouteMatch | null {
  const parts = path.split('/').filter(Boolean);
  let best: { match: WebRouteMatch; statics: number } | null = null;
  for (const { pattern, segments } of COMPILED) {
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let statics = 0;
    const fits = segments.every((segment, index) => {
      const part = parts[index] ?? '';
      if (segment.startsWith(':')) {
        params[segment.slice(1)] = part;
        return true;
      }
      statics += 1;
      return segment.toLowerCase() === part.toLowerCase();
    });
    if (fits && (best === null || statics > best.statics)) {
      best = { match: { pattern, params }, statics };
    }
  }
  return best?.match ?? null;
}

/**
 * The `<meta name>` whose content is `404` in a page the server answered with 404 (no such page,
 * or its object missing or not public): the app need not ask the API for that object again.
 */
export const MISSING_PAGE_META = 'agora-missing';
