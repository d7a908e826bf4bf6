import { useId } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from '../../../lib/router';
import { plainButton } from '../../../components/plain/button';
import paper from '../../../components/plain/paper.module.css';
import { PlainSkeleton } from '../../../components/plain/skeleton';
import styles from './home-panel.module.css';

/** The column of panels beside the list. */
export const panelColumnClass = styles.column;

interface HomePanelProps {
  title: string;
  /** "Open chat", "See all": the page this panel summarises. */
  more?: { label: string; to: string };
  children: ReactNode;
}

/** A small titled box beside the home page's list. */
export function HomePanel({ title, more, children }: HomePanelProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={`${paper.outlined} ${styles.panel}`}>
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {more && (
          <RouterLink to={more.to} className={plainButton({ size: 'small' })}>
            {more.label}
          </RouterLink>
        )}
      </div>
      {children}
    </section>
  );
}

/** A quiet line for a panel with nothing to show. */
export function PanelNote({ children }: { children: ReactNode }) {
  return <p className={styles.note}>{children}</p>;
}

/** Placeholder lines while a panel loads. */
export function PanelSkeleton({ lines = 3 }: { lines?: number }) {
  return (
    <div aria-hidden className={styles.skeleton}>
      {Array.from({ length: lines }, (_, index) => (
        <div key={index} className={styles.skeletonRow}>
          <PlainSkeleton variant="circular" width={32} height={32} />
          <div className={styles.skeletonLine}>
            <PlainSkeleton height={20} />
          </div>
        </div>
      ))}
    </div>
  );
}
