import { useRef, useState } from 'react';
import type { ComponentType } from 'react';
import { TAG_ROW_HEIGHT } from '../../content';
import type { TagFinderProps } from './tag-finder';
import styles from './tag-finder-field.module.css';

type Finder = ComponentType<TagFinderProps>;

/** Once downloaded, later lists draw the real finder at once. */
let loadedFinder: Finder | undefined;

/**
 * The finder inside MUI's theme, which the list's page does not provide (a first screen is drawn
 * without MUI). Loaded together, as `muiIsland` does; by hand here, so the stand-in keeps the
 * focus and the text until the finder can take them.
 */
async function loadFinder(): Promise<Finder> {
  const [{ TagFinder }, { MuiThemeProvider }] = await Promise.all([
    import('./tag-finder'),
    import('../../../components/mui/theme-provider'),
  ]);
  return function ThemedTagFinder(props: TagFinderProps) {
    return (
      <MuiThemeProvider>
        <TagFinder {...props} />
      </MuiThemeProvider>
    );
  };
}

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
    loadFinder()
      .then((TagFinder) => {
        loadedFinder = TagFinder;
        setHandOverFocus(document.activeElement === standIn.current);
        setFinder(() => TagFinder);
      })
      // Offline or a new build: the field stays, and the next focus tries again.
      .catch(() => setLoading(false));
  };
  return (
    <input
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
      className={styles.field}
      style={{ height: TAG_ROW_HEIGHT }}
    />
  );
}
