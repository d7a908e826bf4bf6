import { Link as RouterLink } from '../../../lib/router';
import { useGetFeaturedDiscussionsQuery } from '../forums-api';
import { compactCount, plural } from '../../../lib/format';
import { Avatar } from '../../../components/avatar';
import { PlainIcon } from '../../../components/plain-icon';
import hidden from '../../../components/screen-reader-only.module.css';
import styles from './featured-strip.module.css';

/**
 * What staff featured, as a row of cards; nothing at all when there is none or it fails.
 * Plain elements: it is the first thing the discussions page draws.
 */
export function FeaturedStrip() {
  const { data: featured } = useGetFeaturedDiscussionsQuery(undefined);
  if (!featured || featured.length === 0) return null;
  return (
    <section aria-labelledby="featured-title" className={styles.section}>
      <div className={styles.heading}>
        <PlainIcon name="autoAwesome" size={20} />
        <h2 id="featured-title">Featured</h2>
      </div>
      <ul className={styles.cards}>
        {featured.map((discussion) => (
          <li key={discussion.id}>
            <RouterLink to={`/discussions/${discussion.id}`} className={styles.card}>
              <p className={styles.title}>{discussion.title}</p>
              <span className={styles.byline}>
                <Avatar
                  name={discussion.author.username}
                  src={discussion.author.avatar}
                  size={22}
                />
                <span className={styles.author}>{discussion.author.username}</span>
                <PlainIcon name="favoriteBorder" size={16} />
                <span aria-hidden>{compactCount(discussion.likesCount)}</span>
                <span className={hidden.text}>{plural(discussion.likesCount, 'like')}</span>
                <PlainIcon name="chatBubbleOutline" size={16} />
                <span aria-hidden>{compactCount(discussion.commentsCount)}</span>
                <span className={hidden.text}>{plural(discussion.commentsCount, 'comment')}</span>
              </span>
            </RouterLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
