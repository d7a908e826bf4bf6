import { useState } from 'react';
import type { QuizAnswer } from '@agora/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface AnswerChoicesProps {
  answers: QuizAnswer[];
  /** "Choose all that apply": checkboxes and a Submit button; otherwise one click answers. */
  multiple: boolean;
  disabled: boolean;
  /** The quiz's question element, which names the group. */
  labelledBy: string;
  onAnswer: (ids: number[]) => void;
}

const LETTERS = 'ABCDEF';

function Letter({ index }: { index: number }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        width: 28,
        height: 28,
        flexShrink: 0,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        fontSize: '0.85rem',
        fontWeight: 700,
        bgcolor: 'action.hover',
      }}
    >
      {LETTERS[index]}
    </Box>
  );
}

const rowSx = {
  justifyContent: 'flex-start',
  textAlign: 'left',
  gap: 1.5,
  py: 1.25,
  px: 1.5,
  borderRadius: '12px',
  textTransform: 'none',
  fontWeight: 500,
  color: 'text.primary',
  borderColor: 'divider',
} as const;

/** One answer, sent as soon as it is clicked. */
function SingleChoices({ answers, disabled, labelledBy, onAnswer }: AnswerChoicesProps) {
  return (
    <Stack component="ul" aria-labelledby={labelledBy} spacing={1} sx={{ m: 0, p: 0 }}>
      {answers.map((answer, index) => (
        <Box component="li" key={answer.id} sx={{ listStyle: 'none' }}>
          <Button
            variant="outlined"
            fullWidth
            disabled={disabled}
            onClick={() => onAnswer([answer.id])}
            sx={rowSx}
          >
            <Letter index={index} />
            {answer.text}
          </Button>
        </Box>
      ))}
    </Stack>
  );
}

/** Every answer that applies, ticked, then sent with Submit. */
function MultipleChoices({ answers, disabled, labelledBy, onAnswer }: AnswerChoicesProps) {
  const [chosen, setChosen] = useState<number[]>([]);
  const toggle = (id: number) =>
    setChosen((current) =>
      current.includes(id) ? current.filter((item) => item !== id) : [...current, id],
    );
  return (
    <Box>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        Choose all that apply, then submit.
      </Typography>
      <FormGroup aria-labelledby={labelledBy} sx={{ gap: 1 }}>
        {answers.map((answer, index) => (
          <FormControlLabel
            key={answer.id}
            disabled={disabled}
            control={
              <Checkbox checked={chosen.includes(answer.id)} onChange={() => toggle(answer.id)} />
            }
            label={
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.5 }}>
                <Letter index={index} />
                {answer.text}
              </Box>
            }
            sx={{
              m: 0,
              pr: 1.5,
              py: 0.25,
              border: 1,
              borderColor: chosen.includes(answer.id) ? 'primary.main' : 'divider',
              borderRadius: '12px',
            }}
          />
        ))}
      </FormGroup>
      <Button
        variant="contained"
        disabled={disabled || chosen.length === 0}
        onClick={() => onAnswer(chosen)}
        sx={{ mt: 1.5 }}
      >
        Submit answers
      </Button>
    </Box>
  );
}

/** The answers to choose from, before the member has answered. */
export function AnswerChoices(props: AnswerChoicesProps) {
  return props.multiple ? <MultipleChoices {...props} /> : <SingleChoices {...props} />;
}
