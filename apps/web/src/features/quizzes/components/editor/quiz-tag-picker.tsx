import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { DISCUSSION_TAGS_MAX } from '@agora/shared';
import { useGetQuizTagsQuery } from '../../quizzes-api';

interface QuizTagPickerProps {
  value: string[];
  onChange: (tags: string[]) => void;
  onBlur: () => void;
  disabled?: boolean;
  error?: string;
}

/** Quiz tags in use to pick from, or new ones typed in (Enter), lower-cased, at most five. */
export function QuizTagPicker({ value, onChange, onBlur, disabled, error }: QuizTagPickerProps) {
  const { data: tags = [] } = useGetQuizTagsQuery(undefined);
  const full = value.length >= DISCUSSION_TAGS_MAX;
  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
      disabled={disabled}
      options={tags.map((tag) => tag.name)}
      value={value}
      onChange={(_event, next) => {
        const cleaned = next
          .map((tag) => tag.trim().toLowerCase().replace(/^#/, ''))
          .filter(Boolean);
        onChange([...new Set(cleaned)].slice(0, DISCUSSION_TAGS_MAX));
      }}
      onBlur={onBlur}
      getOptionDisabled={() => full}
      filterSelectedOptions
      renderValue={(selected, getItemProps) =>
        selected.map((tag, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={`#${tag}`} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Tags"
          placeholder={full ? undefined : value.length ? 'Add another' : 'e.g. history, science'}
          error={error !== undefined}
          helperText={
            error ??
            `Up to ${DISCUSSION_TAGS_MAX} tags. Pick one or type a new one and press Enter.`
          }
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, readOnly: full },
          }}
        />
      )}
    />
  );
}
