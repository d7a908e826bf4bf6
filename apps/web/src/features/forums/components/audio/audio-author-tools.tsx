import { useRef } from 'react';
import type { DiscussionAudio } from '@agora/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AutoAwesomeRounded from '@mui/icons-material/AutoAwesomeRounded';
import MicRounded from '@mui/icons-material/MicRounded';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import { useToast } from '../../../../lib/toasts/use-toast';
import { apiFailure } from '../../../auth';
import { useGenerateDiscussionAudioMutation } from '../../audio-api';
import { AudioRecorder } from './audio-recorder';
import { useAttachAudio } from './use-attach-audio';
import { canRecordAudio, type useMediaRecorder } from './use-media-recorder';

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

/** The author's ways to make the audio version: from the text, a recording or a file. */
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
    <Stack spacing={1.5}>
      {recorderOpen ? (
        <AudioRecorder
          recorder={recorder}
          busy={busy}
          onUse={onUseRecording}
          onRecordAgain={onRecord}
        />
      ) : (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<AutoAwesomeRounded />}
            onClick={onGenerate}
            loading={generating}
            disabled={disabled || pending}
          >
            Generate from text
          </Button>
          {canRecordAudio() && (
            <Button
              variant="outlined"
              startIcon={<MicRounded />}
              onClick={onRecord}
              disabled={disabled}
            >
              Record
            </Button>
          )}
          <Button
            variant="outlined"
            startIcon={<UploadFileRounded />}
            onClick={() => fileInput.current?.click()}
            disabled={disabled}
          >
            Upload
          </Button>
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
        </Stack>
      )}
      {progress !== null && (
        <Box role="status">
          <Typography variant="body2" color="textSecondary" sx={{ mb: 0.5 }}>
            Uploading… {Math.round(progress * 100)}%
          </Typography>
          <LinearProgress
            variant="determinate"
            value={progress * 100}
            aria-label="Upload progress"
          />
        </Box>
      )}
      {replaces && !recorderOpen && (
        <Typography variant="caption" color="textSecondary">
          A new recording, upload or generated reading replaces the current audio.
        </Typography>
      )}
    </Stack>
  );
}
