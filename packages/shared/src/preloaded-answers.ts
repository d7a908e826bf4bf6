/**
 * A visitor's first screen, answered in the page itself: the server runs the API reads the
 * page's first screen makes for a visitor and sends their answers inside the HTML, so the app
 * draws the page once, with its content, without waiting for another round trip. Both sides
 * file an answer under the same key.
 */

/** The `<script type="application/json">` element that holds the answers, by key. */
export const PRELOADED_ANSWERS_ID = 'agora-preloaded';

/** The session cookies (SPEC §9): a request carrying either is a member's, and gets none. */
export const SESSION_COOKIES = { access: 'agora_access', refresh: 'agora_refresh' } as const;

/**
 * The key of a read: its path, then its query's parameters sorted by name, so the order in
 * which either side writes them does not matter. An absolute URL's origin is dropped.
 */
export function preloadKey(url: string): string {
  const parsed = new URL(url, 'http://agora.invalid');
  const params = [...parsed.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const search = new URLSearchParams(params).toString();
  return search ? `${parsed.pathname}?${search}` : parsed.pathname;
}
