/** The common feature's public API. */
export { commonRoutes } from './common.routes';
export { cleanFeatured } from './featured.service';
