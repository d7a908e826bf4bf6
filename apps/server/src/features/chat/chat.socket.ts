import { CHAT_SOCKET_PATH } from '@agora/shared';
import type { FastifyInstance } from 'fastify';
import { countUnreadChats } from './chat-list.service';
import type { ChatContext } from './chat.context';

/** `/ws/chats/?token=`: the unread count on connect; messages and new counts arrive from chat.live. */
export function chatSocket(app: FastifyInstance, ctx: ChatContext): void {
  app.realtime.route(CHAT_SOCKET_PATH, {
    async onOpen(user, send) {
      send({ type: 'total_chat', total_chat: await countUnreadChats(ctx, user.id) });
    },
  });
}
