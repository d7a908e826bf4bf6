import type { ContentStatus } from '@agora/shared';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { counter, identityId, referenceId, timestampMs, tsvector } from '../../platform/db/columns';
import { users } from '../users';

/**
 * A quiz (model `quiz`): a question with 2–6 answers, graded by the server. Its correct answers
 * and explanation leave the server only for members who may see them.
 */
export const quizzes = pgTable(
  'quizzes',
  {
    id: identityId(),
    authorId: referenceId('author_id')
      .notNull()
      .references(() => users.id),
    question: text('question').notNull(),
    explanation: text('explanation').notNull(),
    /** draft | published | archived | hidden, as discussions. */
    status: text('status').$type<ContentStatus>().notNull(),
    /** "Choose all that apply": several answers may be correct. */
    multiple: boolean('multiple').notNull().default(false),
    timeLimitSeconds: integer('time_limit_seconds'),
    closesAt: timestampMs('closes_at'),
    /** Lower-cased tag names, sorted. */
    tagNames: text('tag_names')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    likesCount: counter('likes_count'),
    commentsCount: counter('comments_count'),
    /** Members' up-votes of a good quiz (`quizs-vote/`). */
    votesCount: counter('votes_count'),
    /** Members who answered, and how many of them were right. */
    attemptsCount: counter('attempts_count'),
    correctCount: counter('correct_count'),
    createdAt: timestampMs('created_at').notNull(),
    updatedAt: timestampMs('updated_at').notNull(),
    editedAt: timestampMs('edited_at'),
    /** The question only: the explanation would give answers away in search snippets. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`to_tsvector('english', ${quizzes.question})`),
  },
  (table) => [
    check(
      'quizzes_status_check',
      sql`${table.status} in ('draft', 'published', 'archived', 'hidden')`,
    ),
    index('quizzes_latest_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'published'`),
    index('quizzes_top_idx')
      .on(table.votesCount, table.createdAt, table.id)
      .where(sql`${table.status} = 'published'`),
    index('quizzes_author_idx').on(table.authorId, table.createdAt, table.id),
    index('quizzes_tags_idx').using('gin', table.tagNames),
    index('quizzes_search_idx').using('gin', table.searchVector),
  ],
);
/** Every column but the search document, which only search reads. */
const { searchVector: _quizSearch, ...quizColumns } = getTableColumns(quizzes);
export { quizColumns };

export const quizAnswers = pgTable(
  'quiz_answers',
  {
    id: identityId(),
    quizId: referenceId('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    correct: boolean('correct').notNull(),
  },
  (table) => [index('quiz_answers_quiz_idx').on(table.quizId, table.position)],
);

/**
 * A member's one attempt at a quiz: the primary key is the rule. Started when a timed quiz is
 * opened with `start/` (or when answered, untimed); answered once.
 */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    quizId: referenceId('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    userId: referenceId('user_id')
      .notNull()
      .references(() => users.id),
    startedAt: timestampMs('started_at').notNull(),
    answeredAt: timestampMs('answered_at'),
    /** The answer ids chosen; null until answered. */
    chosen: referenceId('chosen').array(),
    correct: boolean('correct'),
  },
  (table) => [
    primaryKey({ columns: [table.quizId, table.userId] }),
    index('quiz_attempts_member_idx').on(table.userId, table.answeredAt),
    // The week's leaderboard reads the week's answered attempts.
    index('quiz_attempts_answered_idx')
      .on(table.answeredAt)
      .where(sql`${table.answeredAt} is not null`),
  ],
);

/** A member's up-vote of a quiz. */
export const quizVotes = pgTable(
  'quiz_votes',
  {
    quizId: referenceId('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    userId: referenceId('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestampMs('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.quizId, table.userId] })],
);

/**
 * Each member's quiz record, moved in the transaction that grades an attempt: the profile and
 * the all-time leaderboard read one row instead of counting attempts.
 */
export const quizRecords = pgTable(
  'quiz_records',
  {
    userId: referenceId('user_id')
      .primaryKey()
      .references(() => users.id),
    answered: counter('answered'),
    correct: counter('correct'),
    currentStreak: counter('current_streak'),
    bestStreak: counter('best_streak'),
    updatedAt: timestampMs('updated_at').notNull(),
  },
  (table) => [index('quiz_records_correct_idx').on(table.correct, table.userId)],
);
