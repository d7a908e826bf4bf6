import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../platform/db';

/** The first id of each kind this run inserted: rows before them were already consistent. */
export interface FirstIds {
  discussion: number;
  comment: number;
  choice: number;
}

/**
 * Sets every counter of the rows from `first` on to what the rows say, as the services keep
 * them: likesCount = likes, commentsCount = live comments and replies, repliesCount = live
 * replies, votesCount = votes. Only rows whose counter differs are written, so a correct load
 * is confirmed by reading alone. Returns how many counters had to change.
 */
export async function reconcileCounters(db: Database, first: FirstIds): Promise<number> {
  const from = (id: number) => (Number.isFinite(id) ? id : Number.MAX_SAFE_INTEGER);
  const discussion = from(first.discussion);
  const comment = from(first.comment);
  const choice = from(first.choice);
  const statements: SQL[] = [
    sql`update discussions d set likes_count = t.n from (
          select d.id, count(l.id)::int as n from discussions d
          left join likes l on l.model = 'forum' and l.object_id = d.id
          where d.id >= ${discussion} group by d.id
        ) t where d.id = t.id and d.likes_count <> t.n returning d.id`,
    sql`update discussions d set comments_count = t.n from (
          select d.id, count(c.id)::int as n from discussions d
          left join comments c on c.model = 'forum' and c.object_id = d.id and c.deleted_at is null
          where d.id >= ${discussion} group by d.id
        ) t where d.id = t.id and d.comments_count <> t.n returning d.id`,
    sql`update comments c set likes_count = t.n from (
          select c.id, count(l.id)::int as n from comments c
          left join likes l on l.model = 'comment' and l.object_id = c.id
          where c.id >= ${comment} group by c.id
        ) t where c.id = t.id and c.likes_count <> t.n returning c.id`,
    sql`update comments c set replies_count = t.n from (
          select c.id, count(r.id)::int as n from comments c
          left join comments r on r.parent_id = c.id and r.deleted_at is null
          where c.id >= ${comment} group by c.id
        ) t where c.id = t.id and c.replies_count <> t.n returning c.id`,
    sql`update poll_choices p set votes_count = t.n from (
          select p.id, count(v.user_id)::int as n from poll_choices p
          left join poll_votes v on v.choice_id = p.id
          where p.id >= ${choice} group by p.id
        ) t where p.id = t.id and p.votes_count <> t.n returning p.id`,
  ];
  let changed = 0;
  for (const statement of statements) changed += (await db.execute(statement)).rows.length;
  return changed;
}
