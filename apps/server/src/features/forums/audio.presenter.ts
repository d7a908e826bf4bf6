import type { DiscussionAudio } from '@agora/shared';
import { SPEECH_TIMEOUT_MS } from '../../platform/speech';
import type { Storage } from '../../platform/storage';
import type { DiscussionAudioRow } from './forums.tables';

/**
 * A job pending for this long is taken as lost: the process running it stopped without
 * recording the outcome. Jobs wait their turn in the speech queue, so this is a few times
 * the longest a single job may run.
 */
export const PENDING_AUDIO_LOST_MS = 3 * SPEECH_TIMEOUT_MS;

const NO_AUDIO: DiscussionAudio = {
  status: 'none',
  audioUrl: null,
  durationSeconds: null,
  source: null,
};

/**
 * The audio row as the API shows it. Speech made from an older title or text counts as none:
 * `contentHash` is the hash of the discussion as it is now. A recording never goes stale.
 */
export function presentAudio(
  row: DiscussionAudioRow | undefined,
  contentHash: string,
  { storage, now }: { storage: Storage; now: () => Date },
): DiscussionAudio {
  if (!row) return NO_AUDIO;
  if (row.source === 'synthesised' && row.contentHash !== contentHash) return NO_AUDIO;
  const lost =
    row.status === 'pending' && now().getTime() - row.updatedAt.getTime() > PENDING_AUDIO_LOST_MS;
  const status = lost ? 'failed' : row.status;
  const audioUrl = status === 'ready' && row.storageKey ? storage.url(row.storageKey) : null;
  return {
    status,
    audioUrl,
    durationSeconds: audioUrl ? row.durationSeconds : null,
    source: row.source,
  };
}
