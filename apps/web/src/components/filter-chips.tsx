import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';

interface FilterChipsProps<Value extends string> {
  /** What the choice is about, for assistive technology ("Which polls"). */
  label: string;
  options: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (next: Value) => void;
}

/**
 * One of a few lists to show, as a row of chips (the chosen one filled and pressed) that wraps
 * chip by chip on a narrow screen.
 */
export function FilterChips<Value extends string>({
  label,
  options,
  value,
  onChange,
}: FilterChipsProps<Value>) {
  return (
    <Box
      role="group"
      aria-label={label}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2.5 }}
    >
      {options.map((option) => (
        <Chip
          key={option.value}
          label={option.label}
          clickable
          aria-pressed={value === option.value}
          color={value === option.value ? 'primary' : 'default'}
          variant={value === option.value ? 'filled' : 'outlined'}
          onClick={() => onChange(option.value)}
        />
      ))}
    </Box>
  );
}
