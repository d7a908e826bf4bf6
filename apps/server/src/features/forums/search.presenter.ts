import type { CommentHit, DiscussionHit, SnippetPart } from '@agora/shared';
import type { CommentMatch, DiscussionMatch } from './search.service';

/** Private Use Area characters: they never mean anything in a member's text. */
export const HIGHLIGHT_START = '\uE000';
export const HIGHLIGHT_STOP = '\uE001';

const HIGHLIGHTED = new RegExp(`${HIGHLIGHT_START}([^${HIGHLIGHT_STOP}]*)${HIGHLIGHT_STOP}`, 'g');

/**
 * A `ts_headline` result as plain-text parts, the marked words `highlighted`. Whitespace runs
 * (line breaks of the Markdown) become single spaces, and the space a removed tag or emphasis
 * mark left before punctuation goes.
 */
export function snippetParts(headline: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const push = (text: string, highlighted: boolean) => {
    const clean = text.replace(/\s+/g, ' ').replace(/ ([.,;:!?])/g, '$1');
    if (clean !== '') parts.push({ text: clean, highlighted });
  };
  const text = headline.trim();
  let end = 0;
  for (const match of text.matchAll(HIGHLIGHTED)) {
    push(text.slice(end, match.index), false);
    push(match[1] ?? '', true);
    end = match.index + match[0].length;
  }
  push(text.slice(end), false);
  return parts;
}

export function presentDiscussionHit(match: DiscussionMatch): DiscussionHit {
  return {
    id: match.id,
    title: match.title,
    tags: match.tags,
    author: match.author,
    createdAt: match.createdAt.toISOString(),
    likesCount: match.likesCount,
    commentsCount: match.commentsCount,
    snippet: snippetParts(match.headline),
  };
}

export function presentCommentHit(match: CommentMatch): CommentHit {
  return {
    id: match.id,
    forum: match.discussionId,
    forumTitle: match.discussionTitle,
    parent: match.parentId,
    author: match.author,
    createdAt: match.createdAt.toISOString(),
    snippet: snippetParts(match.headline),
  };
}
