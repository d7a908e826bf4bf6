import type { PageQuery } from '@agora/shared';
import { and, eq, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PreparableSelect } from '../../platform/db';
import {
  fetchLimit,
  integerKey,
  keyset,
  pageSize,
  timestampKey,
  type Page,
} from '../../platform/pagination';
import { comments } from '../comments';
import { bookmarks, likes, markedBy } from '../reactions';
import { findUserIdByUsername } from '../users';
import {
  loadPublishedInOrder,
  readPrepared,
  selectDiscussions,
  toDiscussionView,
  type DiscussionPageRow,
  type DiscussionView,
} from './discussions.loader';
import type { Viewer } from '../../platform/auth';
import type { ForumsContext } from './forums.context';
import { discussions, discussionTags, isPublished, tags } from './forums.tables';
import { searchQuery } from '../../platform/content';
import { discussionMatches, documentQuery } from './search.service';
import { listTrending } from './trending.service';

/**
 * Newest first; `top` puts the most liked first. Both end in the unique id. A like between two
 * pages of `top` can move a discussion across the cursor (shown twice or not at all): that is
 * the nature of a live ranking; `latest` never repeats or skips.
 */
const latest = keyset({
  createdAt: timestampKey(discussions.createdAt),
  id: integerKey(discussions.id),
});
const top = keyset({
  likesCount: integerKey(discussions.likesCount),
  createdAt: timestampKey(discussions.createdAt),
  id: integerKey(discussions.id),
});

/**
 * `latest` within a tag: the copies of the discussion's sort key kept in its tag entries, so
 * the tag's index gives them in order. Its cursors are the same as `latest`'s.
 */
const tagged = alias(discussionTags, 'tagged');
const newestTagged = keyset({
  createdAt: timestampKey(tagged.createdAt),
  id: integerKey(tagged.discussionId),
});

/** `latest` among the discussions a search looks at, in the subqueries of `newestMatchIds`. */
const candidate = alias(discussions, 'candidate');
const newestCandidate = keyset({
  createdAt: timestampKey(candidate.createdAt),
  id: integerKey(candidate.id),
});

/** How many of the newest discussions a search walks for matches before using its index. */
const MATCH_WINDOW = 1_000;

export interface DiscussionFilter extends PageQuery {
  tag?: string;
  /** A username. */
  author?: string;
  /** Full-text search of the title and text. */
  q?: string;
  ordering: 'latest' | 'top' | 'trending';
}

/** The public feed: published discussions, optionally of one tag or one author, or matching `q`. */
export async function listDiscussions(
  ctx: ForumsContext,
  viewer: Viewer | null,
  filter: DiscussionFilter,
): Promise<Page<DiscussionView>> {
  if (filter.ordering === 'latest' && !filter.author) {
    if (filter.tag && !filter.q) return newestOfTag(ctx, viewer, filter.tag, filter);
    if (filter.q && !filter.tag) return newestMatching(ctx, viewer, filter.q, filter);
  }
  const conditions: (SQL | undefined)[] = [isPublished];
  if (filter.tag) {
    // The tag's id goes into the page query, not its name: PostgreSQL's statistics then tell it
    // how many discussions this tag has, which decides between walking the newest discussions
    // (a common tag) and fetching the tag's few (a rare one, which the walk would not find soon).
    const [tag] = await ctx.db.select({ id: tags.id }).from(tags).where(eq(tags.name, filter.tag));
    if (!tag) return { rows: [], next: null };
    conditions.push(
      inArray(
        discussions.id,
        ctx.db
          .select({ id: discussionTags.discussionId })
          .from(discussionTags)
          .where(eq(discussionTags.tagId, tag.id)),
      ),
    );
  }
  if (filter.author) {
    const authorId = await findUserIdByUsername(ctx.db, filter.author);
    if (authorId === undefined) return { rows: [], next: null };
    conditions.push(eq(discussions.authorId, authorId));
  }
  if (filter.q) conditions.push(discussionMatches(filter.q));
  if (filter.ordering === 'trending') return listTrending(ctx, viewer, and(...conditions), filter);
  const order = filter.ordering === 'top' ? top : latest;
  if (conditions.length === 1 && filter.cursor === undefined) {
    return firstFeedPage(ctx, viewer, filter.ordering, order, filter.limit);
  }
  // How many discussions a tag or a word matches varies too much for one reusable plan.
  const selective = Boolean(filter.tag || filter.q);
  return discussionPage(ctx, viewer, order, and(...conditions), filter, selective);
}

/**
 * Published discussions whose ids the subquery selects (the viewer's likes, bookmarks,
 * comments): as many as the member made, so each call is planned for the member.
 */
const publishedAmong = (ids: SQLWrapper) => and(isPublished, inArray(discussions.id, ids));

/** The viewer's own discussions, drafts included. */
export const listPostedBy = (ctx: ForumsContext, viewer: Viewer, page: PageQuery) =>
  discussionPage(
    ctx,
    viewer,
    latest,
    and(eq(discussions.authorId, viewer.id), or(isPublished, eq(discussions.status, 'draft'))),
    page,
    false,
  );

/** Published discussions the viewer bookmarked. */
export const listBookmarkedBy = (ctx: ForumsContext, viewer: Viewer, page: PageQuery) =>
  discussionPage(
    ctx,
    viewer,
    latest,
    publishedAmong(markedBy(ctx.db, bookmarks, viewer.id, 'forum')),
    page,
    true,
  );

/** Published discussions the viewer liked. */
export const listLikedBy = (ctx: ForumsContext, viewer: Viewer, page: PageQuery) =>
  discussionPage(
    ctx,
    viewer,
    latest,
    publishedAmong(markedBy(ctx.db, likes, viewer.id, 'forum')),
    page,
    true,
  );

/** Published discussions the viewer commented on or replied in. */
export const listCommentedBy = (ctx: ForumsContext, viewer: Viewer, page: PageQuery) =>
  discussionPage(
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
            eq(comments.model, 'forum'),
            isNull(comments.deletedAt),
          ),
        ),
    ),
    page,
    true,
  );

/** The feed's first page, which most requests ask for: a statement built once per size. */
async function firstFeedPage(
  ctx: ForumsContext,
  viewer: Viewer | null,
  ordering: 'latest' | 'top',
  order: typeof latest | typeof top,
  limit: number | undefined,
): Promise<Page<DiscussionView>> {
  const rows = await readPrepared(ctx, viewer, `feed_${ordering}_${pageSize(limit)}`, (select) =>
    select
      .where(isPublished)
      .orderBy(...order.orderBy)
      .limit(fetchLimit(limit)),
  );
  const { rows: pageRows, next } = order.page(rows, limit, ({ row }) => row);
  return { rows: pageRows.map((item) => toDiscussionView(ctx, item)), next };
}

/**
 * A tag's newest discussions, read in order from its entries in `discussion_tags_newest_idx`
 * and stopping after a page: one plan serves a tag on every discussion and a tag on a single
 * old one, so the first page is prepared once. The tag's id comes from a scalar subquery,
 * which PostgreSQL runs first and then scans the index for, in the index's order.
 */
async function newestOfTag(
  ctx: ForumsContext,
  viewer: Viewer | null,
  tag: string,
  page: PageQuery,
): Promise<Page<DiscussionView>> {
  return newestPage(ctx, viewer, 'tag_newest', tag, page, (select, name) =>
    select
      .innerJoin(tagged, eq(tagged.discussionId, discussions.id))
      .where(
        and(
          sql`${tagged.tagId} = (select ${tags.id} from ${tags} where ${tags.name} = ${name})`,
          isPublished,
          newestTagged.afterCursor(page.cursor),
        ),
      )
      .orderBy(...newestTagged.orderBy)
      .limit(fetchLimit(page.limit)),
  );
}

/**
 * The newest published discussions matching `q`, in one statement with one plan for a word in
 * every discussion and a word in one old discussion, so the first page is prepared once.
 */
const newestMatching = (
  ctx: ForumsContext,
  viewer: Viewer | null,
  q: string,
  page: PageQuery,
): Promise<Page<DiscussionView>> =>
  newestPage(ctx, viewer, 'search_newest', q, page, (select, text) =>
    select
      .where(and(sql`${discussions.id} in (${newestMatchIds(text, page)})`, isPublished))
      .orderBy(...latest.orderBy)
      .limit(fetchLimit(page.limit)),
  );

type DiscussionSelect = ReturnType<typeof selectDiscussions>;
type PageStatement = PromiseLike<DiscussionPageRow[]> & PreparableSelect<DiscussionPageRow>;

/**
 * A page of a list in `latest` order that `statement` selects for one text (a tag, a search).
 * The first page, which most requests ask for, is prepared once per page size under `name`
 * with the text as a placeholder; a page after a cursor is built for its cursor. Every list
 * here ends its rows in the discussion's `latest` key, so `latest` makes their cursors.
 */
async function newestPage(
  ctx: ForumsContext,
  viewer: Viewer | null,
  name: string,
  text: string,
  page: PageQuery,
  statement: (select: DiscussionSelect, text: SQLWrapper | string) => PageStatement,
): Promise<Page<DiscussionView>> {
  const rows =
    page.cursor === undefined
      ? await readPrepared(
          ctx,
          viewer,
          `${name}_${pageSize(page.limit)}`,
          (select) => statement(select, sql.placeholder('text')),
          { text },
        )
      : await statement(selectDiscussions(ctx, viewer), text);
  const { rows: pageRows, next } = latest.page(rows, page.limit, ({ row }) => row);
  return { rows: pageRows.map((item) => toDiscussionView(ctx, item)), next };
}

/**
 * The ids of the page's newest published discussions matching `q` in their title, text or
 * tags, after the page's cursor.
 *
 * A word in most discussions is found soonest by walking the newest discussions and testing
 * each; a rare word by its entries in the search index, then sorting them. Which one suits
 * depends on the word, which a plan prepared once for every word cannot know. So the statement
 * first walks at most MATCH_WINDOW of the newest discussions, and only when that did not fill
 * the page does it read the index (`offset 0` keeps the planner from turning that read back
 * into a walk in date order). PostgreSQL skips the branch whose gate is false.
 */
function newestMatchIds(q: SQLWrapper | string, page: PageQuery): SQL {
  const fetch = sql.raw(String(pageSize(page.limit) + 1));
  const matchedBy = documentQuery(searchQuery(q));
  const published = and(
    sql`${candidate.status} = 'published'`,
    newestCandidate.afterCursor(page.cursor),
  );
  return sql`with walked as (
    select recent.id from (
      select ${candidate.id}, ${candidate.searchVector} from ${discussions} ${candidate}
      where ${published}
      order by ${sql.join(newestCandidate.orderBy, sql`, `)}
      limit ${sql.raw(String(MATCH_WINDOW))}
    ) recent
    where recent.search_vector @@ ${matchedBy}
    limit ${fetch}
  )
  select id from walked where (select count(*) from walked) = ${fetch}
  union all
  (select indexed.id from (
      select ${candidate.id}, ${candidate.createdAt} from ${discussions} ${candidate}
      where ${published} and ${candidate.searchVector} @@ ${matchedBy}
      offset 0
    ) indexed
    where (select count(*) from walked) < ${fetch}
    order by indexed.created_at desc, indexed.id desc
    limit ${fetch})`;
}

/**
 * One page of the discussions matching `where`, in `order`, with their related data.
 *
 * `selective`: how many rows `where` keeps depends on its values (a word, a tag, a member's
 * likes). A plan reused for every value would walk the whole sort index when few rows match, so
 * the page's ids come from a small statement planned for its values, and the rows from the
 * statement prepared once for any ids.
 */
async function discussionPage(
  ctx: ForumsContext,
  viewer: Viewer | null,
  order: typeof latest | typeof top,
  where: SQL | undefined,
  page: PageQuery,
  selective: boolean,
): Promise<Page<DiscussionView>> {
  const conditions = and(where, order.afterCursor(page.cursor));
  if (selective) {
    const keys = await ctx.db
      .select({
        id: discussions.id,
        createdAt: discussions.createdAt,
        likesCount: discussions.likesCount,
      })
      .from(discussions)
      .where(conditions)
      .orderBy(...order.orderBy)
      // A parameter, unlike `fetchLimit`: a plan made for one word or tag is not reused.
      .limit(pageSize(page.limit) + 1);
    const { rows, next } = order.page(keys, page.limit, (key) => key);
    const ids = rows.map((key) => key.id);
    return { rows: await loadPublishedInOrder(ctx, viewer, ids), next };
  }
  const rows = await selectDiscussions(ctx, viewer)
    .where(conditions)
    .orderBy(...order.orderBy)
    .limit(fetchLimit(page.limit));
  // Every part of either sort key is a column of the discussion row itself.
  const { rows: pageRows, next } = order.page(rows, page.limit, ({ row }) => row);
  return { rows: pageRows.map((item) => toDiscussionView(ctx, item)), next };
}
