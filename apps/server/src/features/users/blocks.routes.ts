import { ZBlockState, ZBlockUser, type BlockState } from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth';
import { setProfileBlock } from './blocks.service';

function presentBlockState(
  memberId: number,
  state: { blockedByMe: boolean; blockedByOther: boolean },
): BlockState {
  return {
    userId: memberId,
    blockedByMe: state.blockedByMe ? 'True' : 'False',
    isBlocked: state.blockedByMe || state.blockedByOther ? 'True' : 'False',
  };
}

/**
 * `/api/common/blocked-user/`: block or unblock a member from their profile. It is the same block
 * as the chat menu's: while it stands no message or notification crosses between the two.
 */
export const blocksRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['users'];
  const now = app.config.clock ?? (() => new Date());

  app.post(
    '/blocked-user/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Block a member; blocking them again changes nothing.',
        body: ZBlockUser,
        response: { 201: ZBlockState },
      },
    },
    async (request, reply) => {
      const memberId = request.body.user_id;
      const state = await setProfileBlock(app.db, currentUser(request).id, memberId, true, now());
      return reply.code(201).send(presentBlockState(memberId, state));
    },
  );

  app.delete(
    '/blocked-user/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Lift your block of a member (their block of you, if any, stays).',
        body: ZBlockUser,
        response: { 200: ZBlockState },
      },
    },
    async (request) => {
      const memberId = request.body.user_id;
      const state = await setProfileBlock(app.db, currentUser(request).id, memberId, false, now());
      return presentBlockState(memberId, state);
    },
  );
};
