import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type {
  ContentCleaner,
  ContentKind,
  ContentRef,
  ContentSummary,
  ContentTarget,
} from '../../platform/content';
import type { Database } from '../../platform/db';
import { commentColumns, comments, type CommentRow } from './comments.tables';
import { deleteCommentsOn, isCommentKind, type CommentKind } from './comments.service';

/** Looks kinds up by model; the registry, once built. */
type KindOf = (model: string) => ContentKind;

const refOf = (row: Pick<CommentRow, 'id' | 'model' | 'objectId' | 'parentId'>): ContentRef => ({
  model: row.parentId === null ? 'comment' : 'subcomment',
  id: row.id,
  host: { model: row.model, id: row.objectId },
  parentId: row.parentId,
});

/**
 * Comments and replies as content: members like and report them, staff hide them. A comment
 * lives while it is neither deleted nor hidden and its host lives; its title is its host's.
 */
function commentKind(model: CommentKind, kindOf: KindOf): ContentKind {
  const ofKind = (id: number) => and(eq(comments.id, id), isCommentKind(model));

  async function findLive(
    db: Database,
    id: number,
    lock = false,
  ): Promise<ContentTarget | undefined> {
    const query = db
      .select(commentColumns)
      .from(comments)
      .where(and(ofKind(id), isNull(comments.deletedAt), isNull(comments.hiddenAt)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) return undefined;
    const host = await kindOf(row.model).findLive(db, row.objectId);
    return host && { ownerId: row.authorId, title: host.title, ref: refOf(row) };
  }

  return {
    model,
    appLabel: '',
    noun: model === 'comment' ? 'comment' : 'reply',
    markModel: 'comment',
    findLive,
    async isVisibleTo(db, id, viewer) {
      const [row] = await db
        .select({ model: comments.model, objectId: comments.objectId })
        .from(comments)
        .where(ofKind(id));
      return row !== undefined && kindOf(row.model).isVisibleTo(db, row.objectId, viewer);
    },
    async lockState(tx, id) {
      const [row] = await tx
        .select({ deletedAt: comments.deletedAt, hiddenAt: comments.hiddenAt })
        .from(comments)
        .where(ofKind(id))
        .for('update');
      if (!row || row.deletedAt) return 'deleted';
      return row.hiddenAt ? 'hidden' : 'visible';
    },
    async hide(tx, id, now) {
      await tx
        .update(comments)
        .set({ hiddenAt: now })
        .where(and(eq(comments.id, id), isNull(comments.hiddenAt), isNull(comments.deletedAt)));
    },
    async restore(tx, id) {
      await tx.update(comments).set({ hiddenAt: null }).where(eq(comments.id, id));
    },
    async summarise(db, ids) {
      const rows = await db
        .select(commentColumns)
        .from(comments)
        .where(and(inArray(comments.id, ids), isCommentKind(model)));
      const titles = await hostTitles(db, kindOf, rows);
      return new Map(
        rows.map((row): [number, ContentSummary] => {
          const deleted = row.deletedAt !== null;
          return [
            row.id,
            {
              title: titles.get(`${row.model}:${row.objectId}`) ?? '',
              text: deleted ? '' : row.content,
              authorId: deleted ? null : row.authorId,
              ref: refOf(row),
              state: deleted ? 'deleted' : row.hiddenAt ? 'hidden' : 'visible',
            },
          ];
        }),
      );
    },
    async addLikes(tx, id, delta) {
      const [row] = await tx
        .update(comments)
        .set({ likesCount: sql`${comments.likesCount} + ${delta}` })
        .where(eq(comments.id, id))
        .returning({ likesCount: comments.likesCount });
      return row?.likesCount;
    },
    path(ref, pathOf) {
      const page = ref.host ? pathOf({ ...ref.host, host: null, parentId: null }) : '';
      const thread = ref.parentId === null ? '' : `?thread=${ref.parentId}`;
      return `${page}${thread}#comment-${ref.id}`;
    },
  };
}

/** The titles of the comments' hosts, by `model:id`, one query per host kind. */
async function hostTitles(
  db: Database,
  kindOf: KindOf,
  rows: CommentRow[],
): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  const byModel = new Map<string, CommentRow[]>();
  for (const row of rows) byModel.set(row.model, [...(byModel.get(row.model) ?? []), row]);
  for (const [model, hosted] of byModel) {
    const summaries = await kindOf(model).summarise(
      db,
      hosted.map((row) => row.objectId),
    );
    for (const [id, summary] of summaries) titles.set(`${model}:${id}`, summary.title);
  }
  return titles;
}

/** The `comment` and `subcomment` kinds, looking their hosts up in the registry. */
export const commentKinds = (kindOf: KindOf): ContentKind[] => [
  commentKind('comment', kindOf),
  commentKind('subcomment', kindOf),
];

/** Deleting an object that takes comments deletes its comments, cleaned as content too. */
export const cleanComments: ContentCleaner = async (tx, { kind, ids }, registry) => {
  if (kind.comments) await deleteCommentsOn(tx, registry, kind.model, ids);
};
