import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import PollOutlined from '@mui/icons-material/PollOutlined';
import { POLL_CHOICE_MAX_LENGTH, POLL_CHOICES_MAX, POLL_CHOICES_MIN } from '@agora/shared';

interface PollChoicesFieldProps {
  value: string[];
  onChange: (choices: string[]) => void;
  /** The whole list's error (too few, duplicates). */
  error?: string;
  /** Each choice's error, by index. */
  choiceErrors: (string | undefined)[];
}

/** An optional poll: none, or two to ten different answers. */
export function PollChoicesField({ value, onChange, error, choiceErrors }: PollChoicesFieldProps) {
  if (value.length === 0) {
    return (
      <Box>
        <Button
          variant="outlined"
          startIcon={<PollOutlined />}
          onClick={() => onChange(Array.from({ length: POLL_CHOICES_MIN }, () => ''))}
        >
          Add a poll
        </Button>
      </Box>
    );
  }
  const set = (index: number, text: string) =>
    onChange(value.map((choice, at) => (at === index ? text : choice)));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography component="legend" variant="h6" sx={{ flex: 1, p: 0 }}>
          Poll
        </Typography>
        <Button color="inherit" size="small" onClick={() => onChange([])}>
          Remove poll
        </Button>
      </Stack>
      <Stack spacing={1.5}>
        {value.map((choice, index) => (
          <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label={`Choice ${index + 1}`}
              value={choice}
              onChange={(event) => set(index, event.target.value)}
              error={choiceErrors[index] !== undefined}
              helperText={choiceErrors[index]}
              fullWidth
              size="small"
              slotProps={{ htmlInput: { maxLength: POLL_CHOICE_MAX_LENGTH } }}
            />
            <IconButton
              aria-label={`Remove choice ${index + 1}`}
              disabled={value.length <= POLL_CHOICES_MIN}
              onClick={() => onChange(value.filter((_, at) => at !== index))}
            >
              <CloseRounded />
            </IconButton>
          </Stack>
        ))}
      </Stack>
      {error && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {error}
        </Typography>
      )}
      <Stack direction="row" spacing={2} sx={{ mt: 1.5, alignItems: 'center' }}>
        <Button
          startIcon={<AddRounded />}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          disabled={value.length >= POLL_CHOICES_MAX}
          onClick={() => onChange([...value, ''])}
        >
          Add choice
        </Button>
        <Typography variant="body2" color="textSecondary">
          {POLL_CHOICES_MIN} to {POLL_CHOICES_MAX} different answers; members vote for one.
        </Typography>
      </Stack>
    </Box>
  );
}
