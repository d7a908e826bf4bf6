import type { LiveUpdateEvent } from '@agora/shared';
import type { ContentCacheLifecycle } from '../content';
import { applyPollPatch } from './polls-api';

/**
 * Puts a live-socket update of a poll into every cached copy: its voters count and, when the
 * server sent them (the viewer may see them), the tallies. Other counters the event carries
 * (likes, comments) are copied too when the poll has them.
 */
export function applyLivePollUpdate(lifecycle: ContentCacheLifecycle, event: LiveUpdateEvent) {
  if (event.model !== 'poll') return;
  applyPollPatch(lifecycle, event.id, (poll) => {
    const { votersCount, likesCount, commentsCount } = event.counts;
    if (votersCount !== undefined) poll.votersCount = votersCount;
    if (likesCount !== undefined) poll.likesCount = likesCount;
    if (commentsCount !== undefined) poll.commentsCount = commentsCount;
    if (event.tallies) poll.tallies = event.tallies;
  });
}
