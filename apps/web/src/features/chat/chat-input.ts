/** The send schemas, loaded with a first send (chat-slice.ts's `validated` says why). */
export { ZSendMessage, ZStartChat } from '@agora/shared';
