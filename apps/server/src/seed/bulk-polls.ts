import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../platform/db';
import { PollPlanner, planPollStatuses, POLL_TAGS, type PlannedPoll } from './bulk-poll-plan';
import { addLikesAndComments } from './bulk-reactions';
import { array, fromMs, nthMember, reserveIds, spread, unit } from './bulk-sql';
import { ProgressBar, type ProgressOutput } from './progress-bar';
import { Random } from './random';
import { TextGenerator } from './text-generator';

/*
 * Poll posts at load-test size (issue 16: 100,000 polls, 5,000,000 votes). JavaScript plans
 * each poll (question, options, rules, dates, how many ballots, likes and comments); PostgreSQL
 * makes the ballots, their votes, likes and comments from that plan with generate_series, and
 * every counter in the same statement from the rows it just made: the poll's voters_count is
 * the number of ballots planned (each a different member), each choice's votes_count the votes
 * made for it.
 */

export interface BulkPollOptions {
  polls: number;
  /** Ballots in all (a member's vote on a poll; a multiple or ranked ballot marks several). */
  votes: number;
  memberIds: number[];
  seed: number;
  now: Date;
  progress?: ProgressOutput;
}

export interface BulkPollResult {
  polls: number;
  ballots: number;
  pollVotes: number;
  likes: number;
  comments: number;
}

/** Polls written per transaction, with their ballots (~50,000 at the issue's size). */
const POLLS_PER_BATCH = 1000;
/** Batches written at once, each in its own transaction on its own connection. */
const WRITERS = 2;
/** Comment texts per batch, drawn from by PostgreSQL. */
const COMMENT_TEXTS = 40;
/** A ballot comes at least this long after its poll. */
const FIRST_VOTE_AFTER_MS = 60_000;

export async function seedBulkPolls(
  db: Database,
  options: BulkPollOptions,
): Promise<BulkPollResult> {
  const { memberIds, seed } = options;
  const { statuses, weights } = planPollStatuses(new Random(seed * 31 + 17), options.polls);
  const ballots = spread(weights, options.votes, memberIds.length);
  const totals: BulkPollResult = { polls: 0, ballots: 0, pollVotes: 0, likes: 0, comments: 0 };
  const bar = new ProgressBar('polls', options.polls, options.progress);

  const writeNext = async (batchIndex: number) => {
    const start = batchIndex * POLLS_PER_BATCH;
    const end = Math.min(options.polls, start + POLLS_PER_BATCH);
    // A random source per batch: the data stays the same whichever writer takes the batch.
    const random = new Random(seed * 7919 + 104_729 + batchIndex);
    const planner = new PollPlanner(random, memberIds, options.now.getTime());
    const batch: Batch = { polls: [], ballots: [], offsets: [] };
    for (let index = start; index < end; index += 1) {
      batch.polls.push(planner.plan(index, options.polls, statuses[index] ?? 'published'));
      batch.ballots.push(ballots[index] ?? 0);
      batch.offsets.push(random.int(0, memberIds.length - 1));
    }
    const texts = new TextGenerator(random);
    const commentTexts = Array.from({ length: COMMENT_TEXTS }, () =>
      texts.comment(random.pick(POLL_TAGS).replace(/-/g, ' ')),
    );
    const written = await db.transaction((tx) =>
      writeBatch(tx, batch, { memberIds, seed, commentTexts }),
    );
    totals.polls += batch.polls.length;
    totals.ballots += written.ballots;
    totals.pollVotes += written.votes;
    totals.likes += written.likes;
    totals.comments += written.comments;
    bar.advance(batch.polls.length);
  };
  const batches = Math.ceil(options.polls / POLLS_PER_BATCH);
  let next = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < batches) await writeNext(next++);
    }),
  );
  bar.finish();
  return totals;
}

interface Batch {
  polls: PlannedPoll[];
  ballots: number[];
  /** Where each poll's voters start in the member list (see nthMember). */
  offsets: number[];
}

interface Shared {
  memberIds: number[];
  seed: number;
  commentTexts: string[];
}

async function writeBatch(tx: Database, batch: Batch, shared: Shared) {
  const { polls } = batch;
  // The planner cannot know how many rows generate_series makes and guesses far too many: it
  // would spend longer compiling the statement (JIT) than PostgreSQL spends running it.
  await tx.execute(sql`set local jit = off`);
  const ids = await reserveIds(tx, 'polls', polls.length);
  const members = array(shared.memberIds, 'bigint');
  const memberCount = shared.memberIds.length;
  const random = (value: SQL, salt: number) => unit(shared.seed, value, salt);
  const column = <T>(pick: (poll: PlannedPoll) => T, type: Parameters<typeof array>[1]) =>
    array(polls.map(pick), type);
  const pollIds = array(ids, 'bigint');
  const createdAt = column((poll) => poll.createdAt, 'float8');
  const opensAt = column(opens, 'float8');
  const window = column((poll) => poll.votingEndsAt - opens(poll), 'float8');
  const offsets = array(batch.offsets, 'int');

  await tx.execute(sql`
    insert into polls (id, model, object_id, voters_count, type, max_choices, results, voters, closes_at, created_at)
    overriding system value
    select p.id, 'poll', p.id, p.ballots, p.type, p.max_choices, p.results, p.voters,
      ${fromMs(sql`p.closes_at`)}, ${fromMs(sql`p.created_at`)}
    from unnest(
      ${pollIds}, ${array(batch.ballots, 'int')}, ${column((poll) => poll.type, 'text')},
      ${column((poll) => poll.maxChoices, 'int')}, ${column((poll) => poll.results, 'text')},
      ${column((poll) => poll.voters, 'text')}, ${column((poll) => poll.closesAt, 'float8')},
      ${createdAt}
    ) as p(id, ballots, type, max_choices, results, voters, closes_at, created_at)`);

  await tx.execute(sql`
    insert into poll_posts (id, author_id, question, description, status, tag_names, likes_count, comments_count, created_at, updated_at)
    select p.id, p.author_id, p.question, p.description, p.status,
      string_to_array(p.tags, ','), p.likes, p.comments,
      ${fromMs(sql`p.created_at`)}, ${fromMs(sql`p.created_at`)}
    from unnest(
      ${pollIds}, ${column((poll) => poll.authorId, 'bigint')},
      ${column((poll) => poll.question, 'text')}, ${column((poll) => poll.description, 'text')},
      ${column((poll) => poll.status, 'text')}, ${column((poll) => poll.tags.join(','), 'text')},
      ${column((poll) => poll.likes, 'int')}, ${column((poll) => poll.comments, 'int')},
      ${createdAt}
    ) as p(id, author_id, question, description, status, tags, likes, comments, created_at)`);

  // The choices' ids are reserved as the polls' are: a vote then finds its choice by place (the
  // poll's first choice in this array, plus the option's position) rather than by a join.
  const choices = polls.flatMap((poll, index) =>
    poll.options.map((text, position) => ({ pollId: ids[index] ?? 0, position, text })),
  );
  const choiceIds = await reserveIds(tx, 'poll_choices', choices.length);
  const firstChoice: number[] = [];
  polls.reduce((at, poll) => {
    firstChoice.push(at);
    return at + poll.options.length;
  }, 0);
  await tx.execute(sql`
    insert into poll_choices (id, poll_id, position, text)
    overriding system value
    select * from unnest(
      ${array(choiceIds, 'bigint')},
      ${array(
        choices.map((choice) => choice.pollId),
        'bigint',
      )},
      ${array(
        choices.map((choice) => choice.position),
        'int',
      )},
      ${array(
        choices.map((choice) => choice.text),
        'text',
      )}
    )`);

  // Each ballot: a voter (the k-th distinct member from the poll's offset), a moment in the
  // voting window (most soon after posting), a first choice leaning to the first options, and
  // how many options it marks: one (single), up to maxChoices (multiple), nearly all (ranked).
  // Votes carry their place on the ballot as rank, and ranked polls count their distinct
  // rankings, as castBallot writes them.
  const key = sql`p.id * 1000003 + k`;
  const { rows: voted } = await tx.execute<{ ballots: number; votes: number }>(sql`
    with plan as (
      select * from unnest(
        ${pollIds}, ${array(batch.ballots, 'int')}, ${offsets}, ${opensAt}, ${window},
        ${column((poll) => poll.options.length, 'int')}, ${column((poll) => poll.type, 'text')},
        ${column((poll) => poll.maxChoices ?? poll.options.length, 'int')},
        ${array(firstChoice, 'int')}
      ) as p(id, ballots, member_offset, opens, span, options, type, most, first_choice)
    ),
    ballot as materialized (
      select p.id as poll_id,
        ${nthMember(members, memberCount, sql`p.member_offset`, sql`k`)} as user_id,
        ${fromMs(sql`p.opens + p.span * power(${random(key, 1)}, 2)`)} as at,
        p.options, p.first_choice,
        floor(power(${random(key, 2)}, 1.6) * p.options)::int as first,
        case p.type
          when 'single' then 1
          when 'multiple' then 1 + floor(${random(key, 3)} * p.most)::int
          else greatest(1, p.options - floor(${random(key, 3)} * 2)::int)
        end as marks
      from plan p cross join generate_series(0, p.ballots - 1) as k
    ),
    vote as materialized (
      select b.poll_id, b.user_id,
        (${array(choiceIds, 'bigint')})[1 + b.first_choice + (b.first + i) % b.options] as choice_id,
        i as rank
      from ballot b cross join generate_series(0, b.marks - 1) as i
    ),
    cast_ballots as (
      insert into poll_ballots (poll_id, user_id, created_at, updated_at)
      select poll_id, user_id, at, at from ballot
      returning 1
    ),
    cast_votes as (
      insert into poll_votes (poll_id, user_id, choice_id, rank)
      select poll_id, user_id, choice_id, rank from vote
      returning 1
    ),
    ranked as (
      insert into poll_rankings (poll_id, ranking, ballots)
      select poll_id, ranking, count(*)::int from (
        select v.poll_id, string_agg(v.choice_id::text, ',' order by v.rank) as ranking
        from vote v join plan p on p.id = v.poll_id and p.type = 'ranked'
        group by v.poll_id, v.user_id
      ) r
      group by poll_id, ranking
    ),
    counted as (
      update poll_choices c set votes_count = t.n
      from (select choice_id, count(*)::int as n from vote group by choice_id) t
      where c.id = t.choice_id
      returning 1
    )
    select (select count(*)::int from cast_ballots) as ballots,
      (select count(*)::int from cast_votes) as votes,
      (select count(*)::int from counted) as counted`);

  const reacted = await addLikesAndComments(tx, {
    model: 'poll',
    ids,
    likes: polls.map((poll) => poll.likes),
    comments: polls.map((poll) => poll.comments),
    offsets: batch.offsets,
    opens: polls.map(opens),
    windows: polls.map((poll) => poll.votingEndsAt - opens(poll)),
    memberIds: shared.memberIds,
    seed: shared.seed,
    texts: shared.commentTexts,
  });
  return {
    ballots: voted[0]?.ballots ?? 0,
    votes: voted[0]?.votes ?? 0,
    ...reacted,
  };
}

/** Ballots, likes and comments come between these moments (never after now or the close). */
const opens = (poll: PlannedPoll) =>
  Math.min(poll.createdAt + FIRST_VOTE_AFTER_MS, poll.votingEndsAt);
