import { useFieldArray, useWatch } from 'react-hook-form';
import type { UseFormReturn } from 'react-hook-form';
import { QUIZ_ANSWER_MAX_LENGTH, QUIZ_ANSWERS_MAX, QUIZ_ANSWERS_MIN } from '@agora/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import { bindField } from '../../../auth';
import type { QuizFormValues } from './quiz-values';

const LETTERS = 'ABCDEF';

interface AnswersFieldProps {
  form: UseFormReturn<QuizFormValues>;
  /** Someone has answered: the answers can no longer change. */
  locked: boolean;
}

/**
 * The message of the answers list as a whole (too few, none correct, duplicates), once every
 * answer is written: two empty answers are not yet "the same answer twice".
 */
function listError(form: UseFormReturn<QuizFormValues>): string | undefined {
  const field = form.formState.errors.answers;
  if (Array.isArray(field) && field.some(Boolean)) return undefined;
  return field?.message ?? field?.root?.message;
}

/**
 * Two to six answers, each with a "Correct" tick. With one correct answer the ticks behave like
 * radio buttons; with "choose all that apply" several may be ticked.
 */
export function AnswersField({ form, locked }: AnswersFieldProps) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'answers' });
  const answers = useWatch({ control: form.control, name: 'answers' });
  const multiple = useWatch({ control: form.control, name: 'multiple' });
  const error = listError(form);

  const setCorrect = (index: number, correct: boolean) => {
    answers.forEach((answer, other) => {
      const next = other === index ? correct : multiple ? answer.correct : false;
      if (next !== answer.correct) {
        form.setValue(`answers.${other}.correct`, next, { shouldDirty: true });
      }
    });
    if (form.formState.isSubmitted) void form.trigger('answers');
  };

  return (
    <Box component="fieldset" aria-describedby="answers-help" sx={{ border: 0, m: 0, p: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700, mb: 0.5 }}>
        Answers
      </Typography>
      <Typography id="answers-help" variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        {QUIZ_ANSWERS_MIN} to {QUIZ_ANSWERS_MAX} answers.{' '}
        {multiple ? 'Tick every correct answer.' : 'Tick the one correct answer.'} Members never see
        which is correct until they have answered.
      </Typography>
      <Stack spacing={1.5}>
        {fields.map((field, index) => {
          const letter = LETTERS[index] ?? String(index + 1);
          return (
            <Stack key={field.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                {...bindField(form, `answers.${index}.text`)}
                label={`Answer ${letter}`}
                fullWidth
                size="small"
                disabled={locked}
                slotProps={{ htmlInput: { maxLength: QUIZ_ANSWER_MAX_LENGTH } }}
              />
              <FormControlLabel
                label="Correct"
                disabled={locked}
                control={
                  <Checkbox
                    checked={answers[index]?.correct ?? false}
                    onChange={(event) => setCorrect(index, event.target.checked)}
                    slotProps={{ input: { 'aria-label': `Answer ${letter} is correct` } }}
                  />
                }
                sx={{
                  mr: 0,
                  flexShrink: 0,
                  '& .MuiFormControlLabel-label': { display: { xs: 'none', sm: 'block' } },
                }}
              />
              <Tooltip title="Remove">
                <span>
                  <IconButton
                    aria-label={`Remove answer ${letter}`}
                    disabled={locked || fields.length <= QUIZ_ANSWERS_MIN}
                    onClick={() => remove(index)}
                  >
                    <CloseRounded />
                  </IconButton>
                </span>
              </Tooltip>
            </Stack>
          );
        })}
      </Stack>
      {error && (
        <FormHelperText error role="alert" sx={{ mt: 1 }}>
          {error}
        </FormHelperText>
      )}
      <Button
        startIcon={<AddRounded />}
        disabled={locked || fields.length >= QUIZ_ANSWERS_MAX}
        onClick={() => append({ text: '', correct: false })}
        sx={{ mt: 1.5 }}
      >
        Add an answer
      </Button>
    </Box>
  );
}
