import type { FastifyInstance } from 'fastify';
import { contentContext, type ContentContext } from '../../platform/content';

/** Everything the moderation services use: the content context, whose registry finds each kind. */
export type ModerationContext = ContentContext;

export const moderationContext = (app: FastifyInstance): ModerationContext => contentContext(app);
