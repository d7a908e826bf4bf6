import type { AlbumListFilter, Author } from '@agora/shared';
import { and, asc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth';
import type { ContentContext } from '../../platform/content';
import { AppError } from '../../platform/errors';
import { fetchLimit, integerKey, keyset, timestampKey, type Page } from '../../platform/pagination';
import { files, type FileRow } from '../media';
import { bookmarks, likes, markedBy } from '../reactions';
import { findAuthors, findUserIdByUsername } from '../users';
import { canEditAlbum } from './album-rules';
import { albumImages, albums, type AlbumRow } from './albums.tables';

/** A picture of an album: its link row and its file. */
export interface AlbumImageView {
  id: number;
  albumId: number;
  createdAt: Date;
  file: FileRow;
}

/** An album as one viewer sees it; `images` only where asked for (the detail). */
export interface AlbumView {
  row: AlbumRow;
  author: Author;
  cover: AlbumImageView | null;
  isLiked: boolean;
  isBookmarked: boolean;
  canEdit: boolean;
  images?: AlbumImageView[];
}

const imageColumns = {
  id: albumImages.id,
  albumId: albumImages.albumId,
  createdAt: albumImages.createdAt,
  file: files,
};

/** The pictures `where` selects, in album order. */
async function imagesWhere(ctx: ContentContext, where: SQL): Promise<AlbumImageView[]> {
  return ctx.db
    .select(imageColumns)
    .from(albumImages)
    .innerJoin(files, eq(files.id, albumImages.fileId))
    .where(where)
    .orderBy(asc(albumImages.albumId), asc(albumImages.id));
}

/** The pictures of `ids` (album order). */
export const loadImages = (ctx: ContentContext, ids: number[]): Promise<AlbumImageView[]> =>
  ids.length === 0 ? Promise.resolve([]) : imagesWhere(ctx, inArray(albumImages.id, ids));

/** The viewer's likes or bookmarks among `ids`. */
async function markedAmong(
  ctx: ContentContext,
  viewer: Viewer | null,
  marks: typeof likes | typeof bookmarks,
  ids: number[],
): Promise<Set<number>> {
  if (!viewer) return new Set();
  const rows = await ctx.db
    .select({ id: marks.objectId })
    .from(marks)
    .where(
      and(eq(marks.userId, viewer.id), eq(marks.model, 'album'), inArray(marks.objectId, ids)),
    );
  return new Set(rows.map((row) => row.id));
}

/**
 * The albums of `ids` in that order (missing ones dropped), with their authors, covers and the
 * viewer's marks: a fixed number of queries whatever the ids. Visibility is the caller's.
 */
export async function loadAlbums(
  ctx: ContentContext,
  viewer: Viewer | null,
  ids: number[],
  withImages = false,
): Promise<AlbumView[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db.select().from(albums).where(inArray(albums.id, ids));
  const coverIds = rows.flatMap((row) => (row.coverImageId === null ? [] : [row.coverImageId]));
  const [authors, covers, liked, bookmarked, images] = await Promise.all([
    findAuthors(
      ctx.db,
      ctx.storage,
      rows.map((row) => row.authorId),
    ),
    coverIds.length > 0 ? imagesWhere(ctx, inArray(albumImages.id, coverIds)) : [],
    markedAmong(ctx, viewer, likes, ids),
    markedAmong(ctx, viewer, bookmarks, ids),
    withImages ? imagesWhere(ctx, inArray(albumImages.albumId, ids)) : undefined,
  ]);
  const coverById = new Map(covers.map((image) => [image.id, image]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    const author = row && authors.get(row.authorId);
    if (!row || !author) return [];
    const view: AlbumView = {
      row,
      author,
      cover: (row.coverImageId !== null && coverById.get(row.coverImageId)) || null,
      isLiked: liked.has(id),
      isBookmarked: bookmarked.has(id),
      canEdit: canEditAlbum(row, viewer),
    };
    if (images) view.images = images.filter((image) => image.albumId === id);
    return [view];
  });
}

const newestFirst = keyset({
  createdAt: timestampKey(albums.createdAt),
  id: integerKey(albums.id),
});

const signInFor = (what: string) =>
  new AppError('unauthenticated', `Log in to see the albums you ${what}.`);

/**
 * One page of albums, newest first: everyone's, one author's (`author`), or those the viewer
 * bookmarked or liked. Hidden albums only for their author.
 */
export async function listAlbums(
  ctx: ContentContext,
  viewer: Viewer | null,
  query: AlbumListFilter,
): Promise<Page<AlbumView>> {
  const filters: (SQL | undefined)[] = [
    viewer ? or(isNull(albums.hiddenAt), eq(albums.authorId, viewer.id)) : isNull(albums.hiddenAt),
  ];
  if (query.author !== undefined) {
    const authorId = await findUserIdByUsername(ctx.db, query.author);
    if (authorId === undefined) return { rows: [], next: null };
    filters.push(eq(albums.authorId, authorId));
  }
  for (const [wanted, marks, what] of [
    [query.bookmarked, bookmarks, 'bookmarked'],
    [query.liked, likes, 'liked'],
  ] as const) {
    if (!wanted) continue;
    if (!viewer) throw signInFor(what);
    filters.push(inArray(albums.id, markedBy(ctx.db, marks, viewer.id, 'album')));
  }
  const keys = await ctx.db
    .select({ id: albums.id, createdAt: albums.createdAt })
    .from(albums)
    .where(and(...filters, newestFirst.afterCursor(query.cursor)))
    .orderBy(...newestFirst.orderBy)
    .limit(fetchLimit(query.limit));
  const { rows, next } = newestFirst.page(keys, query.limit, (key) => key);
  return {
    rows: await loadAlbums(
      ctx,
      viewer,
      rows.map((key) => key.id),
    ),
    next,
  };
}
