import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/** The player's speed: MUI's select, loaded as an island once a member opens the player. */
export function AudioSpeed({ rate, onChange }: { rate: number; onChange: (rate: number) => void }) {
  return (
    <TextField
      select
      size="small"
      label="Speed"
      value={rate}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ width: 96, flexShrink: 0 }}
    >
      {PLAYBACK_RATES.map((value) => (
        <MenuItem key={value} value={value}>
          {value}×
        </MenuItem>
      ))}
    </TextField>
  );
}
