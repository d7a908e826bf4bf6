import type { Author, NotificationItem } from '@agora/shared';
import type { NotificationRow } from './notifications.tables';

/** The words between the actors and the title. Only this feature writes `verb` and `model`. */
function phrase(verb: string, model: string): string {
  const onReply = model === 'subcomment';
  switch (verb) {
    case 'commented':
      return 'commented on your discussion';
    case 'replied':
      return 'replied to your comment on';
    case 'liked':
      if (model === 'forum') return 'liked your discussion';
      return onReply ? 'liked your reply on' : 'liked your comment on';
    case 'voted':
      return 'voted in your poll';
    case 'mentioned':
      if (model === 'forum') return 'mentioned you in';
      return onReply ? 'mentioned you in a reply on' : 'mentioned you in a comment on';
    default:
      return verb;
  }
}

/** "ada", "ada and 1 other", "ada and 4 others": the latest actor names the group. */
function actorsPhrase(username: string, actorsCount: number): string {
  const others = actorsCount - 1;
  if (others <= 0) return username;
  return `${username} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

/** The sentence the bell, the list and the desktop notification show. */
export function notificationMessage(
  row: Pick<NotificationRow, 'verb' | 'model' | 'targetTitle' | 'actorsCount'>,
  actorUsername: string,
): string {
  const words = phrase(row.verb, row.model);
  return `${actorsPhrase(actorUsername, row.actorsCount)} ${words} “${row.targetTitle}”`;
}

export function presentNotification(row: NotificationRow, actor: Author): NotificationItem {
  return {
    id: row.id,
    message: notificationMessage(row, actor.username),
    viewed: row.viewed,
    createdAt: row.createdAt.toISOString(),
    actor: { id: actor.id, username: actor.username, avatar: actor.avatar },
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
