/** The moderation feature's public API. */
export { reportRoutes } from './reports.routes';
export { moderationRoutes } from './review.routes';
