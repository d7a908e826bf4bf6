import type { Author, NotificationItem } from '@agora/shared';
import type { NotificationRow } from './notifications.tables';

/**
 * The words between the actors and the title. Only this feature writes `verb` and `model`;
 * `noun` is what the recipient's object is called (the kind's noun; for a comment, its host's).
 */
function phrase(verb: string, model: string, noun: string): string {
  const onComment = model === 'comment' || model === 'subcomment';
  const onReply = model === 'subcomment';
  switch (verb) {
    case 'commented':
      return `commented on your ${noun}`;
    case 'replied':
      return 'replied to your comment on';
    case 'liked':
      if (!onComment) return `liked your ${noun}`;
      return onReply ? 'liked your reply on' : 'liked your comment on';
    case 'voted':
      return 'voted in your poll';
    case 'mentioned':
      if (!onComment) return 'mentioned you in';
      return onReply ? 'mentioned you in a reply on' : 'mentioned you in a comment on';
    default:
      return verb;
  }
}

/** Verbs whose actor is the staff as a whole: no moderator is named to the reporter. */
const FROM_STAFF = new Set(['report_upheld', 'report_dismissed']);
const STAFF = 'Moderators';

/**
 * Who an anonymous act's notification says did it. Its actor card names nobody either: this
 * word, no avatar, and the recipient's own id (the only member the row knows).
 */
const SOMEONE = 'Someone';

/**
 * A notification that names nobody: an anonymous act is stored with the recipient as its actor
 * (members are never told of their own acts otherwise).
 */
const isAnonymous = (row: Pick<NotificationRow, 'actorId' | 'recipientId'>): boolean =>
  row.actorId === row.recipientId;

/** "ada", "ada and 1 other", "ada and 4 others": the latest actor names the group. */
function actorsPhrase(username: string, actorsCount: number): string {
  const others = actorsCount - 1;
  if (others <= 0) return username;
  return `${username} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

/** The sentence the bell, the list and the desktop notification show. */
export function notificationMessage(
  row: Pick<
    NotificationRow,
    'verb' | 'model' | 'targetTitle' | 'actorsCount' | 'actorId' | 'recipientId'
  >,
  actorUsername: string,
  noun: string,
): string {
  if (row.verb === 'report_upheld') {
    return `${STAFF} reviewed your report and hid “${row.targetTitle}”`;
  }
  if (row.verb === 'report_dismissed') {
    return `${STAFF} reviewed your report about “${row.targetTitle}” and left it up`;
  }
  const words = phrase(row.verb, row.model, noun);
  const who = isAnonymous(row) ? SOMEONE : actorsPhrase(actorUsername, row.actorsCount);
  return `${who} ${words} “${row.targetTitle}”`;
}

export function presentNotification(
  row: NotificationRow,
  actor: Author,
  noun: string,
): NotificationItem {
  const anonymous = isAnonymous(row);
  return {
    id: row.id,
    message: notificationMessage(row, actor.username, noun),
    viewed: row.viewed,
    createdAt: row.createdAt.toISOString(),
    actor: anonymous
      ? {
          id: row.recipientId,
          username: FROM_STAFF.has(row.verb) ? STAFF : SOMEONE,
          avatar: null,
        }
      : { id: actor.id, username: actor.username, avatar: actor.avatar },
    verb: row.verb,
    targetObject: {
      appLabel: row.appLabel,
      model: row.model,
      id: row.objectId,
      title: row.targetTitle,
      url: row.targetUrl,
    },
  };
}
