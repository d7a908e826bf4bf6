import { plainChip } from '../../../components/plain/chip';
import styles from './tag-filter.module.css';

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

/** The chip row's height: a chip and the row's padding. */
export const TAG_ROW_HEIGHT = 40;

/**
 * "All" and the most used tags, as chips; one at a time. Without tags (none yet, or they
 * could not be loaded) the filter simply does not show: the feed works without it.
 */
export function TagFilter({ tags, selected, onChange, loading = false }: TagFilterProps) {
  if (loading) return <div aria-hidden style={{ height: TAG_ROW_HEIGHT }} />;
  const names = tags.slice(0, TAGS_SHOWN).map((tag) => tag.name);
  // A tag reached by a link stays visible even when it is not among the most used.
  if (selected && !names.includes(selected)) names.unshift(selected);
  if (names.length === 0) return null;
  return (
    <div role="group" aria-label="Filter by tag" className={styles.row}>
      <button
        type="button"
        className={plainChip(selected === undefined)}
        aria-pressed={selected === undefined}
        onClick={() => onChange(undefined)}
      >
        All
      </button>
      {names.map((name) => (
        <button
          key={name}
          type="button"
          className={plainChip(selected === name)}
          aria-pressed={selected === name}
          onClick={() => onChange(selected === name ? undefined : name)}
        >
          {`#${name}`}
        </button>
      ))}
    </div>
  );
}
