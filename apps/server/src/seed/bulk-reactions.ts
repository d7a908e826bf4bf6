import { sql } from 'drizzle-orm';
import type { Database } from '../platform/db';
import { array, fromMs, nthMember, unit } from './bulk-sql';

/** What a batch of one kind's objects receives: per object, how many likes and comments. */
export interface PlannedReactions {
  /** The kind's like and comment model ('poll', 'quiz'). */
  model: string;
  ids: number[];
  likes: number[];
  comments: number[];
  /** Where each object's likers start in the member list (see nthMember). */
  offsets: number[];
  /** Each object's likes and comments come between `opens` and `opens + windows` (ms). */
  opens: number[];
  windows: number[];
  memberIds: number[];
  seed: number;
  /** Comment texts PostgreSQL draws from. */
  texts: string[];
}

/**
 * Likes from distinct members and top-level comments for a batch of objects, made by
 * PostgreSQL from the plan. The objects' likes_count and comments_count are the planned
 * numbers, written with the objects; this makes exactly that many rows.
 */
export async function addLikesAndComments(
  tx: Database,
  plan: PlannedReactions,
): Promise<{ likes: number; comments: number }> {
  const members = array(plan.memberIds, 'bigint');
  const count = plan.memberIds.length;
  const key = sql`p.id * 1000003 + k`;
  const { rows } = await tx.execute<{ likes: number; comments: number }>(sql`
    with plan as (
      select * from unnest(
        ${array(plan.ids, 'bigint')}, ${array(plan.likes, 'int')}, ${array(plan.comments, 'int')},
        ${array(plan.offsets, 'int')}, ${array(plan.opens, 'float8')},
        ${array(plan.windows, 'float8')}
      ) as p(id, likes, comments, member_offset, opens, span)
    ),
    liked as (
      insert into likes (user_id, model, object_id, created_at)
      select ${nthMember(members, count, sql`p.member_offset + 7`, sql`k`)}, ${plan.model}, p.id,
        ${fromMs(sql`p.opens + p.span * ${unit(plan.seed, key, 40)}`)}
      from plan p cross join generate_series(0, p.likes - 1) as k
      returning 1
    ),
    commented as (
      insert into comments (model, object_id, author_id, content, created_at, updated_at)
      select ${plan.model}, c.id, c.author_id, c.content, c.at, c.at
      from (
        select p.id,
          ${nthMember(members, count, sql`p.member_offset + 13`, sql`k`)} as author_id,
          (${array(plan.texts, 'text')})[1 + floor(${unit(plan.seed, key, 41)} * ${plan.texts.length})::int] as content,
          ${fromMs(sql`p.opens + p.span * ${unit(plan.seed, key, 42)}`)} as at
        from plan p cross join generate_series(0, p.comments - 1) as k
      ) c
      returning 1
    )
    select (select count(*)::int from liked) as likes,
      (select count(*)::int from commented) as comments`);
  return { likes: rows[0]?.likes ?? 0, comments: rows[0]?.comments ?? 0 };
}
