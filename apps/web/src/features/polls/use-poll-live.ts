import { useStore } from 'react-redux';
import type { LiveUpdateEvent } from '@agora/shared';
import { useLiveUpdates } from '../../lib/live';
import type { ContentCacheLifecycle } from '../content';
import { applyPollPatch } from './polls-api';

/**
 * Puts a live-socket update of a poll into every cached copy: its voters count and, when the
 * server sent them (the viewer may see them), the tallies; likes and comments counts too.
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

/**
 * Keeps poll `id` current while it is on screen (its page or a card in a list): others' votes
 * move its tallies and voters count in the cache, without a reload. Null watches nothing.
 */
export function usePollLive(id: number | null): void {
  const store = useStore<ReturnType<ContentCacheLifecycle['getState']>>();
  useLiveUpdates(id === null ? null : { model: 'poll', id }, (event) =>
    applyLivePollUpdate({ dispatch: store.dispatch, getState: store.getState }, event),
  );
}
