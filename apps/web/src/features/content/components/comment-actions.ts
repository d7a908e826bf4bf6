import type { ContentComment } from '@agora/shared';
import type { PagedQuery } from '../../../components/load-more-list';

/** What every comment or reply shows, whichever kind of content it is on. */
export type ThreadComment = Omit<ContentComment, 'model' | 'objectId'>;

/**
 * The calls a comment thread makes. Discussions make them through their SPEC paths
 * (`forums-comment/`…), other kinds through `comments/`; the item and its replies are the same.
 * Each member is a hook: pass a module-level object, so every render calls them in one order.
 */
export interface CommentActions<C extends ThreadComment> {
  useLike(): (comment: C) => Promise<unknown>;
  useUpdate(): (comment: C, content: string) => Promise<unknown>;
  useReply(): (comment: C, content: string) => Promise<unknown>;
  /** The delete call and whether one is in flight. */
  useRemove(): readonly [(comment: C) => Promise<unknown>, boolean];
  /** A comment's replies, a page at a time. */
  useReplies(comment: C): { query: PagedQuery; replies: C[] };
}
