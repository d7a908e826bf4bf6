import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { PollResults } from '@agora/shared';
import type { Viewer } from '../auth';
import type { Database } from '../db';
import type { ContentFeed } from './content-feed';

/** An object's place: enough to link to it without reading it again (a type: events carry it as JSON). */
export type ContentRef = {
  model: string;
  id: number;
  /** The object it belongs to (a comment's discussion); null for top-level content. */
  host: { model: string; id: number } | null;
  /** The comment a reply answers; null otherwise. */
  parentId: number | null;
};

/** An object members can act on (like, report, comment), with whom it belongs to. */
export interface ContentTarget {
  ownerId: number;
  /** Its title, or for a comment its host's: what a notification or the review queue names. */
  title: string;
  ref: ContentRef;
}

/** How an object stands for moderation. */
export type ContentState = 'visible' | 'hidden' | 'deleted';

/** A reported object as staff review it. */
export interface ContentSummary {
  title: string;
  /** The object's text (Markdown); empty once deleted. */
  text: string;
  /** Null once deleted. */
  authorId: number | null;
  ref: ContentRef;
  state: ContentState;
}

/**
 * What generic comment code needs of a kind that takes comments: its row's columns, so that
 * counting a comment, checking the host is open and that its owner has not blocked the
 * commenter is one statement.
 */
export interface CommentHost {
  table: PgTable;
  id: PgColumn;
  owner: PgColumn;
  title: PgColumn;
  commentsCount: PgColumn;
  /** The row takes new comments, as SQL over its columns. */
  open: SQL;
}

/**
 * What the watchers of one object see live on `/ws/live/`: its counters by name
 * (`votersCount`, `likesCount`, `commentsCount`…) and, for a poll, the tallies per watcher.
 */
export interface LiveView {
  counts: Record<string, number>;
  /** The tallies this watcher (null: signed out) may see; undefined while hidden from them. */
  talliesFor?: (viewerId: number | null) => PollResults | undefined;
}

/**
 * One kind of content (a discussion, a comment, a poll…) as the generic modules see it: likes,
 * bookmarks, reports and moderation, comments, notifications and clean-up ask these and never
 * name a feature. Methods taking `tx` run inside the caller's transaction.
 */
export interface ContentKind {
  /** The model name the API sends ('forum'). */
  model: string;
  /** The application notifications label it with ('forums'); a comment takes its host's. */
  appLabel: string;
  /** What members call one, in messages ('discussion'). */
  noun: string;
  /** The model its likes and bookmarks are kept under, when it shares another's (replies: 'comment'). */
  markModel?: string;
  /**
   * An object members can see and act on (published, neither hidden nor deleted); with `lock`,
   * its row stays locked until the caller's transaction ends, so concurrent acts on it queue.
   */
  findLive(db: Database, id: number, lock?: boolean): Promise<ContentTarget | undefined>;
  /** The viewer may see it at all: also archived content, their own drafts, staff and hidden. */
  isVisibleTo(db: Database, id: number, viewer: Viewer | null): Promise<boolean>;
  /** How it stands now, its row locked for a staff decision. */
  lockState(tx: Database, id: number): Promise<ContentState>;
  /** Hides it from everyone but its owner and staff. */
  hide(tx: Database, id: number, now: Date): Promise<void>;
  /** Shows a hidden object again. */
  restore(tx: Database, id: number): Promise<void>;
  /** The objects of `ids` that still exist, for the review queue: a fixed number of queries. */
  summarise(db: Database, ids: number[]): Promise<Map<number, ContentSummary>>;
  /** Moves its likes counter by `delta` in one UPDATE; undefined when the object is gone. */
  addLikes?(tx: Database, id: number, delta: number): Promise<number | undefined>;
  /** Set when members may comment on it. */
  comments?: CommentHost;
  /**
   * Its live counters for the members in `viewerIds` watching it (signed-out watchers too), in
   * a fixed number of queries; undefined when it is gone or not visible to everyone.
   */
  live?(db: Database, id: number, viewerIds: number[]): Promise<LiveView | undefined>;
  /**
   * Set when it appears in feeds: `/api/common/` tags, featured, trending, search, archive and
   * bookmarks serve it through this (see ContentFeed).
   */
  feed?: ContentFeed;
  /** Its page in the web app; `pathOf` gives the host's. */
  path(ref: ContentRef, pathOf: (ref: ContentRef) => string): string;
}

/**
 * Removes what a generic module keeps about objects being deleted (their likes, reports,
 * notifications…), inside the deleting transaction.
 */
export type ContentCleaner = (
  tx: Database,
  deleted: { kind: ContentKind; ids: number[] },
  registry: ContentRegistryView,
) => Promise<void>;

/** A feature's kinds; those that look other kinds up (comments: their hosts) get the registry's lookup. */
export type ContentKinds =
  ContentKind[] | ((kindOf: (model: string) => ContentKind) => ContentKind[]);

/** What cleaners may ask of the registry: deleting owned objects cleans those too. */
export interface ContentRegistryView {
  deleted(tx: Database, model: string, ids: number[]): Promise<void>;
}
