import { MISSING_PAGE_META } from '@agora/shared';

/**
 * Whether the server answered the document at `pathname` with 404 (it marks the page with
 * MISSING_PAGE_META): it looked the page's object up and found none, so the page can say so
 * without asking the API again. Only the address the document was loaded at counts: a page the
 * app moves to later asks as usual.
 */
export function missingAtLoad(pathname: string): boolean {
  const marked = document.querySelector(`meta[name="${MISSING_PAGE_META}"]`);
  if (marked?.getAttribute('content') !== '404') return false;
  const [loaded] = performance.getEntriesByType('navigation');
  return new URL(loaded?.name ?? window.location.href).pathname === pathname;
}
