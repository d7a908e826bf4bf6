import type { ContentStatus } from '@agora/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from '../users';

/** Millisecond precision, as JavaScript keeps time: keyset cursors then land exactly on a row. */
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const ref = (name: string) => bigint(name, { mode: 'number' });
const counter = (name: string) => integer(name).notNull().default(0);

export const discussions = pgTable(
  'discussions',
  {
    id: id(),
    authorId: ref('author_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** draft | published | archived | hidden (CONTENT_STATUSES). */
    status: text('status').$type<ContentStatus>().notNull(),
    likesCount: counter('likes_count'),
    commentsCount: counter('comments_count'),
    viewsCount: counter('views_count'),
    hasAudio: boolean('has_audio').notNull().default(false),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    editedAt: at('edited_at'),
  },
  (table) => [
    check(
      'discussions_status_check',
      sql`${table.status} in ('draft', 'published', 'archived', 'hidden')`,
    ),
    // The public lists only ever show published discussions.
    index('discussions_latest_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'published'`),
    index('discussions_top_idx')
      .on(table.likesCount, table.createdAt, table.id)
      .where(sql`${table.status} = 'published'`),
    index('discussions_author_idx').on(table.authorId, table.createdAt, table.id),
  ],
);
export type DiscussionRow = typeof discussions.$inferSelect;

export const tags = pgTable('tags', {
  id: id(),
  /** Lower-cased. */
  name: text('name').notNull().unique('tags_name_key'),
});

export const discussionTags = pgTable(
  'discussion_tags',
  {
    discussionId: ref('discussion_id')
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    tagId: ref('tag_id')
      .notNull()
      .references(() => tags.id),
  },
  (table) => [
    primaryKey({ columns: [table.discussionId, table.tagId] }),
    index('discussion_tags_tag_idx').on(table.tagId, table.discussionId),
  ],
);

/** Top-level comments have no parent; sub-comments (replies) have a top-level parent. */
export const comments = pgTable(
  'comments',
  {
    id: id(),
    discussionId: ref('discussion_id')
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    parentId: ref('parent_id').references((): AnyPgColumn => comments.id, {
      onDelete: 'cascade',
    }),
    authorId: ref('author_id')
      .notNull()
      .references(() => users.id),
    /** Emptied when deleted. */
    content: text('content').notNull(),
    likesCount: counter('likes_count'),
    /** Replies not deleted. */
    repliesCount: counter('replies_count'),
    deletedAt: at('deleted_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    editedAt: at('edited_at'),
  },
  (table) => [
    index('comments_discussion_idx')
      .on(table.discussionId, table.createdAt, table.id)
      .where(sql`${table.parentId} is null`),
    index('comments_parent_idx').on(table.parentId, table.createdAt, table.id),
    index('comments_author_idx').on(table.authorId, table.discussionId),
  ],
);
export type CommentRow = typeof comments.$inferSelect;

/** A member's mark on an object of some `model`: at most one per member per object. */
function memberMarks(name: string) {
  return pgTable(
    name,
    {
      id: id(),
      userId: ref('user_id')
        .notNull()
        .references(() => users.id),
      model: text('model').notNull(),
      objectId: ref('object_id').notNull(),
      createdAt: at('created_at').notNull(),
    },
    (table) => [
      uniqueIndex(`${name}_member_object_key`).on(table.userId, table.model, table.objectId),
      index(`${name}_object_idx`).on(table.model, table.objectId),
    ],
  );
}

/** Likes of discussions and comments; `model` is 'forum' or 'comment' (sub-comments are comments). */
export const likes = memberMarks('likes');

/** Bookmarks of any kind of content (discussions now; polls and listings later). */
export const bookmarks = memberMarks('bookmarks');

export const pollChoices = pgTable(
  'poll_choices',
  {
    id: id(),
    discussionId: ref('discussion_id')
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    votesCount: counter('votes_count'),
  },
  (table) => [index('poll_choices_discussion_idx').on(table.discussionId, table.position)],
);

/** One vote per member per discussion; voting again moves it to another choice. */
export const pollVotes = pgTable(
  'poll_votes',
  {
    discussionId: ref('discussion_id')
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    choiceId: ref('choice_id')
      .notNull()
      .references(() => pollChoices.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.discussionId, table.userId] }),
    index('poll_votes_choice_idx').on(table.choiceId),
  ],
);

/** A member's view of a discussion within one clock hour: counted once. */
export const discussionViews = pgTable(
  'discussion_views',
  {
    discussionId: ref('discussion_id')
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    hour: at('hour').notNull(),
  },
  (table) => [primaryKey({ columns: [table.discussionId, table.userId, table.hour] })],
);
