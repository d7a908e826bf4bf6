import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../platform/db';
import { hashPassword } from '../features/auth/passwords';
import { comments } from '../features/comments';
import { pollBallots, pollChoices, polls, pollVotes } from '../features/polls';
import { bookmarks, likes } from '../features/reactions';
import { discussions, discussionTags, tags } from '../features/forums/forums.tables';
import { users } from '../features/users';
import {
  allocateComments,
  DiscussionPlanner,
  planStatuses,
  type PlannedChoice,
  type PlannedComment,
  type PlannedDiscussion,
  type PlannedReply,
} from './bulk-plan';
import { seedBulkPolls, type BulkPollResult } from './bulk-polls';
import { seedBulkQuizzes, type BulkQuizResult } from './bulk-quizzes';
import { reconcileCounters } from './counters';
import { DEMO_PASSWORD } from './demo-password';
import { ProgressBar, type ProgressOutput } from './progress-bar';
import { Random } from './random';
import { SEED_TAGS, TextGenerator } from './text-generator';

/*
 * Bulk data goes in with multi-row INSERTs rather than through the services one row at a time:
 * a million comments through createComment (a transaction, a counter UPDATE and an event each)
 * would take hours. The services' rules still hold: every discussion passes the shared
 * ZCreateDiscussion schema (limits, tag normalisation, poll rules), all members share one
 * argon2id hash of the demo password, and the counters are checked against the rows in SQL at
 * the end (see counters.ts).
 */

export interface BulkSize {
  members: number;
  discussions: number;
  comments: number;
  /** Poll posts, and the ballots cast on them. */
  polls: number;
  votes: number;
  quizzes: number;
}

export interface BulkOptions extends BulkSize {
  /** Same seed, same data. */
  seed: number;
  now?: Date;
  progress?: ProgressOutput;
}

export interface BulkResult {
  members: number;
  discussions: number;
  comments: number;
  replies: number;
  likes: number;
  pollVotes: number;
  /** Counters the SQL check had to correct (0 when the plan was right). */
  countersCorrected: number;
  pollPosts: BulkPollResult;
  quizzes: BulkQuizResult;
}

/** Discussions written per transaction (with their comments, likes and votes). */
const DISCUSSIONS_PER_BATCH = 500;
/** Batches written at once, each in its own transaction on its own connection. */
const WRITERS = 2;
/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters per statement. */
const ROWS_PER_INSERT = 4000;

const FIRST_NAMES = (
  'amara ben chloe dmitri elena farah gabriel hana ivan jasmine kofi lena mateo nadia oscar ' +
  'priya quentin rosa samir tara uma victor wen xavier yara zane aiko bruno carmen diego ' +
  'esther felix greta hugo ines jonas kira luca maya noah olga pablo rania sven tomas'
).split(' ');
const LAST_NAMES = (
  'okafor carter martin rao johansson benali chen silva novak haddad kim müller rossi ' +
  'dubois nakamura oliveira kowalski andersen patel nguyen garcia fischer ivanova mensah ' +
  'lopez schmidt tanaka moreau costa jensen'
).split(' ');

export async function seedBulk(db: Database, options: BulkOptions): Promise<BulkResult> {
  const random = new Random(options.seed);
  const now = options.now ?? new Date();
  const memberIds = await ensureMembers(db, random, options.members, now);
  const tagIds = await ensureTags(db);
  const statuses = planStatuses(random, options.discussions);
  const commentCounts = allocateComments(random, statuses, options.comments);
  const totals = { comments: 0, replies: 0, likes: 0, pollVotes: 0 };
  const firstIds = { discussion: Infinity, comment: Infinity, choice: Infinity };
  const bar = new ProgressBar('discussions', options.discussions, options.progress);

  const writeNext = async (batchIndex: number) => {
    const start = batchIndex * DISCUSSIONS_PER_BATCH;
    const end = Math.min(options.discussions, start + DISCUSSIONS_PER_BATCH);
    // A random source per batch: the data stays the same whichever writer takes the batch.
    const planner = new DiscussionPlanner(
      new Random(options.seed * 7919 + batchIndex + 1),
      memberIds,
      now,
    );
    const batch: PlannedDiscussion[] = [];
    for (let index = start; index < end; index += 1) {
      const status = statuses[index] ?? 'published';
      batch.push(planner.plan(index, options.discussions, status, commentCounts[index] ?? 0));
    }
    const written = await db.transaction((tx) => writeBatch(tx, batch, tagIds));
    totals.comments += written.comments;
    totals.replies += written.replies;
    totals.likes += written.likes;
    totals.pollVotes += written.pollVotes;
    firstIds.discussion = Math.min(firstIds.discussion, written.firstIds.discussion);
    firstIds.comment = Math.min(firstIds.comment, written.firstIds.comment);
    firstIds.choice = Math.min(firstIds.choice, written.firstIds.choice);
    bar.advance(batch.length);
  };
  // Two writers keep PostgreSQL busy on two cores while JavaScript plans the next batch.
  const batches = Math.ceil(options.discussions / DISCUSSIONS_PER_BATCH);
  let next = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < batches) await writeNext(next++);
    }),
  );
  bar.finish();

  const countersCorrected = await reconcileCounters(db, firstIds);
  const shared = { memberIds, seed: options.seed, now, progress: options.progress };
  const pollPosts = await seedBulkPolls(db, {
    ...shared,
    polls: options.polls,
    votes: options.votes,
  });
  const quizzes = await seedBulkQuizzes(db, { ...shared, quizzes: options.quizzes });
  // Fresh statistics, so the planner picks the indexes at once (the benchmark starts next).
  await db.execute(
    sql`analyze users, discussions, discussion_tags, tags, comments, likes, bookmarks, polls, poll_posts, poll_choices, poll_ballots, poll_votes, quizzes, quiz_answers, quiz_attempts, quiz_votes, quiz_records`,
  );
  return {
    members: memberIds.length,
    discussions: options.discussions,
    ...totals,
    countersCorrected,
    pollPosts,
    quizzes,
  };
}

/** Members `first.last.n` with verified addresses; existing ones (an earlier run) are reused. */
async function ensureMembers(
  db: Database,
  random: Random,
  count: number,
  now: Date,
): Promise<number[]> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const text = new TextGenerator(random);
  const rows = Array.from({ length: count }, (_, index) => {
    const firstName = FIRST_NAMES[index % FIRST_NAMES.length] ?? 'member';
    const lastName = LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length] ?? '';
    const username = `${firstName}.${lastName}.${index + 1}`
      .normalize('NFKD')
      .replace(/[^a-z0-9.]/g, '');
    const joined = new Date(now.getTime() - random.int(400, 800) * 24 * 60 * 60 * 1000);
    return {
      username,
      email: `${username}@example.com`,
      passwordHash,
      emailVerified: true,
      firstName: capitalise(firstName),
      lastName: capitalise(lastName),
      bio: text.sentence(random.pick(SEED_TAGS)),
      createdAt: joined,
      updatedAt: joined,
    };
  });
  const ids: number[] = [];
  for (const chunk of chunks(rows, ROWS_PER_INSERT / 2)) {
    await db.insert(users).values(chunk).onConflictDoNothing();
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(
        inArray(
          users.username,
          chunk.map((row) => row.username),
        ),
      );
    ids.push(...found.map((row) => row.id));
  }
  return ids;
}

async function ensureTags(db: Database): Promise<Map<string, number>> {
  await db
    .insert(tags)
    .values(SEED_TAGS.map((name) => ({ name })))
    .onConflictDoNothing();
  const rows = await db
    .select()
    .from(tags)
    .where(inArray(tags.name, [...SEED_TAGS]));
  return new Map(rows.map((row) => [row.name, row.id]));
}

interface WrittenBatch {
  comments: number;
  replies: number;
  likes: number;
  pollVotes: number;
  firstIds: { discussion: number; comment: number; choice: number };
}

async function writeBatch(
  tx: Database,
  batch: PlannedDiscussion[],
  tagIds: Map<string, number>,
): Promise<WrittenBatch> {
  const discussionIds = await insertInOrder(batch, (chunk) =>
    tx
      .insert(discussions)
      .values(
        chunk.map((d) => ({
          authorId: d.authorId,
          title: d.title,
          content: d.content,
          status: d.status,
          tagNames: [...d.tags].sort(),
          hasPoll: d.poll.length > 0,
          likesCount: d.likerIds.length,
          commentsCount: d.comments.reduce((sum, c) => sum + 1 + c.replies.length, 0),
          viewsCount: d.viewsCount,
          createdAt: d.createdAt,
          updatedAt: d.createdAt,
        })),
      )
      .returning({ id: discussions.id }),
  );
  const likeRows: (typeof likes.$inferInsert)[] = [];
  const tagRows: (typeof discussionTags.$inferInsert)[] = [];
  const bookmarkRows: (typeof bookmarks.$inferInsert)[] = [];
  const choices: (PlannedChoice & { discussionId: number; position: number; at: Date })[] = [];
  const topLevel: { discussionId: number; comment: PlannedComment }[] = [];
  batch.forEach((d, index) => {
    const discussionId = discussionIds[index] ?? 0;
    for (const name of d.tags) {
      tagRows.push({ discussionId, tagId: tagIds.get(name) ?? 0, createdAt: d.createdAt });
    }
    likeRows.push(...marks(d.likerIds, 'forum', discussionId, d.createdAt));
    bookmarkRows.push(...marks(d.bookmarkerIds, 'forum', discussionId, d.createdAt));
    d.poll.forEach((choice, position) =>
      choices.push({ discussionId, position, at: d.createdAt, ...choice }),
    );
    for (const comment of d.comments) topLevel.push({ discussionId, comment });
  });
  await insertAll(tagRows, (chunk) => tx.insert(discussionTags).values(chunk));
  await insertAll(bookmarkRows, (chunk) => tx.insert(bookmarks).values(chunk));

  const polled = [...new Set(choices.map((choice) => choice.discussionId))];
  const pollIds = await insertInOrder(polled, (chunk) =>
    tx
      .insert(polls)
      .values(
        chunk.map((objectId) => ({
          model: 'forum',
          objectId,
          votersCount: choices
            .filter((choice) => choice.discussionId === objectId)
            .reduce((sum, choice) => sum + choice.voterIds.length, 0),
          createdAt: batch[discussionIds.indexOf(objectId)]?.createdAt ?? new Date(0),
        })),
      )
      .returning({ id: polls.id }),
  );
  const pollOf = new Map(polled.map((discussionId, index) => [discussionId, pollIds[index] ?? 0]));
  const choiceIds = await insertInOrder(choices, (chunk) =>
    tx
      .insert(pollChoices)
      .values(
        chunk.map(({ discussionId, position, text, voterIds }) => ({
          pollId: pollOf.get(discussionId) ?? 0,
          position,
          text,
          votesCount: voterIds.length,
        })),
      )
      .returning({ id: pollChoices.id }),
  );
  // Each member votes for one choice of a poll (the plan makes sure): one ballot, one vote.
  const voteRows = choices.flatMap(({ discussionId, voterIds, at }, index) =>
    voterIds.map((userId) => ({
      pollId: pollOf.get(discussionId) ?? 0,
      userId,
      choiceId: choiceIds[index] ?? 0,
      votedAt: new Date(at.getTime() + 60_000),
    })),
  );
  await insertAll(voteRows, (chunk) =>
    tx.insert(pollBallots).values(
      chunk.map(({ pollId, userId, votedAt }) => ({
        pollId,
        userId,
        createdAt: votedAt,
        updatedAt: votedAt,
      })),
    ),
  );
  await insertAll(voteRows, (chunk) =>
    tx
      .insert(pollVotes)
      .values(chunk.map(({ pollId, userId, choiceId }) => ({ pollId, userId, choiceId }))),
  );

  const topIds = await insertComments(
    tx,
    topLevel.map(({ discussionId, comment }) => ({ discussionId, parentId: null, comment })),
  );
  const replies = topLevel.flatMap(({ discussionId, comment }, index) =>
    comment.replies.map((reply) => ({
      discussionId,
      parentId: topIds[index] ?? 0,
      comment: reply,
    })),
  );
  const replyIds = await insertComments(tx, replies);
  topLevel.forEach(({ comment }, index) =>
    likeRows.push(...marks(comment.likerIds, 'comment', topIds[index] ?? 0, comment.createdAt)),
  );
  replies.forEach(({ comment }, index) =>
    likeRows.push(...marks(comment.likerIds, 'comment', replyIds[index] ?? 0, comment.createdAt)),
  );
  await insertAll(likeRows, (chunk) => tx.insert(likes).values(chunk));

  return {
    comments: topIds.length + replyIds.length,
    replies: replyIds.length,
    likes: likeRows.length,
    pollVotes: voteRows.length,
    firstIds: {
      discussion: discussionIds[0] ?? Infinity,
      comment: topIds[0] ?? Infinity,
      choice: choiceIds[0] ?? Infinity,
    },
  };
}

function insertComments(
  tx: Database,
  rows: { discussionId: number; parentId: number | null; comment: PlannedReply | PlannedComment }[],
): Promise<number[]> {
  return insertInOrder(rows, (chunk) =>
    tx
      .insert(comments)
      .values(
        chunk.map(({ discussionId, parentId, comment }) => ({
          model: 'forum',
          objectId: discussionId,
          parentId,
          authorId: comment.authorId,
          content: comment.content,
          likesCount: comment.likerIds.length,
          repliesCount: 'replies' in comment ? comment.replies.length : 0,
          createdAt: comment.createdAt,
          updatedAt: comment.createdAt,
        })),
      )
      .returning({ id: comments.id }),
  );
}

/** Likes or bookmarks by these members, a little after the object was posted. */
function marks(memberIds: number[], model: string, objectId: number, after: Date) {
  return memberIds.map((userId) => ({
    userId,
    model,
    objectId,
    createdAt: new Date(after.getTime() + 60_000),
  }));
}

/**
 * Inserts the rows in chunks and returns their new ids in the rows' order: PostgreSQL returns
 * the rows of a multi-row INSERT … RETURNING in the order of its VALUES (as Django's
 * bulk_create also relies on); the length check catches anything else.
 */
async function insertInOrder<Row>(
  rows: Row[],
  insert: (chunk: Row[]) => Promise<{ id: number }[]>,
): Promise<number[]> {
  const ids: number[] = [];
  for (const chunk of chunks(rows, ROWS_PER_INSERT)) {
    const returned = await insert(chunk);
    if (returned.length !== chunk.length) throw new Error('an insert lost rows');
    ids.push(...returned.map((row) => row.id));
  }
  return ids;
}

async function insertAll<Row>(rows: Row[], insert: (chunk: Row[]) => Promise<unknown>) {
  for (const chunk of chunks(rows, ROWS_PER_INSERT)) await insert(chunk);
}

function* chunks<Row>(rows: Row[], size: number): Generator<Row[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
