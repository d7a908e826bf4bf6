import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { DISCUSSION_TAGS_MAX } from '@agora/shared';

export interface TagPickerProps {
  /** The kind's tags in use, offered as options; the caller queries them. */
  tags: readonly { name: string }[];
  /** Example tags for the empty field, fitting the kind: "help, ideas". */
  examples: string;
  value: string[];
  onChange: (tags: string[]) => void;
  onBlur: () => void;
  error?: string;
}

/** Tags in use to pick from, or new ones typed in (Enter), lower-cased, at most five. */
export function TagPicker({ tags, examples, value, onChange, onBlur, error }: TagPickerProps) {
  const full = value.length >= DISCUSSION_TAGS_MAX;
  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
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
      // Room for the placeholder: beside the chips when it fits, on a line of its own on a phone.
      sx={{ '& .MuiAutocomplete-inputRoot .MuiAutocomplete-input': { minWidth: '7.5em' } }}
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
          placeholder={full ? undefined : value.length ? 'Add another' : `e.g. ${examples}`}
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
