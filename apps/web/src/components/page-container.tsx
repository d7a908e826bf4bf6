import type { ReactNode } from 'react';
import styles from './page-container.module.css';

interface PageContainerProps {
  /** The page's name in the browser tab. */
  title: string;
  maxWidth?: 'sm' | 'md' | 'lg';
  children: ReactNode;
}

/**
 * The width, spacing and document title every ordinary page shares. A plain element: it is on
 * every first screen, and MUI's Container would style it through emotion there.
 */
export function PageContainer({ title, maxWidth = 'lg', children }: PageContainerProps) {
  return (
    <div className={`${styles.container} ${styles[maxWidth]}`}>
      <title>{`${title} · Agora`}</title>
      {children}
    </div>
  );
}
