import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import HeadphonesRounded from '@mui/icons-material/HeadphonesRounded';

export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/**
 * "Listen" reveals the browser's own player (play, pause, seek, volume) and starts it; the
 * speed applies to this player and survives the source reloading. Without a `src` yet (its
 * address is on its way) the button holds its place, disabled.
 */
export function AudioPlayer({ src, label }: { src: string | null; label: string }) {
  const [open, setOpen] = useState(false);
  const [rate, setRate] = useState<number>(1);
  const audio = useRef<HTMLAudioElement>(null);

  useEffect(() => {
    if (!audio.current) return;
    // A new source resets playbackRate to defaultPlaybackRate: set both.
    audio.current.defaultPlaybackRate = rate;
    audio.current.playbackRate = rate;
  }, [rate, open, src]);

  if (!open) {
    return (
      <Button
        variant="contained"
        startIcon={<HeadphonesRounded />}
        onClick={() => setOpen(true)}
        disabled={src === null}
        sx={{ alignSelf: 'flex-start' }}
      >
        Listen
      </Button>
    );
  }

  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
      }}
    >
      <Box
        component="audio"
        ref={audio}
        controls
        autoPlay
        preload="metadata"
        src={src ?? undefined}
        aria-label={label}
        sx={{ flex: '1 1 240px', minWidth: 0, width: '100%', height: 44 }}
      />
      <TextField
        select
        size="small"
        label="Speed"
        value={rate}
        onChange={(event) => setRate(Number(event.target.value))}
        sx={{ width: 96, flexShrink: 0 }}
      >
        {PLAYBACK_RATES.map((value) => (
          <MenuItem key={value} value={value}>
            {value}×
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
