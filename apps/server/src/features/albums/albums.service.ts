import {
  ALBUM_IMAGES_FIELD,
  ALBUM_IMAGES_MAX,
  ALBUM_MESSAGES,
  type UpdateAlbum,
} from '@agora/shared';
import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth';
import { countAuthored, type ContentContext, type ContentRegistry } from '../../platform/content';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { discardUploads, dropFiles, files, recordFiles, sweepKeys, type NewFile } from '../media';
import { canEditAlbum, canSeeAlbum } from './album-rules';
import { albumImages, albums, type AlbumRow } from './albums.tables';

/** What the album services use beyond the content context: the members' storage quota. */
export interface AlbumsContext extends ContentContext {
  quotaBytes: number;
}

/**
 * The album, its row locked until the transaction ends: 404 when the viewer may not see it,
 * 403 when they may see it but it is not theirs.
 */
async function lockOwnAlbum(tx: Database, viewer: Viewer, id: number): Promise<AlbumRow> {
  const [row] = await tx.select().from(albums).where(eq(albums.id, id)).for('update');
  if (!row || !canSeeAlbum(row, viewer)) throw new AppError('not_found', ALBUM_MESSAGES.notFound);
  if (!canEditAlbum(row, viewer)) throw new AppError('forbidden', ALBUM_MESSAGES.notYours);
  return row;
}

/** A picture and its album, the album's row locked: 404 or 403 as for the album. */
async function lockOwnImage(tx: Database, viewer: Viewer, id: number) {
  const [image] = await tx.select().from(albumImages).where(eq(albumImages.id, id));
  const album =
    image && (await tx.select().from(albums).where(eq(albums.id, image.albumId)).for('update'))[0];
  if (!image || !album || !canSeeAlbum(album, viewer)) {
    throw new AppError('not_found', ALBUM_MESSAGES.imageNotFound);
  }
  if (!canEditAlbum(album, viewer)) throw new AppError('forbidden', ALBUM_MESSAGES.imageNotYours);
  return { image, album };
}

/**
 * Inside the album's transaction: records the uploads as the author's files (not listed among
 * their own files) and adds them to the album in order; the first picture of an empty album
 * becomes its cover. Returns the new pictures' ids.
 */
async function addImagesIn(
  tx: Database,
  ctx: AlbumsContext,
  album: AlbumRow,
  uploads: NewFile[],
): Promise<number[]> {
  if (album.imagesCount + uploads.length > ALBUM_IMAGES_MAX) {
    throw AppError.fields({ [ALBUM_IMAGES_FIELD]: [ALBUM_MESSAGES.full] });
  }
  const now = ctx.now();
  const fileRows = await recordFiles(tx, ctx.storage, album.authorId, uploads, {
    quotaBytes: ctx.quotaBytes,
    now,
    listed: false,
  });
  const added = await tx
    .insert(albumImages)
    .values(fileRows.map((file) => ({ albumId: album.id, fileId: file.id, createdAt: now })))
    .returning({ id: albumImages.id });
  const ids = added.map((image) => image.id).sort((a, b) => a - b);
  await tx
    .update(albums)
    .set({
      imagesCount: sql`${albums.imagesCount} + ${ids.length}`,
      coverImageId: album.coverImageId ?? ids[0] ?? null,
      updatedAt: now,
    })
    .where(eq(albums.id, album.id));
  return ids;
}

/** Runs `work` in a transaction; the staged uploads are removed if it fails. */
async function withUploads<T>(
  ctx: AlbumsContext,
  uploads: NewFile[],
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.db.transaction(work);
  } catch (error) {
    await discardUploads(
      ctx.storage,
      uploads.map(({ stored }) => stored),
    );
    throw error;
  }
}

/** A member starts an album, with zero or more pictures (all of them or none). */
export function createAlbum(
  ctx: AlbumsContext,
  author: Viewer,
  name: string,
  uploads: NewFile[],
): Promise<number> {
  return withUploads(ctx, uploads, async (tx) => {
    const now = ctx.now();
    const [album] = await tx
      .insert(albums)
      .values({ authorId: author.id, name, createdAt: now, updatedAt: now })
      .returning();
    if (!album) throw new Error('insert returned no album');
    if (uploads.length > 0) await addImagesIn(tx, ctx, album, uploads);
    return album.id;
  });
}

/** The author adds pictures to their album (all of them or none); returns their ids. */
export function addAlbumImages(
  ctx: AlbumsContext,
  viewer: Viewer,
  albumId: number,
  uploads: NewFile[],
): Promise<number[]> {
  return withUploads(ctx, uploads, async (tx) =>
    addImagesIn(tx, ctx, await lockOwnAlbum(tx, viewer, albumId), uploads),
  );
}

/** The author renames the album and/or chooses its cover among its pictures. */
export async function updateAlbum(
  ctx: AlbumsContext,
  viewer: Viewer,
  id: number,
  change: UpdateAlbum,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockOwnAlbum(tx, viewer, id);
    if (change.thumbnail !== undefined) {
      const [image] = await tx
        .select({ id: albumImages.id })
        .from(albumImages)
        .where(and(eq(albumImages.id, change.thumbnail), eq(albumImages.albumId, id)));
      if (!image) throw AppError.fields({ thumbnail: [ALBUM_MESSAGES.thumbnailNotInAlbum] });
    }
    await tx
      .update(albums)
      .set({ name: change.name, coverImageId: change.thumbnail, updatedAt: ctx.now() })
      .where(eq(albums.id, id));
  });
}

/**
 * Inside the caller's transaction: deletes albums with their pictures, after the content
 * kernel forgot them (likes, bookmarks, comments, reports, notifications). Returns the storage
 * keys to sweep once it has committed.
 */
export async function dropAlbums(
  tx: Database,
  content: Pick<ContentRegistry, 'deleted'>,
  ids: number[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  await content.deleted(tx, 'album', ids);
  const held = await tx
    .select({ fileId: albumImages.fileId })
    .from(albumImages)
    .where(inArray(albumImages.albumId, ids));
  await tx.delete(albums).where(inArray(albums.id, ids));
  if (held.length === 0) return [];
  return dropFiles(
    tx,
    inArray(
      files.id,
      held.map(({ fileId }) => fileId),
    ),
  );
}

/** The author deletes the album and its pictures; their bytes go unless other files hold them. */
export async function deleteAlbum(ctx: AlbumsContext, viewer: Viewer, id: number): Promise<void> {
  const keys = await ctx.db.transaction(async (tx) => {
    await lockOwnAlbum(tx, viewer, id);
    return dropAlbums(tx, ctx.content, [id]);
  });
  await sweepKeys(ctx.db, ctx.storage, keys);
}

/** How many albums of the member everyone sees: as many as `albums/?author=` lists to others. */
export const countMemberAlbums = (db: Database, authorId: number): Promise<number> =>
  countAuthored(db, albums, albums.authorId, isNull(albums.hiddenAt), authorId);

/** Inside the account deletion's transaction: every album of the member. Keys to sweep after. */
export async function dropMemberAlbums(
  tx: Database,
  content: Pick<ContentRegistry, 'deleted'>,
  authorId: number,
): Promise<string[]> {
  const owned = await tx
    .select({ id: albums.id })
    .from(albums)
    .where(eq(albums.authorId, authorId));
  return dropAlbums(
    tx,
    content,
    owned.map(({ id }) => id),
  );
}

const touch = (tx: Database, albumId: number, now: Date) =>
  tx.update(albums).set({ updatedAt: now }).where(eq(albums.id, albumId));

/** The author renames a picture. */
export async function renameAlbumImage(
  ctx: AlbumsContext,
  viewer: Viewer,
  id: number,
  name: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { image, album } = await lockOwnImage(tx, viewer, id);
    await tx.update(files).set({ name }).where(eq(files.id, image.fileId));
    await touch(tx, album.id, ctx.now());
  });
}

/**
 * The author replaces a picture with another upload: same id, same place, still the cover if
 * it was. The old picture's bytes go unless other files hold them.
 */
export async function replaceAlbumImage(
  ctx: AlbumsContext,
  viewer: Viewer,
  id: number,
  upload: NewFile,
): Promise<void> {
  const keys = await withUploads(ctx, [upload], async (tx) => {
    const { image, album } = await lockOwnImage(tx, viewer, id);
    const now = ctx.now();
    const [file] = await recordFiles(tx, ctx.storage, album.authorId, [upload], {
      quotaBytes: ctx.quotaBytes,
      now,
      listed: false,
    });
    if (!file) throw new Error('no file recorded');
    await tx.update(albumImages).set({ fileId: file.id }).where(eq(albumImages.id, id));
    await touch(tx, album.id, now);
    return dropFiles(tx, eq(files.id, image.fileId));
  });
  await sweepKeys(ctx.db, ctx.storage, keys);
}

/**
 * The author deletes a picture. When it was the cover, the next picture becomes the cover (the
 * first one when it was the last).
 */
export async function deleteAlbumImage(
  ctx: AlbumsContext,
  viewer: Viewer,
  id: number,
): Promise<void> {
  const keys = await ctx.db.transaction(async (tx) => {
    const { image, album } = await lockOwnImage(tx, viewer, id);
    let cover = album.coverImageId;
    if (cover === id) {
      const others = and(eq(albumImages.albumId, album.id), ne(albumImages.id, id));
      const nextCover = async (after: boolean) =>
        (
          await tx
            .select({ id: albumImages.id })
            .from(albumImages)
            .where(after ? and(others, gt(albumImages.id, id)) : others)
            .orderBy(asc(albumImages.id))
            .limit(1)
        )[0]?.id ?? null;
      cover = (await nextCover(true)) ?? (await nextCover(false));
    }
    await tx.delete(albumImages).where(eq(albumImages.id, id));
    await tx
      .update(albums)
      .set({
        imagesCount: sql`${albums.imagesCount} - 1`,
        coverImageId: cover,
        updatedAt: ctx.now(),
      })
      .where(eq(albums.id, album.id));
    return dropFiles(tx, eq(files.id, image.fileId));
  });
  await sweepKeys(ctx.db, ctx.storage, keys);
}
