import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckRounded from '@mui/icons-material/CheckRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import FiberManualRecordRounded from '@mui/icons-material/FiberManualRecordRounded';
import MicRounded from '@mui/icons-material/MicRounded';
import StopRounded from '@mui/icons-material/StopRounded';
import { clock } from './clock';
import type { useMediaRecorder } from './use-media-recorder';

interface AudioRecorderProps {
  recorder: ReturnType<typeof useMediaRecorder>;
  /** Uploading or attaching: the take cannot change meanwhile. */
  busy: boolean;
  onUse: () => void;
  onRecordAgain: () => void;
}

/** The take under way (elapsed time, Stop) or just made (preview, Use, Record again, Discard). */
export function AudioRecorder({ recorder, busy, onUse, onRecordAgain }: AudioRecorderProps) {
  const { state, recording, elapsedMs } = recorder;

  if (state === 'starting' || state === 'recording') {
    return (
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
        role="status"
        aria-live="polite"
      >
        <FiberManualRecordRounded
          color="error"
          sx={{
            '@keyframes agora-pulse': { '50%': { opacity: 0.3 } },
            animation: 'agora-pulse 1.2s ease-in-out infinite',
          }}
        />
        <Typography sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
          {state === 'starting' ? 'Waiting for the microphone…' : `Recording ${clock(elapsedMs)}`}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="contained"
          color="error"
          startIcon={<StopRounded />}
          onClick={recorder.stop}
          disabled={state !== 'recording'}
        >
          Stop
        </Button>
      </Stack>
    );
  }

  if (state !== 'recorded' || !recording) return null;
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="textSecondary">
        Your recording ({clock(elapsedMs)}). Listen to it, then use it or try again.
      </Typography>
      <Box
        component="audio"
        controls
        src={recording.url}
        aria-label="Recording preview"
        sx={{ width: '100%', height: 44 }}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<CheckRounded />} onClick={onUse} loading={busy}>
          Use this recording
        </Button>
        <Button startIcon={<MicRounded />} onClick={onRecordAgain} disabled={busy}>
          Record again
        </Button>
        <Button
          color="inherit"
          startIcon={<DeleteOutlineRounded />}
          onClick={recorder.discard}
          disabled={busy}
        >
          Discard
        </Button>
      </Stack>
    </Stack>
  );
}
