import type { Viewer } from '../platform/auth';
import type { Database } from '../platform/db';
import { comments } from '../features/comments';
import type { bookmarks } from '../features/reactions';
import { likes } from '../features/reactions';
import type { DemoComment } from './demo-discussions';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Likes, bookmarks and comments of the demo's polls and quizzes, written to the kernel's tables
 * as the kernel stores them: `(model, object_id)` marks, replies liked under the model
 * `comment`, each comment's likes_count and replies_count set from what is written here. The
 * caller stores the object's own likes and comments counts from the numbers returned.
 */
export class DemoReactions {
  constructor(
    private readonly db: Database,
    private readonly members: Map<string, Viewer>,
    private readonly now: Date,
  ) {}

  member(username: string): number {
    const viewer = this.members.get(username);
    if (!viewer) throw new Error(`no demo member ${username}`);
    return viewer.id;
  }

  /** `hours` after `base`, never past the real now. */
  at(base: Date, hours: number): Date {
    return new Date(Math.min(base.getTime() + hours * HOUR_MS, this.now.getTime()));
  }

  /** Marks by these members, an hour apart from `after` on. Returns how many. */
  async mark(
    table: typeof likes | typeof bookmarks,
    model: string,
    objectId: number,
    usernames: string[],
    after: Date,
  ): Promise<number> {
    if (usernames.length === 0) return 0;
    await this.db.insert(table).values(
      usernames.map((username, index) => ({
        userId: this.member(username),
        model,
        objectId,
        createdAt: this.at(after, index + 1),
      })),
    );
    return usernames.length;
  }

  /** The comments and their replies, from `posted` on. Returns how many were written. */
  async comment(
    model: string,
    objectId: number,
    thread: DemoComment[],
    posted: Date,
  ): Promise<number> {
    let written = 0;
    for (const [index, comment] of thread.entries()) {
      const made = await this.write(model, objectId, null, comment, this.at(posted, 1 + index));
      written += 1;
      for (const [replyIndex, reply] of (comment.replies ?? []).entries()) {
        const at = this.at(posted, 1.5 + index + replyIndex * 0.2);
        await this.write(model, objectId, made, reply, at);
        written += 1;
      }
    }
    return written;
  }

  private async write(
    model: string,
    objectId: number,
    parentId: number | null,
    comment: DemoComment,
    at: Date,
  ): Promise<number> {
    const likers = comment.likedBy ?? [];
    const [row] = await this.db
      .insert(comments)
      .values({
        model,
        objectId,
        parentId,
        authorId: this.member(comment.by),
        content: comment.content,
        likesCount: likers.length,
        repliesCount: comment.replies?.length ?? 0,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: comments.id });
    if (!row) throw new Error('insert returned no row');
    await this.mark(likes, 'comment', row.id, likers, at);
    return row.id;
  }
}
