export { webAppPlugin } from './web-app.plugin';
export { contentPage, type PageLookup, type WebPages } from './object-pages';
export { statusPublished, type PublishableTable, type SitemapSource } from './sitemap';
