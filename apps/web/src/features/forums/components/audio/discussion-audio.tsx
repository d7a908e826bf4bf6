import { useEffect, useRef } from 'react';
import type { Discussion, DiscussionAudio as AudioState } from '@agora/shared';
import { useAppDispatch, useAppSelector } from '../../../../lib/hooks';
import { decodeToken } from '../../../../lib/token';
import { useToast } from '../../../../lib/toasts/use-toast';
import { PlainIcon } from '../../../../components/plain-icon';
import { PlainLinearProgress } from '../../../../components/plain/linear-progress';
import { PlainSkeleton } from '../../../../components/plain/skeleton';
import alert from '../../../../components/plain/alert.module.css';
import paper from '../../../../components/plain/paper.module.css';
import { selectAuthToken } from '../../../auth';
import { selectProfile } from '../../../users';
import { audioApi, useGetDiscussionAudioQuery } from '../../audio-api';
import { AudioAuthorTools } from './audio-author-tools';
import { AudioPlayer } from './audio-player';
import { clock } from './clock';
import { useMediaRecorder } from './use-media-recorder';
import styles from './discussion-audio.module.css';

/** How often a pending audio version is asked after. */
export const AUDIO_POLL_MS = 1500;

function summaryOf(audio: AudioState, isAuthor: boolean): string {
  if (audio.status === 'pending') return 'Preparing audio…';
  if (audio.status === 'failed') return 'Not available yet.';
  if (audio.status === 'ready') {
    const length = audio.durationSeconds ? ` · ${clock(audio.durationSeconds * 1000)}` : '';
    return audio.source === 'recorded'
      ? `Recorded by the author${length}`
      : `Read aloud by a synthesised voice${length}`;
  }
  return isAuthor
    ? 'Let members listen: generate it from the text, record it or upload a file.'
    : 'No audio version yet.';
}

/**
 * The audio version of a discussion: "Listen" for everyone once it is ready, progress while it
 * is prepared, and for the author the ways to make it (generate from the text, record, upload).
 * Shows nothing to other members while there is no audio. Plain elements (it is on the
 * discussion's first screen); the recorder and the player's speed menu are MUI islands.
 */
export function DiscussionAudio({ discussion }: { discussion: Discussion }) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  // The token names the viewer before their profile arrives, so the author's tools are there
  // from the first frame rather than pushing the discussion down later.
  const viewerId = useAppSelector(
    (state) =>
      selectProfile(state)?.id ?? (Number(decodeToken(selectAuthToken(state)).sub) || null),
  );
  const isAuthor = viewerId === discussion.author.id;
  const canChange =
    isAuthor && (discussion.status === 'draft' || discussion.status === 'published');

  const { data: known } = audioApi.endpoints.getDiscussionAudio.useQueryState(discussion.id);
  const { data: audio } = useGetDiscussionAudioQuery(discussion.id, {
    pollingInterval: known?.status === 'pending' ? AUDIO_POLL_MS : 0,
  });
  const recorder = useMediaRecorder();
  // While the author records or previews a take, the player makes way for it.
  const recorderOpen = recorder.state !== 'idle';

  // Tell the author how the wait ended, and let lists showing `hasAudio` catch up.
  const previous = useRef(audio?.status);
  useEffect(() => {
    const before = previous.current;
    previous.current = audio?.status;
    if (before !== 'pending' || !audio || audio.status === 'pending') return;
    if (audio.status === 'ready') {
      dispatch(audioApi.util.invalidateTags([{ type: 'Discussion', id: discussion.id }]));
      if (isAuthor) toast.success('The audio version is ready.');
    } else if (isAuthor) {
      toast.error('The audio version could not be made.');
    }
  }, [audio, discussion.id, dispatch, isAuthor, toast]);

  // Until its own answer comes, the discussion's `hasAudio` tells what the section will hold,
  // so it takes its place at once instead of pushing the discussion down when the answer comes.
  const shown: AudioState = audio ?? {
    status: discussion.hasAudio ? 'ready' : 'none',
    audioUrl: null,
    durationSeconds: null,
    source: null,
  };
  const hasNothing = shown.status === 'none' || shown.status === 'failed';
  if (hasNothing && !canChange) return null;

  return (
    <section
      className={`${paper.outlined} ${styles.panel}`}
      aria-labelledby={`audio-${discussion.id}`}
      aria-busy={!audio}
    >
      <div className={styles.header}>
        <span className={styles.badge}>
          <PlainIcon name="graphicEqRounded" size={24} />
        </span>
        <div className={styles.heading}>
          <p id={`audio-${discussion.id}`} className={styles.title}>
            Audio version
          </p>
          <p className={styles.summary}>
            {/* Without audio the words are known already; with it, its length is not. */}
            {audio || !discussion.hasAudio ? (
              summaryOf(shown, isAuthor)
            ) : (
              <PlainSkeleton width={220} />
            )}
          </p>
        </div>
      </div>

      {shown.status === 'pending' && (
        <PlainLinearProgress label="Preparing audio" className={styles.progress} />
      )}
      {shown.status === 'ready' && (shown.audioUrl || !audio) && !recorderOpen && (
        <AudioPlayer src={shown.audioUrl} label={`Audio version of ${discussion.title}`} />
      )}
      {shown.status === 'failed' && (
        <div role="alert" data-severity="warning" className={`${alert.alert} ${alert.standard}`}>
          <span className={alert.icon}>
            <PlainIcon name="alertWarning" size={22} />
          </span>
          <div className={alert.message}>
            Making the audio version failed. Generate it again, or record it yourself.
          </div>
        </div>
      )}
      {canChange && (
        <AudioAuthorTools discussionId={discussion.id} audio={shown} recorder={recorder} />
      )}
    </section>
  );
}
