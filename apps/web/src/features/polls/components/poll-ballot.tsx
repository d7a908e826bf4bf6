import { useState } from 'react';
import type { ReactNode } from 'react';
import type { Poll } from '@agora/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { RankedBallot } from './ranked-ballot';

interface PollBallotProps {
  poll: Poll;
  busy: boolean;
  /** Sends the ballot: option ids, most preferred first for a ranked poll. */
  onVote: (choices: number[]) => void;
  /** Leaves "change vote" without changing anything; absent for a first vote. */
  onCancel?: () => void;
  /** Extra buttons beside "Vote" (e.g. "View results"). */
  extra?: ReactNode;
}

/** The first choices a ballot shows: the member's current vote, or (ranked) every option. */
function initialChoices(poll: Poll): number[] {
  if (poll.type !== 'ranked') return poll.myVote;
  const ranked = poll.myVote.filter((id) => poll.options.some((option) => option.id === id));
  const rest = poll.options.map((option) => option.id).filter((id) => !ranked.includes(id));
  return [...ranked, ...rest];
}

/**
 * The voting form by poll type: radio buttons (single), checkboxes with a limit (multiple) or a
 * reorderable list (ranked).
 */
export function PollBallot({ poll, busy, onVote, onCancel, extra }: PollBallotProps) {
  const [choices, setChoices] = useState<number[]>(() => initialChoices(poll));
  const limit = poll.maxChoices ?? poll.options.length;
  const labelId = `poll-${poll.id}-ballot`;
  const ready = choices.length > 0;

  const toggle = (id: number, checked: boolean) =>
    setChoices((current) =>
      checked ? [...current, id] : current.filter((chosen) => chosen !== id),
    );

  return (
    // No name on the form: a named form is a landmark, and every poll on a feed would add one
    // called "Choose one answer". The fieldset's legend names the choice.
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) onVote(choices);
      }}
    >
      <FormControl component="fieldset" sx={{ width: '100%' }} disabled={busy}>
        <FormLabel id={labelId} component="legend" sx={{ fontWeight: 600, mb: 1 }}>
          {poll.type === 'single'
            ? 'Choose one answer'
            : poll.type === 'multiple'
              ? `Pick up to ${limit}`
              : 'Rank the options'}
        </FormLabel>
        {poll.type === 'single' && (
          <RadioGroup
            aria-labelledby={labelId}
            value={choices[0] ?? ''}
            onChange={(event) => setChoices([Number(event.target.value)])}
          >
            {poll.options.map((option) => (
              <FormControlLabel
                key={option.id}
                value={option.id}
                control={<Radio />}
                label={option.text}
                sx={{ overflowWrap: 'anywhere' }}
              />
            ))}
          </RadioGroup>
        )}
        {poll.type === 'multiple' && (
          <>
            <FormGroup>
              {poll.options.map((option) => {
                const checked = choices.includes(option.id);
                return (
                  <FormControlLabel
                    key={option.id}
                    control={
                      <Checkbox
                        checked={checked}
                        disabled={!checked && choices.length >= limit}
                        onChange={(event) => toggle(option.id, event.target.checked)}
                      />
                    }
                    label={option.text}
                    sx={{ overflowWrap: 'anywhere' }}
                  />
                );
              })}
            </FormGroup>
            <FormHelperText aria-live="polite">
              {choices.length >= limit
                ? `You picked ${limit} of ${limit}: untick one to choose another.`
                : `${choices.length} of ${limit} picked.`}
            </FormHelperText>
          </>
        )}
        {poll.type === 'ranked' && (
          <RankedBallot
            options={poll.options}
            order={choices}
            onChange={setChoices}
            disabled={busy}
            label="Your ranking"
          />
        )}
      </FormControl>
      <Stack direction="row" sx={{ mt: 2, gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button type="submit" variant="contained" disabled={!ready} loading={busy}>
          {poll.myVote.length > 0 ? 'Save my vote' : 'Vote'}
        </Button>
        {onCancel && (
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
        {extra}
      </Stack>
    </Box>
  );
}
