import type { ReactNode } from 'react';
import styles from './badge.module.css';

interface PlainBadgeProps {
  /** What the badge shows, already capped ("99+"); hidden from screen readers. */
  content: string;
  /** `afterLabel`: beside a text label rather than on an icon's corner. */
  placement?: 'corner' | 'afterLabel';
  children: ReactNode;
}

/**
 * MUI's error-coloured Badge as plain elements, for counts in the top bar. The number is
 * hidden from screen readers: the control's name, or text beside it, says it in words.
 */
export function PlainBadge({ content, placement = 'corner', children }: PlainBadgeProps) {
  return (
    <span className={styles.root}>
      {children}
      <span
        aria-hidden
        className={
          placement === 'afterLabel' ? `${styles.badge} ${styles.afterLabel}` : styles.badge
        }
      >
        {content}
      </span>
    </span>
  );
}
