import type { FastifyInstance } from 'fastify';
import type { AuthGuard } from '../../platform/auth';
import { contentContext, type ContentContext } from '../../platform/content';

/**
 * Everything the moderation services use: the content context, whose registry finds each kind,
 * and the auth guard, told when a member's sessions end or their standing changes.
 */
export interface ModerationContext extends ContentContext {
  auth: AuthGuard;
}

export const moderationContext = (app: FastifyInstance): ModerationContext => ({
  ...contentContext(app),
  auth: app.auth,
});
