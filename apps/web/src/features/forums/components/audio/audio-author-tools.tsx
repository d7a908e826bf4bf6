import { Suspense, useRef } from 'react';
import type { DiscussionAudio } from '@agora/shared';
import { muiIsland } from '../../../../components/mui/mui-island';
import { PlainIcon } from '../../../../components/plain-icon';
import { plainButton, startIconClass } from '../../../../components/plain/button';
import { ButtonSpinner, buttonLoadingClass } from '../../../../components/plain/spinner';
import { useToast } from '../../../../lib/toasts/use-toast';
import { apiFailure } from '../../../auth';
import { useGenerateDiscussionAudioMutation } from '../../audio-api';
import { useAttachAudio } from './use-attach-audio';
import { canRecordAudio, type useMediaRecorder } from './use-media-recorder';
import styles from './audio-author-tools.module.css';

// The recorder (MUI) downloads when the author first records.
const AudioRecorder = muiIsland(() =>
  import('./audio-recorder').then((module) => module.AudioRecorder),
);

const outlined = plainButton({ variant: 'outlined' });

/** Why the microphone could not start, as something the member can act on. */
function microphoneProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'Allow this site to use your microphone to record.';
  }
  if (name === 'NotFoundError') {
    return 'No microphone was found. Connect one, or upload a recording instead.';
  }
  return 'The microphone could not be started. Try again, or upload a recording instead.';
}

interface AudioAuthorToolsProps {
  discussionId: number;
  audio: DiscussionAudio;
  recorder: ReturnType<typeof useMediaRecorder>;
}

/**
 * The author's ways to make the audio version: from the text, a recording or a file. Plain
 * buttons, drawn with the discussion; the recorder is an island.
 */
export function AudioAuthorTools({ discussionId, audio, recorder }: AudioAuthorToolsProps) {
  const toast = useToast();
  const [generate, { isLoading: generating }] = useGenerateDiscussionAudioMutation();
  const { attach, progress, busy } = useAttachAudio(discussionId);
  const fileInput = useRef<HTMLInputElement>(null);
  const recorderOpen = recorder.state !== 'idle';

  const onGenerate = async () => {
    try {
      const result = await generate({ id: discussionId }).unwrap();
      if (result.status === 'ready') toast.info('The audio version already matches the text.');
    } catch (error) {
      toast.error(apiFailure(error).message);
    }
  };

  const onRecord = async () => {
    try {
      await recorder.start();
    } catch (error) {
      toast.error(microphoneProblem(error));
    }
  };

  const onUseRecording = async () => {
    if (!recorder.recording) return;
    const { blob, fileName } = recorder.recording;
    if (await attach(blob, fileName)) recorder.discard();
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('audio/')) {
      toast.error('Choose an audio file: WebM, Ogg, MP3, WAV, M4A, FLAC or AAC.');
      return;
    }
    await attach(file, file.name);
  };

  const pending = audio.status === 'pending';
  // A recording may replace speech still being prepared; asking for speech twice is pointless.
  const disabled = generating || busy;
  const replaces = audio.status === 'ready' || pending;

  return (
    <div className={styles.tools}>
      {recorderOpen ? (
        <Suspense fallback={<div className={styles.recorderPlaceholder} />}>
          <AudioRecorder
            recorder={recorder}
            busy={busy}
            onUse={onUseRecording}
            onRecordAgain={onRecord}
          />
        </Suspense>
      ) : (
        <div className={styles.buttons}>
          <button
            type="button"
            className={generating ? `${outlined} ${buttonLoadingClass}` : outlined}
            onClick={() => void onGenerate()}
            disabled={disabled || pending}
          >
            {generating && <ButtonSpinner label="Generate from text" />}
            <span className={startIconClass}>
              <PlainIcon name="autoAwesome" size={20} />
            </span>
            Generate from text
          </button>
          {canRecordAudio() && (
            <button
              type="button"
              className={outlined}
              onClick={() => void onRecord()}
              disabled={disabled}
            >
              <span className={startIconClass}>
                <PlainIcon name="micRounded" size={20} />
              </span>
              Record
            </button>
          )}
          <button
            type="button"
            className={outlined}
            onClick={() => fileInput.current?.click()}
            disabled={disabled}
          >
            <span className={startIconClass}>
              <PlainIcon name="uploadFileRounded" size={20} />
            </span>
            Upload
          </button>
          <input
            ref={fileInput}
            type="file"
            accept="audio/*"
            hidden
            aria-label="Audio file"
            onChange={(event) => {
              void onFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </div>
      )}
      {progress !== null && (
        <div role="status">
          <p className={styles.uploading}>Uploading… {Math.round(progress * 100)}%</p>
          <span
            role="progressbar"
            aria-label="Upload progress"
            aria-valuenow={Math.round(progress * 100)}
            aria-valuemin={0}
            aria-valuemax={100}
            className={styles.track}
          >
            <span
              className={styles.bar}
              style={{ transform: `translateX(${progress * 100 - 100}%)` }}
            />
          </span>
        </div>
      )}
      {replaces && !recorderOpen && (
        <span className={styles.caption}>
          A new recording, upload or generated reading replaces the current audio.
        </span>
      )}
    </div>
  );
}
