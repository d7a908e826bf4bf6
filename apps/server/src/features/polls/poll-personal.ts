import { ZPoll, type Poll } from '@agora/shared';
import { sql } from 'drizzle-orm';
import type { ContentContext, PersonalParts } from '../../platform/content';
import { bookmarks, likes } from '../reactions';
import { loadPollsInOrder } from './poll-posts.loader';
import { presentPoll } from './polls.presenter';
import { pollBallots } from './polls.tables';

/** A list of ids as one bigint[] parameter. */
const idArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;

/**
 * What a poll shows a member beyond the signed-out view: their like, bookmark and ballot, and
 * with the ballot results the poll hides until one votes. Nothing else (the author follows the
 * results rule as everyone), so only polls holding one of the three are read again for them.
 */
export const pollPersonalParts = (ctx: ContentContext): PersonalParts<Poll> => ({
  async ownIn(viewer, objects) {
    const ids = idArray(objects.map((poll) => poll.id));
    const { rows } = await ctx.db.execute<{ id: string | number }>(sql`
      select ${likes.objectId} as id from ${likes}
        where ${likes.userId} = ${viewer.id} and ${likes.model} = 'poll' and ${likes.objectId} = any(${ids})
      union
      select ${bookmarks.objectId} from ${bookmarks}
        where ${bookmarks.userId} = ${viewer.id} and ${bookmarks.model} = 'poll' and ${bookmarks.objectId} = any(${ids})
      union
      select ${pollBallots.pollId} from ${pollBallots}
        where ${pollBallots.userId} = ${viewer.id} and ${pollBallots.pollId} = any(${ids})`);
    // node-postgres gives bigint as text; PGlite as a number.
    return new Set(rows.map((row) => Number(row.id)));
  },
  async readAs(viewer, ids) {
    const views = await loadPollsInOrder(ctx, viewer, ids, false);
    // Parsed as the route's response schema writes it: its fields, no other.
    return views.map((view) => ZPoll.parse(presentPoll(view)));
  },
});
