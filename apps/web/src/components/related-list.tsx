import { Link as RouterLink } from '../lib/router';
import { useId } from 'react';
import paper from './plain/paper.module.css';
import styles from './related-list.module.css';

export interface RelatedItem {
  id: number;
  to: string;
  title: string;
  /** A line under the title: who asked, how many took part. */
  detail: string;
}

interface RelatedListProps {
  title: string;
  items: RelatedItem[] | undefined;
  /** The heading's id, where a page names it; a generated one otherwise. */
  titleId?: string;
}

/**
 * A short list of objects like the one on the page; nothing at all when there are none. Plain
 * elements: it sits on a first screen, beside the object.
 */
export function RelatedList({ title, items, titleId }: RelatedListProps) {
  const generatedId = useId();
  const headingId = titleId ?? generatedId;
  if (!items || items.length === 0) return null;
  return (
    <section className={`${paper.outlined} ${styles.card}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {title}
      </h2>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.id}>
            <RouterLink to={item.to} className={styles.link}>
              {item.title}
            </RouterLink>
            <p className={styles.detail}>{item.detail}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
