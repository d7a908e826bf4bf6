import { Link as RouterLink } from '../../../lib/router';
import type { Discussion } from '@agora/shared';
import { useMemo } from 'react';
import { markdownExcerpt } from '../../../lib/markdown';
import { compactCount, plural } from '../../../lib/format';
import { Avatar } from '../../../components/avatar';
import { PlainIcon } from '../../../components/plain-icon';
import { PlainSkeleton } from '../../../components/plain/skeleton';
import type { ICON_PATHS } from '../../../components/plain-icon';
import { RelativeTime } from '../../../components/relative-time';
import hidden from '../../../components/screen-reader-only.module.css';
import { StaffBadge } from '../../../components/staff-badge';
import { StatusChip } from './status-chip';
import { TagChip } from './tag-chip';
import styles from './discussion-card.module.css';

interface CountProps {
  icon: keyof typeof ICON_PATHS;
  iconColor?: string;
  label: string;
  value: string;
}

/**
 * An icon and a number, read as words ("3 comments"): a span may not carry an aria-label, so
 * the words are hidden text and the number is hidden from screen readers.
 */
function Count({ icon, iconColor, label, value }: CountProps) {
  return (
    <span className={styles.count} title={label}>
      <PlainIcon name={icon} size={18} color={iconColor} />
      <span aria-hidden>{value}</span>
      <span className={hidden.text}>{label}</span>
    </span>
  );
}

/**
 * A discussion in a list: who and when, title, the first words, tags and counts. Plain
 * elements and a CSS module rather than MUI's components: a list draws twenty of these on its
 * first screen, and styling each through emotion was most of that screen's script time.
 */
export function DiscussionCard({ discussion }: { discussion: Discussion }) {
  const excerpt = useMemo(() => markdownExcerpt(discussion.content), [discussion.content]);
  const titleId = `discussion-${discussion.id}-title`;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.byline}>
        <Avatar name={discussion.author.username} src={discussion.author.avatar} size={22} />
        <span className={styles.author}>{discussion.author.username}</span>
        <StaffBadge role={discussion.author.role} />
        <span className={styles.when}>
          · <RelativeTime iso={discussion.createdAt} />
        </span>
        <StatusChip status={discussion.status} />
      </div>
      {/* h2: a list's cards come straight under the page's h1. */}
      <h2 id={titleId} className={styles.title}>
        <RouterLink to={`/discussions/${discussion.id}`}>{discussion.title}</RouterLink>
      </h2>
      {excerpt && <p className={styles.excerpt}>{excerpt}</p>}
      <div className={styles.footer}>
        {discussion.tags.length > 0 && (
          <div className={styles.tags}>
            {discussion.tags.map((tag) => (
              <TagChip key={tag} tag={tag} />
            ))}
          </div>
        )}
        <div className={styles.counts}>
          {discussion.pollChoices.length > 0 && (
            <Count icon="poll" label="Has a poll" value="Poll" />
          )}
          <Count
            icon={discussion.isLiked ? 'favorite' : 'favoriteBorder'}
            iconColor={discussion.isLiked ? 'var(--mui-palette-error-main)' : undefined}
            label={plural(discussion.likesCount, 'like')}
            value={compactCount(discussion.likesCount)}
          />
          <Count
            icon="chatBubbleOutline"
            label={plural(discussion.commentsCount, 'comment')}
            value={compactCount(discussion.commentsCount)}
          />
          <Count
            icon="visibility"
            label={plural(discussion.viewsCount, 'view')}
            value={compactCount(discussion.viewsCount)}
          />
        </div>
      </div>
    </article>
  );
}

/** The shape of a card while the list loads. */
export function DiscussionCardSkeleton() {
  return (
    <div aria-hidden className={`${styles.card} ${styles.skeleton}`}>
      <div className={styles.skeletonByline}>
        <PlainSkeleton variant="circular" width={28} height={28} />
        <PlainSkeleton width={140} />
      </div>
      <PlainSkeleton width="70%" height={30} />
      <PlainSkeleton width="100%" />
      <PlainSkeleton width="85%" />
      <div className={styles.skeletonTags}>
        <PlainSkeleton variant="rounded" width={64} height={24} />
        <PlainSkeleton variant="rounded" width={80} height={24} />
      </div>
    </div>
  );
}
