/** The moderation feature's public API. */
export { reportRoutes } from './reports.routes';
export { cleanReports } from './reports.service';
export { moderationRoutes } from './review.routes';
export { recordStaffAction } from './audit.service';
export { staffRoutes } from './staff.routes';
