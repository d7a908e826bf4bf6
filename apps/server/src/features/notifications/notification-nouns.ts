import type { NotificationsContext } from './notifications.context';
import type { NotificationRow } from './notifications.tables';

/** What a comment's host is called when the comment is gone meanwhile. */
const UNKNOWN_HOST = 'post';

/**
 * What each notification's object is called in its sentence, by notification id: the kind's
 * noun ("liked your poll"), and for a comment the noun of what it comments on ("commented on
 * your poll"). A row names the comment, not its host, so the comment kind's `summarise` finds
 * the hosts: a fixed number of queries, and none for a page without new comments.
 */
export async function nounsOf(
  ctx: NotificationsContext,
  rows: NotificationRow[],
): Promise<Map<number, string>> {
  const commented = rows.filter((row) => row.verb === 'commented');
  const comments =
    commented.length === 0
      ? new Map()
      : await ctx.content.kind('comment').summarise(
          ctx.db,
          commented.map((row) => row.objectId),
        );
  return new Map(
    rows.map((row) => {
      if (row.verb !== 'commented') return [row.id, ctx.content.kind(row.model).noun];
      const host = comments.get(row.objectId)?.ref.host;
      return [row.id, host ? ctx.content.kind(host.model).noun : UNKNOWN_HOST];
    }),
  );
}
