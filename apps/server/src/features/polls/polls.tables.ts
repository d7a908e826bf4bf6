import type {
  ContentStatus,
  PollResultsVisibility,
  PollType,
  PollVotersVisibility,
} from '@agora/shared';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { counter, identityId, referenceId, timestampMs, tsvector } from '../../platform/db/columns';
import { users } from '../users';

/**
 * A poll, belonging to one piece of content (`model`, `object_id`): a discussion's embedded poll,
 * or a poll post (`model = 'poll'`, whose id is the poll's own). Its choices, ballots and votes
 * go with it. `type`, `results`, `voters` and `closes_at` are its rules; a discussion's poll
 * keeps the defaults.
 */
export const polls = pgTable(
  'polls',
  {
    id: identityId(),
    model: text('model').notNull(),
    objectId: referenceId('object_id').notNull(),
    /** Members with a ballot. */
    votersCount: counter('voters_count'),
    type: text('type').$type<PollType>().notNull().default('single'),
    /** For `multiple`: how many options a ballot may mark; null for as many as there are. */
    maxChoices: integer('max_choices'),
    results: text('results').$type<PollResultsVisibility>().notNull().default('always'),
    voters: text('voters').$type<PollVotersVisibility>().notNull().default('public'),
    /** After this the poll takes no ballots; null: open until deleted. */
    closesAt: timestampMs('closes_at'),
    createdAt: timestampMs('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('polls_content_key').on(table.model, table.objectId),
    check('polls_type_check', sql`${table.type} in ('single', 'multiple', 'ranked')`),
    check('polls_results_check', sql`${table.results} in ('always', 'after_vote', 'after_close')`),
    check('polls_voters_check', sql`${table.voters} in ('public', 'anonymous')`),
    // `top` of poll posts: most voters first.
    index('polls_post_top_idx')
      .on(table.votersCount, table.id)
      .where(sql`${table.model} = 'poll'`),
  ],
);

/**
 * A poll as content of its own (model `poll`): question, description and tags, liked,
 * bookmarked, commented on and reported like a discussion. Its id is its poll's id
 * (`polls.object_id = polls.id`), so the two rows join on their primary keys.
 */
export const pollPosts = pgTable(
  'poll_posts',
  {
    id: referenceId('id')
      .primaryKey()
      .references(() => polls.id, { onDelete: 'cascade' }),
    authorId: referenceId('author_id')
      .notNull()
      .references(() => users.id),
    question: text('question').notNull(),
    description: text('description').notNull(),
    /** draft | published | archived | hidden, as discussions. */
    status: text('status').$type<ContentStatus>().notNull(),
    /** Lower-cased tag names, sorted. */
    tagNames: text('tag_names')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    likesCount: counter('likes_count'),
    commentsCount: counter('comments_count'),
    createdAt: timestampMs('created_at').notNull(),
    updatedAt: timestampMs('updated_at').notNull(),
    editedAt: timestampMs('edited_at'),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('english', ${pollPosts.question}), 'A') || setweight(to_tsvector('english', ${pollPosts.description}), 'B')`,
      ),
  },
  (table) => [
    check(
      'poll_posts_status_check',
      sql`${table.status} in ('draft', 'published', 'archived', 'hidden')`,
    ),
    index('poll_posts_latest_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'published'`),
    index('poll_posts_author_idx').on(table.authorId, table.createdAt, table.id),
    index('poll_posts_tags_idx').using('gin', table.tagNames),
    index('poll_posts_search_idx').using('gin', table.searchVector),
  ],
);
/** Every column but the search document, which only search reads. */
const { searchVector: _pollPostSearch, ...pollPostColumns } = getTableColumns(pollPosts);
export { pollPostColumns };

export const pollChoices = pgTable(
  'poll_choices',
  {
    id: identityId(),
    pollId: referenceId('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    /** Ballots that chose it. */
    votesCount: counter('votes_count'),
  },
  (table) => [index('poll_choices_poll_idx').on(table.pollId, table.position)],
);

/** One ballot per member and poll: the primary key is the rule. Voting again replaces it. */
export const pollBallots = pgTable(
  'poll_ballots',
  {
    pollId: referenceId('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    userId: referenceId('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestampMs('created_at').notNull(),
    updatedAt: timestampMs('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.pollId, table.userId] })],
);

/** The choices a ballot marks; `rank` orders them where the order counts (0 otherwise). */
export const pollVotes = pgTable(
  'poll_votes',
  {
    pollId: referenceId('poll_id').notNull(),
    userId: referenceId('user_id').notNull(),
    choiceId: referenceId('choice_id')
      .notNull()
      .references(() => pollChoices.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.pollId, table.userId, table.choiceId] }),
    foreignKey({
      name: 'poll_votes_ballot_fk',
      columns: [table.pollId, table.userId],
      foreignColumns: [pollBallots.pollId, pollBallots.userId],
    }).onDelete('cascade'),
    index('poll_votes_choice_idx').on(table.choiceId),
  ],
);

/**
 * How many ballots of a ranked poll rank its options in exactly this order (`ranking`: choice
 * ids, most preferred first, joined by commas). Kept by every change of ballots in the same
 * transaction, so an instant-runoff count reads one row per distinct ranking (dozens) instead
 * of every ballot (thousands). Rows that fall to zero stay until the poll goes.
 */
export const pollRankings = pgTable(
  'poll_rankings',
  {
    pollId: referenceId('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    ranking: text('ranking').notNull(),
    ballots: counter('ballots'),
  },
  (table) => [primaryKey({ columns: [table.pollId, table.ranking] })],
);
