import {
  ZChatBlock,
  ZChatIdParams,
  ZChatListEntry,
  ZChatListPage,
  ZChatMessage,
  ZChatMessagePage,
  ZChatPageQuery,
  ZChatSearchQuery,
  ZChatUnblock,
  ZSendMessage,
  ZStartChat,
  ZUnreadChat,
  ZUserChat,
  ZUserChatIdQuery,
} from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/auth';
import { presentPage, type Page } from '../../platform/pagination';
import { blockInChat, unblockInChat } from './chat-blocks.service';
import { countUnreadChats, findChatEntry, findChatWith, listChats } from './chat-list.service';
import {
  hideChat,
  listMessages,
  markChatRead,
  sendMessage,
  startChat,
  type MessageView,
} from './chat-messages.service';
import { chatContext } from './chat.context';
import { presentChatEntry, presentMessage, type ChatEntryView } from './chat.presenter';
import { chatSocket } from './chat.socket';

/**
 * Everything under /api/chats/chat-list/ (paths as SPEC §7 spells them) and the chat socket.
 * Only a chat's two members can read or write it; everyone else gets a 404.
 */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = chatContext(app);
  const tags = ['chat'];
  const auth = { onRequest: app.authenticate };
  const entries = (page: Page<ChatEntryView>) =>
    presentPage(page, (view) => presentChatEntry(view, ctx.storage));
  const message = (view: MessageView) =>
    presentMessage(view.row, view.sender, view.read, ctx.storage);

  chatSocket(app, ctx);

  app.get(
    '/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Your chats, the one with the newest message first.',
        querystring: ZChatPageQuery,
        response: { 200: ZChatListPage },
      },
    },
    async (request) => entries(await listChats(ctx, currentUser(request).id, request.query)),
  );

  app.get(
    '/search_chatllist/',
    {
      ...auth,
      schema: {
        tags,
        summary: "Your chats whose other member's name or username contains `q`.",
        querystring: ZChatSearchQuery,
        response: { 200: ZChatListPage },
      },
    },
    async (request) => entries(await listChats(ctx, currentUser(request).id, request.query)),
  );

  app.post(
    '/',
    {
      onRequest: [
        app.authenticate,
        app.actionLimit('chat_starts'),
        app.actionLimit('chat_messages'),
      ],
      preHandler: app.newMemberChecks('chat_starts'),
      schema: {
        tags,
        summary: 'Write to a member: starts your chat with them, or adds to it.',
        body: ZStartChat,
        response: { 201: ZChatListEntry },
      },
    },
    async (request, reply) => {
      const viewerId = currentUser(request).id;
      const chatId = await startChat(ctx, viewerId, request.body);
      return reply
        .code(201)
        .send(presentChatEntry(await findChatEntry(ctx, viewerId, chatId), ctx.storage));
    },
  );

  app.get(
    '/unread_chat/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'How many of your chats hold messages you have not read.',
        response: { 200: ZUnreadChat },
      },
    },
    async (request) => ({ unreadChat: await countUnreadChats(ctx, currentUser(request).id) }),
  );

  app.get(
    '/user_chat_id/',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'Your chat with a member (chatId null while you have none) and whether a block stands between you.',
        querystring: ZUserChatIdQuery,
        response: { 200: ZUserChat },
      },
    },
    async (request) => findChatWith(ctx, currentUser(request).id, request.query.user),
  );

  app.post(
    '/chat_unblock/',
    {
      ...auth,
      schema: {
        tags,
        summary: "Lift your block of a chat's other member.",
        body: ZChatUnblock,
        response: { 200: ZChatListEntry },
      },
    },
    async (request) =>
      presentChatEntry(
        await unblockInChat(ctx, currentUser(request).id, request.body.chat_unblock_id),
        ctx.storage,
      ),
  );

  app.get(
    '/:chatid/messages_list/',
    {
      ...auth,
      schema: {
        tags,
        summary: "A chat's messages, newest first.",
        params: ZChatIdParams,
        querystring: ZChatPageQuery,
        response: { 200: ZChatMessagePage },
      },
    },
    async (request) => {
      const page = await listMessages(
        ctx,
        currentUser(request).id,
        request.params.chatid,
        request.query,
      );
      return presentPage(page, message);
    },
  );

  app.post(
    '/:chatid/send_messages/',
    {
      onRequest: [app.authenticate, app.actionLimit('chat_messages')],
      preHandler: app.newMemberChecks('chat_messages'),
      schema: {
        tags,
        summary: 'Send a message (refused while either member blocks the other).',
        params: ZChatIdParams,
        body: ZSendMessage,
        response: { 201: ZChatMessage },
      },
    },
    async (request, reply) => {
      const view = await sendMessage(
        ctx,
        currentUser(request).id,
        request.params.chatid,
        request.body.newmessage,
      );
      return reply.code(201).send(message(view));
    },
  );

  app.put(
    '/:chatid/read_chatmessages/',
    {
      ...auth,
      schema: {
        tags,
        summary: "Mark every message of the chat read; answers with your chats' unread count.",
        params: ZChatIdParams,
        response: { 200: ZUnreadChat },
      },
    },
    async (request) => ({
      unreadChat: await markChatRead(ctx, currentUser(request).id, request.params.chatid),
    }),
  );

  app.delete(
    '/:chatid/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Remove the chat from your list until a new message arrives.',
        params: ZChatIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await hideChat(ctx, currentUser(request).id, request.params.chatid);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:chatid/chat_block/',
    {
      ...auth,
      schema: {
        tags,
        summary: "Block the chat's other member: neither of you can send until it is lifted.",
        params: ZChatIdParams,
        body: ZChatBlock,
        response: { 200: ZChatListEntry },
      },
    },
    async (request) =>
      presentChatEntry(
        await blockInChat(
          ctx,
          currentUser(request).id,
          request.params.chatid,
          request.body.user_id,
        ),
        ctx.storage,
      ),
  );
};
