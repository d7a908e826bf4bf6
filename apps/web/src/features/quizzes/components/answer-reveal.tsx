import type { QuizAnswer, QuizReveal } from '@agora/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CancelRounded from '@mui/icons-material/CancelRounded';
import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import RadioButtonUncheckedRounded from '@mui/icons-material/RadioButtonUncheckedRounded';

interface AnswerRevealProps {
  answers: QuizAnswer[];
  reveal: QuizReveal;
  /** The member's choice, when they answered. */
  chosen: number[];
  labelledBy: string;
}

type Mark = 'chosen-correct' | 'chosen-wrong' | 'correct' | 'none';

/** Each mark has an icon and words as well as a colour, so it reads without colour too. */
const MARKS: Record<
  Mark,
  { label: string | null; color: string; Icon: typeof CheckCircleRounded; border: string }
> = {
  'chosen-correct': {
    label: 'Your answer · correct',
    color: 'success.main',
    Icon: CheckCircleRounded,
    border: 'success.main',
  },
  'chosen-wrong': {
    label: 'Your answer · incorrect',
    color: 'error.main',
    Icon: CancelRounded,
    border: 'error.main',
  },
  correct: {
    label: 'Correct answer',
    color: 'success.main',
    Icon: CheckCircleOutlineRounded,
    border: 'success.main',
  },
  none: {
    label: null,
    color: 'text.disabled',
    Icon: RadioButtonUncheckedRounded,
    border: 'divider',
  },
};

function markOf(id: number, reveal: QuizReveal, chosen: number[]): Mark {
  const correct = reveal.correctAnswers.includes(id);
  if (chosen.includes(id)) return correct ? 'chosen-correct' : 'chosen-wrong';
  return correct ? 'correct' : 'none';
}

/**
 * The answers with the server's verdict: which are correct (from `reveal`, never worked out
 * here) and which the member chose.
 */
export function AnswerReveal({ answers, reveal, chosen, labelledBy }: AnswerRevealProps) {
  return (
    <Stack component="ul" aria-labelledby={labelledBy} spacing={1} sx={{ m: 0, p: 0 }}>
      {answers.map((answer) => {
        const mark = MARKS[markOf(answer.id, reveal, chosen)];
        return (
          <Box
            component="li"
            key={answer.id}
            sx={{
              listStyle: 'none',
              display: 'grid',
              // On a phone the verdict goes under the answer, leaving the answer the full width.
              gridTemplateColumns: { xs: 'auto minmax(0, 1fr)', sm: 'auto minmax(0, 1fr) auto' },
              alignItems: 'center',
              columnGap: 1.5,
              rowGap: 0.25,
              py: 1.25,
              px: 1.5,
              border: mark.label ? 2 : 1,
              borderColor: mark.border,
              borderRadius: '12px',
            }}
          >
            <mark.Icon sx={{ color: mark.color, flexShrink: 0 }} aria-hidden />
            <Typography sx={{ fontWeight: mark.label ? 600 : 400, overflowWrap: 'anywhere' }}>
              {answer.text}
            </Typography>
            {mark.label && (
              <Typography
                variant="body2"
                sx={{ color: mark.color, fontWeight: 700, gridColumn: { xs: 2, sm: 3 } }}
              >
                {mark.label}
              </Typography>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
