import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ContentKind, ContentRef } from '../../platform/content';
import { prepareOnce } from '../../platform/db';
import { albumPath, canSeeAlbum } from './album-rules';
import { albums } from './albums.tables';

export const albumRef = (id: number): ContentRef => ({
  model: 'album',
  id,
  host: null,
  parentId: null,
});

/**
 * Albums as content: members like, bookmark, report and comment on visible ones; staff and
 * reports hide them by setting `hidden_at`. Their notifications carry the `forums` label, the
 * only one the web's notification list keeps (SPEC §3).
 */
export const albumKind: ContentKind = {
  model: 'album',
  appLabel: 'forums',
  noun: 'album',
  async findLive(db, id, lock = false) {
    const query = db
      .select({ ownerId: albums.authorId, title: albums.name })
      .from(albums)
      .where(and(eq(albums.id, id), isNull(albums.hiddenAt)));
    const [row] = lock ? await query.for('update') : await query;
    return row && { ...row, ref: albumRef(id) };
  },
  async isVisibleTo(db, id, viewer) {
    const [row] = await prepareOnce(db, 'album_visibility', () =>
      db
        .select({ authorId: albums.authorId, hiddenAt: albums.hiddenAt })
        .from(albums)
        .where(eq(albums.id, sql.placeholder('id'))),
    ).execute({ id });
    return row !== undefined && canSeeAlbum(row, viewer);
  },
  async lockState(tx, id) {
    const [row] = await tx
      .select({ hiddenAt: albums.hiddenAt })
      .from(albums)
      .where(eq(albums.id, id))
      .for('update');
    if (!row) return 'deleted';
    return row.hiddenAt ? 'hidden' : 'visible';
  },
  async hide(tx, id, now) {
    await tx
      .update(albums)
      .set({ hiddenAt: now })
      .where(and(eq(albums.id, id), isNull(albums.hiddenAt)));
  },
  async restore(tx, id) {
    await tx
      .update(albums)
      .set({ hiddenAt: null })
      .where(and(eq(albums.id, id), isNotNull(albums.hiddenAt)));
  },
  async summarise(db, ids) {
    const rows = await db
      .select({
        id: albums.id,
        name: albums.name,
        authorId: albums.authorId,
        imagesCount: albums.imagesCount,
        hiddenAt: albums.hiddenAt,
      })
      .from(albums)
      .where(inArray(albums.id, ids));
    return new Map(
      rows.map((row) => [
        row.id,
        {
          title: row.name,
          text: `${row.imagesCount} ${row.imagesCount === 1 ? 'picture' : 'pictures'}`,
          authorId: row.authorId,
          ref: albumRef(row.id),
          state: row.hiddenAt ? 'hidden' : 'visible',
        },
      ]),
    );
  },
  async addLikes(tx, id, delta) {
    const [row] = await tx
      .update(albums)
      .set({ likesCount: sql`${albums.likesCount} + ${delta}` })
      .where(eq(albums.id, id))
      .returning({ likesCount: albums.likesCount });
    return row?.likesCount;
  },
  comments: {
    table: albums,
    id: albums.id,
    owner: albums.authorId,
    title: albums.name,
    commentsCount: albums.commentsCount,
    open: isNull(albums.hiddenAt),
  },
  path: (ref) => albumPath(ref.id),
};

/** The albums feature's kinds. */
export const albumsKinds: ContentKind[] = [albumKind];
