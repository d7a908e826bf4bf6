import { sql, type SQL } from 'drizzle-orm';
import { statementOnce, type Database } from '../../platform/db';
import type { ChatMemberCard } from './chat.queries';
import type { ChatMessageRow } from './chat.tables';

/** What one statement of `insertMessageIfAllowed` answers, as the drivers return it. */
interface InsertedRow extends Record<string, unknown> {
  id: string;
  chat_id: string;
  created_at: Date | string;
  me_id: string;
  me_username: string;
  me_first_name: string;
  me_last_name: string;
  me_avatar_key: string | null;
  other_id: string;
  other_username: string;
  other_first_name: string;
  other_last_name: string;
  other_avatar_key: string | null;
  me_unread: number | string;
  other_unread: number | string;
}

const card = (row: InsertedRow, who: 'me' | 'other'): ChatMemberCard => ({
  id: Number(row[`${who}_id`]),
  username: row[`${who}_username`],
  firstName: row[`${who}_first_name`],
  lastName: row[`${who}_last_name`],
  avatarKey: row[`${who}_avatar_key`],
  deletedAt: null,
});

/**
 * The unread chats of member `who` once the message is in, besides this chat: every read below
 * comes from the statement's snapshot, which its own writes do not change.
 */
const unreadElsewhere = (who: SQL) => sql`(select count(*) from chat_members cm
      join chats c on c.id = cm.chat_id
      where cm.user_id = ${who} and cm.chat_id <> message.chat_id and cm.hidden_at is null
        and c.last_message_id > cm.last_read_message_id)::int`;

/**
 * The hot path of sending, as one atomic statement assembled once (raw SQL: data-modifying
 * CTEs). The message is stored only when the sender is a member of the chat, the other member
 * is live and no block stands between them; the chat then moves to the top for both, reappears
 * for a member who had deleted it, and counts as read by the sender. `greatest` keeps
 * concurrent sends from moving the newest message backwards. It answers both members' cards and
 * their numbers of unread chats after it (the sender has read this chat, the recipient has
 * not, unless they had read past it already), so the live update needs no query of its own.
 */
const sendStatement = statementOnce<InsertedRow>(() => {
  const sender = sql`${sql.placeholder('sender')}::bigint`;
  return sql`
    with allowed as (
      select c.id as chat_id,
             case when c.low_member_id = ${sender} then c.high_member_id else c.low_member_id end as other_id
      from chats c
      where c.id = ${sql.placeholder('chat')}::bigint and (c.low_member_id = ${sender} or c.high_member_id = ${sender})
    ),
    message as (
      insert into chat_messages (chat_id, sender_id, content, created_at)
      select a.chat_id, ${sender}, ${sql.placeholder('content')}::text, ${sql.placeholder('at')}::timestamptz
      from allowed a
      join users other on other.id = a.other_id and other.deleted_at is null
      where not exists (
        select 1 from user_blocks b
        where (b.blocker_id = ${sender} and b.blocked_id = a.other_id)
           or (b.blocker_id = a.other_id and b.blocked_id = ${sender})
      )
      returning id, chat_id, created_at
    ),
    chat_update as (
      update chats
      set last_message_id = greatest(coalesce(chats.last_message_id, 0), message.id),
          last_message_at = greatest(chats.last_message_at, message.created_at)
      from message where chats.id = message.chat_id
    ),
    members_update as (
      update chat_members
      set last_message_at = greatest(chat_members.last_message_at, message.created_at),
          hidden_at = null,
          last_read_message_id = case when chat_members.user_id = ${sender}
            then greatest(chat_members.last_read_message_id, message.id)
            else chat_members.last_read_message_id end
      from message where chat_members.chat_id = message.chat_id
    )
    select message.id::text as id, message.chat_id::text as chat_id, message.created_at,
           me.id::text as me_id, me.username as me_username, me.first_name as me_first_name,
           me.last_name as me_last_name, me.avatar_key as me_avatar_key,
           other.id::text as other_id, other.username as other_username,
           other.first_name as other_first_name, other.last_name as other_last_name,
           other.avatar_key as other_avatar_key,
           ${unreadElsewhere(sql`me.id`)} as me_unread,
           ${unreadElsewhere(sql`other.id`)}
             + (select case when cm.last_read_message_id < message.id then 1 else 0 end
                from chat_members cm where cm.chat_id = message.chat_id and cm.user_id = other.id)
             as other_unread
    from message
    join allowed a on a.chat_id = message.chat_id
    join users me on me.id = ${sender}
    join users other on other.id = a.other_id
  `;
});

/** A message sent, with both members' cards and unread chats after it. */
export interface SentMessage {
  row: ChatMessageRow;
  me: ChatMemberCard;
  other: ChatMemberCard;
  /** Chats with unread messages of the sender and of the recipient, this one included. */
  unread: { me: number; other: number };
}

/** The message sent (see `sendStatement`); undefined when it was refused (the caller finds why). */
export async function insertMessageIfAllowed(
  db: Database,
  chatId: number,
  senderId: number,
  content: string,
  now: Date,
): Promise<SentMessage | undefined> {
  const [row] = await sendStatement.run(db, {
    sender: senderId,
    chat: chatId,
    content,
    at: now.toISOString(),
  });
  if (!row) return undefined;
  return {
    row: {
      id: Number(row.id),
      chatId: Number(row.chat_id),
      senderId,
      content,
      createdAt: new Date(row.created_at),
    },
    me: card(row, 'me'),
    other: card(row, 'other'),
    unread: { me: Number(row.me_unread), other: Number(row.other_unread) },
  };
}
