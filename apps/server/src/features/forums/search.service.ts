import { SEARCH_RESULTS_MAX, type Author } from '@agora/shared';
import {
  and,
  desc,
  eq,
  isNotNull,
  isNull,
  notExists,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { comments } from '../comments';
import { findAuthors } from '../users';
import type { ForumsContext } from './forums.context';
import { discussions, isPublished } from './forums.tables';
import { HIGHLIGHT_START, HIGHLIGHT_STOP } from './search.presenter';

/**
 * Full-text search over the generated `search_vector` columns (GIN indexes
 * `discussions_search_idx` and `comments_search_idx`). The search text is read as a web search
 * (`"a phrase"`, `or`, `-excluded`) by `websearch_to_tsquery`, which never fails on odd input.
 */

/** How many of the newest matches are ranked: a common word costs the same at any size. */
const SEARCH_CANDIDATES = 1_000;

/** `q` as a search query: a string, or a placeholder in a prepared statement. */
export const searchQuery = (q: SQLWrapper | string) => sql`websearch_to_tsquery('english', ${q})`;

/** The discussion's title or text matches `q`: a condition for the discussion lists. */
export const discussionMatches = (q: string): SQL =>
  sql`${discussions.searchVector} @@ ${searchQuery(q)}`;

/**
 * Highlight markers from the Private Use Area, removed from the text first: the snippet is
 * split on them into plain-text parts, so no member's markup ever reaches the page as HTML.
 */
const MARKED = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_STOP}`;
const MARKERS = `${HIGHLIGHT_START}${HIGHLIGHT_STOP}`;
/** A text this short is shown whole; a longer one as up to two passages around the matches. */
const WHOLE_TEXT_MAX_LENGTH = 280;
const WHOLE_TEXT = `${MARKED}, HighlightAll=true`;
const PASSAGES = `${MARKED}, MaxFragments=2, MaxWords=24, MinWords=8, FragmentDelimiter=" … "`;
/** HTML tags, Markdown link targets, then emphasis, heading, quote and table punctuation. */
const HTML_TAG = '<[^>]*>';
const LINK_TARGET = '\\]\\([^)]*\\)';
const MARKDOWN_PUNCTUATION = '[*_~`#>|\\[\\]]+';

/** Passages of `text` around the words matching `q`, with the markers around those words. */
function headline(text: AnyPgColumn, q: string): SQL<string> {
  let plain = sql`translate(${text}, ${MARKERS}, '')`;
  for (const pattern of [HTML_TAG, LINK_TARGET, MARKDOWN_PUNCTUATION]) {
    plain = sql`regexp_replace(${plain}, ${pattern}, ' ', 'g')`;
  }
  const options = sql`case when char_length(${text}) <= ${WHOLE_TEXT_MAX_LENGTH} then ${WHOLE_TEXT} else ${PASSAGES} end`;
  return sql<string>`ts_headline('english', ${plain}, ${searchQuery(q)}, ${options})`;
}

export interface DiscussionMatch {
  id: number;
  title: string;
  tags: string[];
  author: Author;
  createdAt: Date;
  likesCount: number;
  commentsCount: number;
  headline: string;
}

export interface CommentMatch {
  id: number;
  discussionId: number;
  discussionTitle: string;
  parentId: number | null;
  author: Author;
  createdAt: Date;
  headline: string;
}

const NO_AUTHOR = (id: number): Author => ({ id, username: '', avatar: null });

/**
 * Published discussions and their visible comments matching `q`, best match first
 * (`ts_rank_cd`), at most SEARCH_RESULTS_MAX of each. Three queries: the two rankings, then
 * the authors of both groups.
 */
export async function searchContent(
  ctx: ForumsContext,
  q: string,
): Promise<{ discussions: DiscussionMatch[]; comments: CommentMatch[] }> {
  const [discussionRows, commentRows] = await Promise.all([
    rankDiscussions(ctx, q),
    rankComments(ctx, q),
  ]);
  const authors = await findAuthors(ctx.db, ctx.storage, [
    ...discussionRows.map((row) => row.authorId),
    ...commentRows.map((row) => row.authorId),
  ]);
  return {
    discussions: discussionRows.map(({ authorId, ...row }) => ({
      ...row,
      author: authors.get(authorId) ?? NO_AUTHOR(authorId),
    })),
    comments: commentRows.map(({ authorId, ...row }) => ({
      ...row,
      author: authors.get(authorId) ?? NO_AUTHOR(authorId),
    })),
  };
}

async function rankDiscussions(ctx: ForumsContext, q: string) {
  // The newest matches, each ranked from the row the scan already fetched.
  const candidates = ctx.db
    .select({
      id: discussions.id,
      rank: sql<number>`ts_rank_cd(${discussions.searchVector}, ${searchQuery(q)})`.as('rank'),
    })
    .from(discussions)
    .where(and(isPublished, discussionMatches(q)))
    .orderBy(desc(discussions.createdAt), desc(discussions.id))
    .limit(SEARCH_CANDIDATES)
    .as('candidates');
  // Cut to one page first, so only the page's snippets are built.
  const top = ctx.db
    .select({ id: candidates.id, rank: candidates.rank })
    .from(candidates)
    .orderBy(desc(candidates.rank), desc(candidates.id))
    .limit(SEARCH_RESULTS_MAX)
    .as('top');
  return ctx.db
    .select({
      id: discussions.id,
      title: discussions.title,
      tags: discussions.tagNames,
      authorId: discussions.authorId,
      createdAt: discussions.createdAt,
      likesCount: discussions.likesCount,
      commentsCount: discussions.commentsCount,
      headline: headline(discussions.content, q),
    })
    .from(top)
    .innerJoin(discussions, eq(discussions.id, top.id))
    .orderBy(desc(top.rank), desc(top.id));
}

/** A comment on the discussion it joins. */
const onDiscussion = and(eq(comments.model, 'forum'), eq(discussions.id, comments.objectId));

/** Comments of published discussions, neither deleted nor hidden, nor replies to a hidden one. */
async function rankComments(ctx: ForumsContext, q: string) {
  const parent = alias(comments, 'parent');
  const candidates = ctx.db
    .select({
      id: comments.id,
      rank: sql<number>`ts_rank_cd(${comments.searchVector}, ${searchQuery(q)})`.as('rank'),
    })
    .from(comments)
    .innerJoin(discussions, and(onDiscussion, isPublished))
    .where(
      and(
        sql`${comments.searchVector} @@ ${searchQuery(q)}`,
        isNull(comments.deletedAt),
        isNull(comments.hiddenAt),
        notExists(
          ctx.db
            .select({ id: parent.id })
            .from(parent)
            .where(and(eq(parent.id, comments.parentId), isNotNull(parent.hiddenAt))),
        ),
      ),
    )
    .orderBy(desc(comments.id))
    .limit(SEARCH_CANDIDATES)
    .as('candidates');
  const top = ctx.db
    .select({ id: candidates.id, rank: candidates.rank })
    .from(candidates)
    .orderBy(desc(candidates.rank), desc(candidates.id))
    .limit(SEARCH_RESULTS_MAX)
    .as('top');
  return ctx.db
    .select({
      id: comments.id,
      discussionId: comments.objectId,
      discussionTitle: discussions.title,
      parentId: comments.parentId,
      authorId: comments.authorId,
      createdAt: comments.createdAt,
      headline: headline(comments.content, q),
    })
    .from(top)
    .innerJoin(comments, eq(comments.id, top.id))
    .innerJoin(discussions, onDiscussion)
    .orderBy(desc(top.rank), desc(top.id));
}
