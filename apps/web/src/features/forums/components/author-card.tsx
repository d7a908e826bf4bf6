import { Link as RouterLink } from '../../../lib/router';
import type { Author } from '@agora/shared';
import { Avatar } from '../../../components/avatar';
import { plainButton } from '../../../components/plain/button';
import { StaffBadge } from '../../../components/staff-badge';
import paper from '../../../components/plain/paper.module.css';
import styles from './author-card.module.css';

/**
 * Who wrote the discussion, with a way to their profile and their other discussions. Plain
 * elements: it is on the page's first screen beside the article.
 */
export function AuthorCard({ author }: { author: Author }) {
  return (
    <section className={`${paper.outlined} ${styles.card}`} aria-label="About the author">
      <span className={styles.overline}>Written by</span>
      <div className={styles.who}>
        <Avatar name={author.username} src={author.avatar} size={48} />
        <p className={styles.name}>{author.username}</p>
        <StaffBadge role={author.role} />
      </div>
      <RouterLink
        to={`/user-info/${encodeURIComponent(author.username)}`}
        className={`${plainButton({ variant: 'outlined' })} ${styles.profile}`}
      >
        View profile
      </RouterLink>
    </section>
  );
}
