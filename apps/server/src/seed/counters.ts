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

/**
 * Sets every member's quiz record to what their answered attempts say, in the order they
 * answered: how many, how many right, the run of right answers they are on now and their
 * longest. The quiz service moves the same numbers one attempt at a time. Returns how many
 * records were written (created or changed).
 */
export async function recountQuizRecords(db: Database): Promise<number> {
  const { rows } = await db.execute(sql`
    with ordered as (
      select user_id, correct, answered_at,
        row_number() over (partition by user_id order by answered_at, quiz_id) as n,
        row_number() over (partition by user_id, correct order by answered_at, quiz_id) as m
      from quiz_attempts where answered_at is not null
    ),
    runs as (
      select user_id, count(*)::int as length, max(n) as last_n
      from ordered where correct group by user_id, n - m
    ),
    totals as (
      select user_id, count(*)::int as answered, (count(*) filter (where correct))::int as correct,
        max(n) as last_n, max(answered_at) as last_at
      from ordered group by user_id
    ),
    recounted as (
      select t.user_id, t.answered, t.correct,
        coalesce(max(r.length) filter (where r.last_n = t.last_n), 0) as current_streak,
        coalesce(max(r.length), 0) as best_streak,
        t.last_at
      from totals t left join runs r on r.user_id = t.user_id
      group by t.user_id, t.answered, t.correct, t.last_n, t.last_at
    )
    insert into quiz_records (user_id, answered, correct, current_streak, best_streak, updated_at)
    select user_id, answered, correct, current_streak, best_streak, last_at from recounted
    on conflict (user_id) do update set
      answered = excluded.answered, correct = excluded.correct,
      current_streak = excluded.current_streak, best_streak = excluded.best_streak,
      updated_at = excluded.updated_at
    where (quiz_records.answered, quiz_records.correct, quiz_records.current_streak,
        quiz_records.best_streak)
      is distinct from (excluded.answered, excluded.correct, excluded.current_streak,
        excluded.best_streak)
    returning user_id`);
  return rows.length;
}
