import { CONTENT_STATUS_LABELS } from '@agora/shared';
import type { ContentStatus } from '@agora/shared';
import styles from './status-chip.module.css';

/** Marks a discussion that is not simply published; nothing for a published one. */
export function StatusChip({ status }: { status: ContentStatus }) {
  if (status === 'published') return null;
  return (
    <div className={`${styles.chip} ${styles[status]}`}>
      <span className={styles.label}>{CONTENT_STATUS_LABELS[status]}</span>
    </div>
  );
}
