import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { counter, identityId, referenceId, timestampMs } from '../../platform/db/columns';
import { users } from '../users';

/**
 * A poll, belonging to one piece of content (`model`, `object_id`): a discussion's embedded poll
 * today. Its choices, ballots and votes go with it.
 */
export const polls = pgTable(
  'polls',
  {
    id: identityId(),
    model: text('model').notNull(),
    objectId: referenceId('object_id').notNull(),
    /** Members with a ballot. */
    votersCount: counter('voters_count'),
    createdAt: timestampMs('created_at').notNull(),
  },
  (table) => [uniqueIndex('polls_content_key').on(table.model, table.objectId)],
);

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
