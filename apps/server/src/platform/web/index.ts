export { webAppPlugin } from './web-app.plugin';
export { contentPage, type PageLookup, type WebPages } from './object-pages';
export type { PublishableTable, SitemapSource } from './sitemap';
