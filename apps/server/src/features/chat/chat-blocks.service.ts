import { AppError } from '../../platform/errors';
import { blockMember, unblockMember } from '../users';
import type { ChatContext } from './chat.context';
import { findChatEntry } from './chat-list.service';
import type { ChatEntryView } from './chat.presenter';
import { findMembership } from './chat.queries';

/** From a chat's menu the viewer blocks its other member, who must be `memberId`. */
export async function blockInChat(
  ctx: ChatContext,
  viewerId: number,
  chatId: number,
  memberId: number,
): Promise<ChatEntryView> {
  const { other } = await findMembership(ctx.db, chatId, viewerId);
  if (memberId !== other.id) {
    throw AppError.fields({ user_id: ['Choose the other member of this chat.'] });
  }
  await blockMember(ctx.db, viewerId, other.id, ctx.now());
  return findChatEntry(ctx, viewerId, chatId);
}

/** The viewer lifts their block of the chat's other member; a block the other set stays. */
export async function unblockInChat(
  ctx: ChatContext,
  viewerId: number,
  chatId: number,
): Promise<ChatEntryView> {
  const { other } = await findMembership(ctx.db, chatId, viewerId);
  await unblockMember(ctx.db, viewerId, other.id);
  return findChatEntry(ctx, viewerId, chatId);
}
