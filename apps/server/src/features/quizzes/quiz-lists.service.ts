import type { PageQuery } from '@agora/shared';
import { and, eq, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth';
import { searchQuery, type ContentContext } from '../../platform/content';
import { fetchLimit, integerKey, keyset, timestampKey, type Page } from '../../platform/pagination';
import { comments } from '../comments';
import { bookmarks, likes, markedBy } from '../reactions';
import { findUserIdByUsername } from '../users';
import { listTrendingQuizzes } from './quiz-trending.service';
import { isPublished } from './quizzes.disclosure';
import { loadQuizzes, type QuizView } from './quizzes.loader';
import { quizzes } from './quizzes.tables';

/**
 * Newest first (`quizzes_latest_idx`); `top` puts the most up-voted first (`quizzes_top_idx`).
 * Both end in the unique id. A vote between two pages of `top` can move a quiz across the
 * cursor: that is the nature of a live ranking; `latest` never repeats or skips.
 */
const latest = keyset({
  createdAt: timestampKey(quizzes.createdAt),
  id: integerKey(quizzes.id),
});
const top = keyset({
  votesCount: integerKey(quizzes.votesCount),
  createdAt: timestampKey(quizzes.createdAt),
  id: integerKey(quizzes.id),
});

export interface QuizFilter extends PageQuery {
  tag?: string;
  /** A username. */
  author?: string;
  /** Full-text search of the question (never the explanation or answers). */
  q?: string;
  ordering: 'latest' | 'top' | 'trending';
}

/** Tags are stored lower-cased and sorted in `tag_names`, whose GIN index serves `@>`. */
const quizTagged = (tag: string): SQL => sql`${quizzes.tagNames} @> array[${tag}]::text[]`;

/** The public list: published quizzes, optionally of one tag or author, or matching `q`. */
export async function listQuizzes(
  ctx: ContentContext,
  viewer: Viewer | null,
  filter: QuizFilter,
): Promise<Page<QuizView>> {
  const conditions: (SQL | undefined)[] = [isPublished];
  if (filter.tag) conditions.push(quizTagged(filter.tag));
  if (filter.author) {
    const authorId = await findUserIdByUsername(ctx.db, filter.author);
    if (authorId === undefined) return { rows: [], next: null };
    conditions.push(eq(quizzes.authorId, authorId));
  }
  if (filter.q) conditions.push(sql`${quizzes.searchVector} @@ ${searchQuery(filter.q)}`);
  if (filter.ordering === 'trending') {
    // Most trending requests are the feed or one tag's: those rankings are shared and held.
    const shared = filter.author || filter.q ? null : filter.tag ? `tag:${filter.tag}` : '';
    return listTrendingQuizzes(ctx, viewer, { where: and(...conditions), shared }, filter);
  }
  return quizPage(
    ctx,
    viewer,
    filter.ordering === 'top' ? top : latest,
    and(...conditions),
    filter,
  );
}

/** `trending_quizs/`: the trending quizzes, optionally of one tag (a ranking held per tag). */
export const listTrending = (
  ctx: ContentContext,
  viewer: Viewer | null,
  query: PageQuery & { tag?: string },
) =>
  listTrendingQuizzes(
    ctx,
    viewer,
    query.tag
      ? { where: quizTagged(query.tag), shared: `tag:${query.tag}` }
      : { where: undefined, shared: '' },
    query,
  );

/** Published quizzes among the ids the subquery selects (the viewer's likes, bookmarks…). */
const publishedAmong = (ids: SQLWrapper) => and(isPublished, inArray(quizzes.id, ids));

/** The viewer's own quizzes, drafts included. */
export const listPostedBy = (ctx: ContentContext, viewer: Viewer, page: PageQuery) =>
  quizPage(
    ctx,
    viewer,
    latest,
    and(eq(quizzes.authorId, viewer.id), or(isPublished, eq(quizzes.status, 'draft'))),
    page,
    false,
  );

/** Published quizzes the viewer bookmarked. */
export const listBookmarkedBy = (ctx: ContentContext, viewer: Viewer, page: PageQuery) =>
  quizPage(
    ctx,
    viewer,
    latest,
    publishedAmong(markedBy(ctx.db, bookmarks, viewer.id, 'quiz')),
    page,
  );

/** Published quizzes the viewer liked. */
export const listLikedBy = (ctx: ContentContext, viewer: Viewer, page: PageQuery) =>
  quizPage(ctx, viewer, latest, publishedAmong(markedBy(ctx.db, likes, viewer.id, 'quiz')), page);

/** Published quizzes the viewer commented on or replied in. */
export const listCommentedBy = (ctx: ContentContext, viewer: Viewer, page: PageQuery) =>
  quizPage(
    ctx,
    viewer,
    latest,
    publishedAmong(
      ctx.db
        .select({ id: comments.objectId })
        .from(comments)
        .where(
          and(
            eq(comments.authorId, viewer.id),
            eq(comments.model, 'quiz'),
            isNull(comments.deletedAt),
          ),
        ),
    ),
    page,
  );

/**
 * One page of the quizzes matching `where`, in `order`: the page's keys from a small statement
 * over the indexes, then the quizzes themselves from the statement prepared once for any ids.
 * `publishedOnly` drops a quiz that stopped being published in between (not the author's own
 * drafts list).
 */
async function quizPage(
  ctx: ContentContext,
  viewer: Viewer | null,
  order: typeof latest | typeof top,
  where: SQL | undefined,
  page: PageQuery,
  publishedOnly = true,
): Promise<Page<QuizView>> {
  const keys = await ctx.db
    .select({ id: quizzes.id, createdAt: quizzes.createdAt, votesCount: quizzes.votesCount })
    .from(quizzes)
    .where(and(where, order.afterCursor(page.cursor)))
    .orderBy(...order.orderBy)
    .limit(fetchLimit(page.limit));
  const { rows, next } = order.page(keys, page.limit, (key) => key);
  const ids = rows.map((key) => key.id);
  return { rows: await loadQuizzes(ctx, viewer, ids, publishedOnly), next };
}
