import { index, pgTable, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { counter, identityId, referenceId, timestampMs } from '../../platform/db/columns';
import { files } from '../media';
import { users } from '../users';

/**
 * A member's album of pictures. Its pictures are files (`files`, not listed among the member's
 * own files) linked by `album_images`, so they count against the quota like any upload.
 */
export const albums = pgTable(
  'albums',
  {
    id: identityId(),
    authorId: referenceId('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The cover (SPEC §3 `thumbnail`); null while the album is empty. */
    coverImageId: referenceId('cover_image_id').references((): AnyPgColumn => albumImages.id, {
      onDelete: 'set null',
    }),
    imagesCount: counter('images_count'),
    likesCount: counter('likes_count'),
    commentsCount: counter('comments_count'),
    /** Set while staff or reports hide it: only its author and staff see it then. */
    hiddenAt: timestampMs('hidden_at'),
    createdAt: timestampMs('created_at').notNull(),
    updatedAt: timestampMs('updated_at').notNull(),
  },
  (table) => [
    index('albums_newest_idx').on(table.createdAt, table.id),
    index('albums_author_idx').on(table.authorId, table.createdAt, table.id),
  ],
);
export type AlbumRow = typeof albums.$inferSelect;

/** A picture in an album, in the order added; the picture itself is its file. */
export const albumImages = pgTable(
  'album_images',
  {
    id: identityId(),
    albumId: referenceId('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    fileId: referenceId('file_id')
      .notNull()
      .references(() => files.id),
    createdAt: timestampMs('created_at').notNull(),
  },
  (table) => [
    index('album_images_album_idx').on(table.albumId, table.id),
    uniqueIndex('album_images_file_key').on(table.fileId),
  ],
);
export type AlbumImageRow = typeof albumImages.$inferSelect;
