import { useRef, useState } from 'react';
import type { TagCount } from '@agora/shared';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';

export interface TagFinderProps {
  /** Every tag in use, most used first (tags-list). */
  tags: readonly TagCount[];
  selected: string | undefined;
  onChange: (tag: string | undefined) => void;
  /** What was typed into the stand-in field before this one loaded (`TagFinderField`). */
  initialText?: string;
  /** Takes the focus from the stand-in, its suggestions open. */
  autoFocus?: boolean;
}

/**
 * Any tag in use, found by typing: the chips above it offer only the most used, so this is
 * how the rest are reached.
 */
export function TagFinder({ tags, selected, onChange, initialText, autoFocus }: TagFinderProps) {
  const chosen = tags.find((tag) => tag.name === selected) ?? null;
  const [text, setText] = useState(initialText ?? (chosen ? `#${chosen.name}` : ''));
  // Autocomplete sets its text to the value's label once mounted; the stand-in's text wins.
  const keepInitialText = useRef(initialText !== undefined);
  return (
    <Autocomplete
      size="small"
      options={tags}
      value={chosen}
      inputValue={text}
      onInputChange={(_event, value, reason) => {
        const kept = keepInitialText.current && reason === 'reset';
        keepInitialText.current = false;
        if (!kept) setText(value);
      }}
      openOnFocus={autoFocus}
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
      renderInput={(params) => <TextField {...params} label="Find a tag" autoFocus={autoFocus} />}
      sx={{ width: { xs: '100%', md: 220 }, maxWidth: 280, flexShrink: 0, ml: { md: 'auto' } }}
    />
  );
}
