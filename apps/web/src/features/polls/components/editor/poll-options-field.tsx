import { useFieldArray } from 'react-hook-form';
import type { UseFormReturn } from 'react-hook-form';
import { POLL_OPTION_MAX_LENGTH, POLL_OPTIONS_MAX, POLL_OPTIONS_MIN } from '@agora/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import KeyboardArrowDownRounded from '@mui/icons-material/KeyboardArrowDownRounded';
import KeyboardArrowUpRounded from '@mui/icons-material/KeyboardArrowUpRounded';
import type { PollFormValues } from './poll-form-values';

interface PollOptionsFieldProps {
  form: UseFormReturn<PollFormValues>;
  /** Options are locked once someone has voted. */
  disabled: boolean;
}

/** Two to twenty different options: add, remove and move each one. */
export function PollOptionsField({ form, disabled }: PollOptionsFieldProps) {
  const { fields, append, remove, move } = useFieldArray({
    control: form.control,
    name: 'options',
  });
  const errors = form.formState.errors.options;
  const listError = errors?.message ?? errors?.root?.message;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} disabled={disabled}>
      <Typography component="legend" variant="h6" sx={{ p: 0, mb: 1.5 }}>
        Options
      </Typography>
      <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {fields.map((field, index) => {
          const error = errors?.[index]?.text?.message;
          const { ref, ...input } = form.register(`options.${index}.text`);
          return (
            <Stack
              component="li"
              key={field.id}
              direction="row"
              spacing={0.5}
              sx={{ alignItems: 'flex-start' }}
            >
              <TextField
                {...input}
                inputRef={ref}
                id={`poll-option-${index}`}
                label={`Option ${index + 1}`}
                error={error !== undefined}
                helperText={error}
                fullWidth
                size="small"
                disabled={disabled}
                slotProps={{ htmlInput: { maxLength: POLL_OPTION_MAX_LENGTH } }}
              />
              {!disabled && (
                <>
                  <IconButton
                    aria-label={`Move option ${index + 1} up`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    <KeyboardArrowUpRounded />
                  </IconButton>
                  <IconButton
                    aria-label={`Move option ${index + 1} down`}
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <KeyboardArrowDownRounded />
                  </IconButton>
                  <IconButton
                    aria-label={`Remove option ${index + 1}`}
                    disabled={fields.length <= POLL_OPTIONS_MIN}
                    onClick={() => remove(index)}
                  >
                    <CloseRounded />
                  </IconButton>
                </>
              )}
            </Stack>
          );
        })}
      </Stack>
      {listError && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {listError}
        </Typography>
      )}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 0.5, sm: 2 }}
        sx={{ mt: 1.5, alignItems: { sm: 'center' } }}
      >
        <Button
          startIcon={<AddRounded />}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap', alignSelf: 'flex-start' }}
          disabled={disabled || fields.length >= POLL_OPTIONS_MAX}
          onClick={() => append({ text: '' })}
        >
          Add option
        </Button>
        <Typography variant="body2" color="textSecondary">
          {POLL_OPTIONS_MIN} to {POLL_OPTIONS_MAX} different options.
        </Typography>
      </Stack>
    </Box>
  );
}
