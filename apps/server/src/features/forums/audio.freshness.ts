import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { discussionAudio, discussions, type DiscussionRow } from './forums.tables';

/** What synthesised speech was made from: a change to the title or text makes it stale. */
export function contentHashOf({ title, content }: Pick<DiscussionRow, 'title' | 'content'>) {
  return createHash('sha256')
    .update(JSON.stringify([title, content]))
    .digest('hex');
}

/**
 * Sets `discussions.hasAudio` from the audio row: true while a recording, or speech made from
 * the current title and text, is ready. Run it in the transaction that changed either.
 */
export async function syncHasAudio(tx: Database, discussionId: number): Promise<void> {
  const [post] = await tx
    .select({ title: discussions.title, content: discussions.content })
    .from(discussions)
    .where(eq(discussions.id, discussionId));
  if (!post) return;
  const [audio] = await tx
    .select()
    .from(discussionAudio)
    .where(eq(discussionAudio.discussionId, discussionId));
  const hasAudio =
    audio?.status === 'ready' &&
    (audio.source === 'recorded' || audio.contentHash === contentHashOf(post));
  await tx.update(discussions).set({ hasAudio }).where(eq(discussions.id, discussionId));
}

/** The storage key of a discussion's audio, to remove its bytes once the discussion is gone. */
export async function audioStorageKey(tx: Database, discussionId: number): Promise<string | null> {
  const [audio] = await tx
    .select({ storageKey: discussionAudio.storageKey })
    .from(discussionAudio)
    .where(eq(discussionAudio.discussionId, discussionId));
  return audio?.storageKey ?? null;
}
