import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';

/** How many of the most used tags the filter offers. */
const TAGS_SHOWN = 12;

export interface TagFilterProps {
  /** The kind's tags, most used first; the caller queries them so each kind counts its own. */
  tags: readonly { name: string }[];
  selected: string | undefined;
  onChange: (tag: string | undefined) => void;
  /** The tags are still loading: the row keeps its place, so the feed below does not jump. */
  loading?: boolean;
}

/** The chip row's height: a small chip and the row's padding. */
export const TAG_ROW_HEIGHT = 40;

/**
 * "All" and the most used tags, as chips; one at a time. Without tags (none yet, or they
 * could not be loaded) the filter simply does not show: the feed works without it.
 */
export function TagFilter({ tags, selected, onChange, loading = false }: TagFilterProps) {
  if (loading) return <Box aria-hidden sx={{ height: TAG_ROW_HEIGHT }} />;
  const names = tags.slice(0, TAGS_SHOWN).map((tag) => tag.name);
  // A tag reached by a link stays visible even when it is not among the most used.
  if (selected && !names.includes(selected)) names.unshift(selected);
  if (names.length === 0) return null;
  return (
    <Box
      role="group"
      aria-label="Filter by tag"
      sx={{
        display: 'flex',
        gap: 1,
        py: 0.5,
        overflowX: 'auto',
        flexWrap: { xs: 'nowrap', md: 'wrap' },
        mx: { xs: -2, sm: 0 },
        pl: { xs: 2, sm: 0 },
        // Up to tablets the row scrolls sideways; its right edge fades out so a chip cut there
        // reads as "more this way", and the end padding lets the last chip clear the fade.
        pr: { xs: 5, md: 0 },
        maskImage: {
          xs: 'linear-gradient(to right, #000 calc(100% - 40px), transparent)',
          md: 'none',
        },
        scrollbarWidth: 'none',
      }}
    >
      <Chip
        label="All"
        clickable
        aria-pressed={selected === undefined}
        color={selected === undefined ? 'primary' : 'default'}
        variant={selected === undefined ? 'filled' : 'outlined'}
        onClick={() => onChange(undefined)}
      />
      {names.map((name) => (
        <Chip
          key={name}
          label={`#${name}`}
          clickable
          aria-pressed={selected === name}
          color={selected === name ? 'primary' : 'default'}
          variant={selected === name ? 'filled' : 'outlined'}
          onClick={() => onChange(selected === name ? undefined : name)}
        />
      ))}
    </Box>
  );
}
