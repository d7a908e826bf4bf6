import { Link as RouterLink } from '../../../lib/router';
import styles from './tag-chip.module.css';

/** A tag, linking to the feed filtered by it. */
export function TagChip({ tag }: { tag: string }) {
  return (
    <RouterLink className={styles.chip} to={`/discussions?tag=${encodeURIComponent(tag)}`}>
      {`#${tag}`}
    </RouterLink>
  );
}
