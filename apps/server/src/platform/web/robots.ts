/**
 * Pages that are a member's own or a form (settings, chat, editors, sign-in links) are of no
 * use in search results. The API stays open: crawlers that run the app need it to show a page.
 */
const PRIVATE_PATHS = [
  '/_app',
  '/setting',
  '/files',
  '/chat',
  '/notifications',
  '/moderation',
  '/my-content/',
  '/search',
  '/user-info/',
  '/*/new',
  '/*/edit',
  '/forgot-password',
  '/reset-password/',
  '/verify-email',
  '/twofa-token/',
];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
