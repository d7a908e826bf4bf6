import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { TAG_ROW_HEIGHT } from '../../content';
import type { TagFinder as TagFinderComponent, TagFinderProps } from './tag-finder';

type Finder = typeof TagFinderComponent;

/** Once downloaded, later lists draw the real finder at once. */
let loadedFinder: Finder | undefined;

const SIZE = {
  height: TAG_ROW_HEIGHT,
  width: { xs: '100%', md: 220 },
  maxWidth: 280,
  flexShrink: 0,
  ml: { md: 'auto' },
} as const;

/**
 * "Find a tag": a plain field until someone first focuses it, then MUI's Autocomplete (with
 * TextField and Popper, ~30 KB gzipped) takes its place with the focus and whatever was typed
 * meanwhile. Reading the list never downloads it.
 */
export function TagFinderField(props: TagFinderProps) {
  const [Finder, setFinder] = useState<Finder | undefined>(() => loadedFinder);
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  // Whether the stand-in still had the focus when the finder arrived: only then does it take it.
  const [handOverFocus, setHandOverFocus] = useState(false);
  const standIn = useRef<HTMLInputElement>(null);
  if (props.tags.length === 0) return null;
  if (Finder) return <Finder {...props} initialText={typed} autoFocus={handOverFocus} />;

  const shown = typed ?? (props.selected ? `#${props.selected}` : '');
  const load = () => {
    setTyped(shown);
    if (loading) return;
    setLoading(true);
    import('./tag-finder')
      .then(({ TagFinder }) => {
        loadedFinder = TagFinder;
        setHandOverFocus(document.activeElement === standIn.current);
        setFinder(() => TagFinder);
      })
      // Offline or a new build: the field stays, and the next focus tries again.
      .catch(() => setLoading(false));
  };
  return (
    <Box
      component="input"
      ref={standIn}
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="list"
      aria-label="Find a tag"
      placeholder="Find a tag"
      autoComplete="off"
      value={shown}
      onFocus={load}
      onChange={(event) => setTyped(event.currentTarget.value)}
      sx={(theme) => ({
        ...SIZE,
        boxSizing: 'border-box',
        px: '14px',
        font: 'inherit',
        fontSize: theme.typography.body1.fontSize,
        color: 'text.primary',
        bgcolor: 'transparent',
        border: 1,
        borderColor: alpha(theme.palette.text.primary, 0.23),
        borderRadius: 1,
        outline: 'none',
        '&::placeholder': { color: 'text.secondary', opacity: 1 },
        '&:hover': { borderColor: 'text.primary' },
        '&:focus': {
          borderColor: 'primary.main',
          boxShadow: `inset 0 0 0 1px ${theme.palette.primary.main}`,
        },
        '&:focus::placeholder': { opacity: 0.5 },
      })}
    />
  );
}
