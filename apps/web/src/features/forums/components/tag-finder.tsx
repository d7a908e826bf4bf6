import type { TagCount } from '@agora/shared';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';

export interface TagFinderProps {
  /** Every tag in use, most used first (tags-list). */
  tags: readonly TagCount[];
  selected: string | undefined;
  onChange: (tag: string | undefined) => void;
}

/**
 * Any tag in use, found by typing: the chips above it offer only the most used, so this is
 * how the rest are reached.
 */
export function TagFinder({ tags, selected, onChange }: TagFinderProps) {
  if (tags.length === 0) return null;
  const chosen = tags.find((tag) => tag.name === selected) ?? null;
  return (
    <Autocomplete
      size="small"
      options={tags}
      value={chosen}
      getOptionLabel={(tag) => `#${tag.name}`}
      isOptionEqualToValue={(option, value) => option.name === value.name}
      renderOption={({ key, ...props }, tag) => (
        <li key={key} {...props}>
          #{tag.name}
          <span aria-hidden style={{ marginLeft: 'auto', opacity: 0.7 }}>
            {tag.count}
          </span>
        </li>
      )}
      onChange={(_event, tag) => onChange(tag?.name)}
      renderInput={(params) => <TextField {...params} label="Find a tag" />}
      sx={{ width: { xs: '100%', md: 220 }, maxWidth: 280, flexShrink: 0, ml: { md: 'auto' } }}
    />
  );
}
