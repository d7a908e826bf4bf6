import type { FileMimeType } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { identityId, referenceId, timestampMs } from '../../platform/db/columns';
import { users } from '../users';
import type { ThumbnailSize } from './images';

/** A stored thumbnail: its content-hash key (reference counted like the file's own key). */
export interface StoredThumbnail {
  key: string;
  width: number;
  height: number;
  sizeBytes: number;
}

/** What a picture adds to its row. */
export interface StoredImageDetails {
  width: number;
  height: number;
  blurhash: string;
  thumbnails: Record<ThumbnailSize, StoredThumbnail>;
}

/**
 * A file a member uploaded (an audio recording of a post, a document, an album's picture); its
 * bytes live in storage.
 */
export const files = pgTable(
  'files',
  {
    id: identityId(),
    ownerId: referenceId('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    /** The name the member sent with the upload. */
    name: text('name').notNull(),
    /** Sniffed from the bytes, not taken from the name. */
    mimeType: text('mime_type').$type<FileMimeType>().notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** Null unless the file is a picture. */
    image: jsonb('image').$type<StoredImageDetails>(),
    /** The thumbnails' bytes, counted with `size_bytes` against the owner's quota. */
    thumbnailBytes: bigint('thumbnail_bytes', { mode: 'number' }).notNull().default(0),
    /**
     * Shown among the member's files (`GET files/`); false for a picture other content holds (an
     * album's), which is listed, changed and deleted there.
     */
    listed: boolean('listed').notNull().default(true),
    createdAt: timestampMs('created_at').notNull(),
  },
  (table) => [
    index('files_owner_idx').on(table.ownerId, table.createdAt),
    index('files_listed_idx')
      .on(table.ownerId, table.createdAt, table.id)
      .where(sql`listed`),
  ],
);
export type FileRow = typeof files.$inferSelect;
