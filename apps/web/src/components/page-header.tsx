import type { ReactNode } from 'react';
import styles from './page-header.module.css';

interface PageHeaderProps {
  title: string;
  /** One or two sentences under the title saying what the page is for. */
  children?: ReactNode;
  /** The page's main button ("New album"): beside the title, or under it on a phone. */
  action?: ReactNode;
}

/** A page's h1 and introduction; plain elements, as it heads most first screens. */
export function PageHeader({ title, children, action }: PageHeaderProps) {
  const header = (
    <div className={styles.header}>
      <h1 className={styles.title}>{title}</h1>
      {children && <div className={styles.intro}>{children}</div>}
    </div>
  );
  if (!action) return header;
  return (
    <div className={styles.withAction}>
      {header}
      <div className={styles.action}>{action}</div>
    </div>
  );
}
