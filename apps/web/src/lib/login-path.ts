/** The login page's address that comes back to `path` (this site's path) after signing in. */
export function loginPathFor(path: string): string {
  return `/login?next=${encodeURIComponent(path)}`;
}
