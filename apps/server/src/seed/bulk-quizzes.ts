import { sql, type SQL } from 'drizzle-orm';
import type { ContentStatus } from '@agora/shared';
import type { Database } from '../platform/db';
import { QuizPlanner, type PlannedQuiz } from './bulk-quiz-plan';
import { addLikesAndComments } from './bulk-reactions';
import { array, fromMs, nthMember, reserveIds, spread, unit } from './bulk-sql';
import { recountQuizRecords } from './counters';
import { ProgressBar, type ProgressOutput } from './progress-bar';
import { Random } from './random';
import { TextGenerator } from './text-generator';

/*
 * Quizzes at load-test size, made as the polls are (bulk-polls.ts): JavaScript plans each quiz,
 * PostgreSQL makes the attempts, up-votes, likes and comments, and the quiz's attempts_count,
 * correct_count and votes_count come from the rows the same statement made. Members' quiz
 * records are recounted from all attempts at the end (counters.ts).
 */

export interface BulkQuizOptions {
  quizzes: number;
  memberIds: number[];
  seed: number;
  now: Date;
  progress?: ProgressOutput;
}

export interface BulkQuizResult {
  quizzes: number;
  attempts: number;
  upVotes: number;
  likes: number;
  comments: number;
  records: number;
}

/** Answered attempts per quiz on average (a long tail: a few quizzes draw hundreds). */
export const ATTEMPTS_PER_QUIZ = 10;
const QUIZZES_PER_BATCH = 2000;
const WRITERS = 2;
const DRAFT_SHARE = 0.02;
const COMMENT_TEXTS = 40;
const FIRST_ANSWER_AFTER_MS = 60_000;

export async function seedBulkQuizzes(
  db: Database,
  options: BulkQuizOptions,
): Promise<BulkQuizResult> {
  const totals: BulkQuizResult = {
    quizzes: 0,
    attempts: 0,
    upVotes: 0,
    likes: 0,
    comments: 0,
    records: 0,
  };
  if (options.quizzes === 0) return totals;
  const { memberIds, seed } = options;
  const random = new Random(seed * 37 + 11);
  const statuses = Array.from({ length: options.quizzes }, (): ContentStatus =>
    random.chance(DRAFT_SHARE) ? 'draft' : 'published',
  );
  const weights = statuses.map((status) =>
    status === 'draft' ? 0 : Math.min(200, random.longTail(1, Infinity) + 0.2),
  );
  // One more than planned per quiz may be its author, who does not answer: the cap leaves room.
  const attempts = spread(weights, options.quizzes * ATTEMPTS_PER_QUIZ, memberIds.length);
  const bar = new ProgressBar('quizzes', options.quizzes, options.progress);

  const writeNext = async (batchIndex: number) => {
    const start = batchIndex * QUIZZES_PER_BATCH;
    const end = Math.min(options.quizzes, start + QUIZZES_PER_BATCH);
    const batchRandom = new Random(seed * 7919 + 611_953 + batchIndex);
    const planner = new QuizPlanner(batchRandom, memberIds, options.now.getTime());
    const batch: Batch = { quizzes: [], attempts: [], offsets: [] };
    for (let index = start; index < end; index += 1) {
      batch.quizzes.push(planner.plan(index, options.quizzes, statuses[index] ?? 'published'));
      batch.attempts.push(attempts[index] ?? 0);
      batch.offsets.push(batchRandom.int(0, memberIds.length - 1));
    }
    const texts = new TextGenerator(batchRandom);
    const commentTexts = Array.from({ length: COMMENT_TEXTS }, () =>
      texts.comment(batchRandom.pick(['science', 'history', 'space', 'education'])),
    );
    const written = await db.transaction((tx) =>
      writeBatch(tx, batch, { memberIds, seed, commentTexts }),
    );
    totals.quizzes += batch.quizzes.length;
    totals.attempts += written.attempts;
    totals.upVotes += written.upVotes;
    totals.likes += written.likes;
    totals.comments += written.comments;
    bar.advance(batch.quizzes.length);
  };
  const batches = Math.ceil(options.quizzes / QUIZZES_PER_BATCH);
  let next = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < batches) await writeNext(next++);
    }),
  );
  bar.finish();
  totals.records = await recountQuizRecords(db);
  return totals;
}

interface Batch {
  quizzes: PlannedQuiz[];
  attempts: number[];
  offsets: number[];
}

interface Shared {
  memberIds: number[];
  seed: number;
  commentTexts: string[];
}

async function writeBatch(tx: Database, batch: Batch, shared: Shared) {
  const { quizzes } = batch;
  // As for polls (bulk-polls.ts): compiling the statement would cost more than running it.
  await tx.execute(sql`set local jit = off`);
  const ids = await reserveIds(tx, 'quizzes', quizzes.length);
  const members = array(shared.memberIds, 'bigint');
  const memberCount = shared.memberIds.length;
  const random = (value: SQL, salt: number) => unit(shared.seed, value, salt);
  const column = <T>(pick: (quiz: PlannedQuiz) => T, type: Parameters<typeof array>[1]) =>
    array(quizzes.map(pick), type);
  const quizIds = array(ids, 'bigint');
  const createdAt = column((quiz) => quiz.createdAt, 'float8');

  await tx.execute(sql`
    insert into quizzes (id, author_id, question, explanation, status, multiple, time_limit_seconds,
      closes_at, tag_names, likes_count, comments_count, created_at, updated_at)
    overriding system value
    select q.id, q.author_id, q.question, q.explanation, q.status, q.multiple, q.time_limit,
      ${fromMs(sql`q.closes_at`)}, string_to_array(q.tags, ','), q.likes, q.comments,
      ${fromMs(sql`q.created_at`)}, ${fromMs(sql`q.created_at`)}
    from unnest(
      ${quizIds}, ${column((quiz) => quiz.authorId, 'bigint')},
      ${column((quiz) => quiz.question, 'text')}, ${column((quiz) => quiz.explanation, 'text')},
      ${column((quiz) => quiz.status, 'text')}, ${column((quiz) => quiz.multiple, 'bool')},
      ${column((quiz) => quiz.timeLimitSeconds, 'int')},
      ${column((quiz) => quiz.closesAt, 'float8')}, ${column((quiz) => quiz.tags.join(','), 'text')},
      ${column((quiz) => quiz.likes, 'int')}, ${column((quiz) => quiz.comments, 'int')},
      ${createdAt}
    ) as q(id, author_id, question, explanation, status, multiple, time_limit, closes_at, tags,
      likes, comments, created_at)`);

  const answers = quizzes.flatMap((quiz, index) =>
    quiz.answers.map((answer, position) => ({ quizId: ids[index] ?? 0, position, ...answer })),
  );
  await tx.execute(sql`
    insert into quiz_answers (quiz_id, position, text, correct)
    select * from unnest(
      ${array(
        answers.map((answer) => answer.quizId),
        'bigint',
      )},
      ${array(
        answers.map((answer) => answer.position),
        'int',
      )},
      ${array(
        answers.map((answer) => answer.text),
        'text',
      )},
      ${array(
        answers.map((answer) => answer.correct),
        'bool',
      )}
    )`);

  // Each attempt: a member other than the author, a moment in the answering window, right with
  // the quiz's skill (choosing exactly the correct answers) or wrong (one incorrect answer),
  // and for a timed quiz started a few seconds inside the limit before it was answered.
  const key = sql`p.id * 1000003 + k`;
  const { rows } = await tx.execute<{ attempts: number; upVotes: number }>(sql`
    with plan as (
      select * from unnest(
        ${quizIds}, ${array(batch.attempts, 'int')}, ${array(batch.offsets, 'int')},
        ${column(opens, 'float8')}, ${column((quiz) => quiz.answeringEndsAt - opens(quiz), 'float8')},
        ${column((quiz) => quiz.authorId, 'bigint')}, ${column((quiz) => quiz.skill, 'float8')},
        ${column((quiz) => quiz.timeLimitSeconds, 'int')},
        ${column((quiz) => quiz.upVotes, 'int')}
      ) as p(id, attempts, member_offset, opens, span, author_id, skill, time_limit, up_votes)
    ),
    keyed as (
      select quiz_id,
        array_agg(id order by position) filter (where correct) as right_ids,
        array_agg(id order by position) filter (where not correct) as wrong_ids
      from quiz_answers where quiz_id = any(${quizIds}) group by quiz_id
    ),
    attempt as materialized (
      select p.id as quiz_id,
        ${nthMember(members, memberCount, sql`p.member_offset`, sql`k`)} as user_id,
        p.author_id,
        ${fromMs(sql`p.opens + p.span * power(${random(key, 21)}, 2)`)} as at,
        p.time_limit,
        ${random(key, 22)} < p.skill as correct,
        ${random(key, 23)} as pick
      from plan p cross join generate_series(0, p.attempts - 1) as k
    ),
    made as (
      insert into quiz_attempts (quiz_id, user_id, started_at, answered_at, chosen, correct)
      select a.quiz_id, a.user_id,
        a.at - make_interval(secs => coalesce(1 + a.pick * (a.time_limit - 2), 0)),
        a.at,
        case when a.correct then k.right_ids
          else array[k.wrong_ids[1 + floor(a.pick * cardinality(k.wrong_ids))::int]] end,
        a.correct
      from attempt a join keyed k using (quiz_id)
      where a.user_id <> a.author_id
      returning quiz_id, correct
    ),
    up_voted as (
      insert into quiz_votes (quiz_id, user_id, created_at)
      select p.id, ${nthMember(members, memberCount, sql`p.member_offset + 23`, sql`k`)},
        ${fromMs(sql`p.opens + p.span * ${random(key, 24)}`)}
      from plan p cross join generate_series(0, p.up_votes - 1) as k
      returning quiz_id
    ),
    counted as (
      update quizzes q set
        attempts_count = coalesce(a.n, 0), correct_count = coalesce(a.right_n, 0),
        votes_count = coalesce(v.n, 0)
      from unnest(${quizIds}) as ids(id)
      left join (
        select quiz_id, count(*)::int as n, (count(*) filter (where correct))::int as right_n
        from made group by quiz_id
      ) a on a.quiz_id = ids.id
      left join (select quiz_id, count(*)::int as n from up_voted group by quiz_id) v
        on v.quiz_id = ids.id
      where q.id = ids.id
      returning 1
    )
    select (select count(*)::int from made) as attempts,
      (select count(*)::int from up_voted) as "upVotes",
      (select count(*)::int from counted) as counted`);

  const reacted = await addLikesAndComments(tx, {
    model: 'quiz',
    ids,
    likes: quizzes.map((quiz) => quiz.likes),
    comments: quizzes.map((quiz) => quiz.comments),
    offsets: batch.offsets,
    opens: quizzes.map(opens),
    windows: quizzes.map((quiz) => quiz.answeringEndsAt - opens(quiz)),
    memberIds: shared.memberIds,
    seed: shared.seed,
    texts: shared.commentTexts,
  });
  return { attempts: rows[0]?.attempts ?? 0, upVotes: rows[0]?.upVotes ?? 0, ...reacted };
}

const opens = (quiz: PlannedQuiz) =>
  Math.min(quiz.createdAt + FIRST_ANSWER_AFTER_MS, quiz.answeringEndsAt);
