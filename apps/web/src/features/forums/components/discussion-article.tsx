import type { ReactNode } from 'react';
import type { Discussion } from '@agora/shared';
import { MarkdownView } from '../../../components/markdown-view';
import { exactTime, plural } from '../../../lib/format';
import { Avatar } from '../../../components/avatar';
import { PlainTooltip } from '../../../components/plain/tooltip';
import { RelativeTime } from '../../../components/relative-time';
import { StaffBadge } from '../../../components/staff-badge';
import { StatusChip } from './status-chip';
import { TagChip } from './tag-chip';
import paper from '../../../components/plain/paper.module.css';
import styles from './discussion-article.module.css';

interface DiscussionArticleProps {
  discussion: Discussion;
  /** The author's tools, shown beside the byline. */
  authorTools?: ReactNode;
  /** Shown between the text and the actions (the audio version). */
  media?: ReactNode;
  actions: ReactNode;
}

const STATUS_NOTES = {
  draft: 'This is a draft: only you can see it until you publish it.',
  archived: 'This discussion is archived: it is kept for reference and can no longer change.',
  hidden: 'This discussion is hidden while moderators look at reports about it.',
} as const;

/**
 * The discussion itself: title, byline, tags, rendered text and the reader's actions. Plain
 * elements: it is most of the page's first screen.
 */
export function DiscussionArticle({
  discussion,
  authorTools,
  media,
  actions,
}: DiscussionArticleProps) {
  return (
    <article className={`${paper.outlined} ${styles.article}`} aria-labelledby="discussion-title">
      {discussion.status !== 'published' && (
        <div className={styles.status}>
          <StatusChip status={discussion.status} />
          <p className={styles.statusNote}>{STATUS_NOTES[discussion.status]}</p>
        </div>
      )}
      <h1 id="discussion-title" className={styles.title}>
        {discussion.title}
      </h1>
      <div className={styles.header}>
        <div className={styles.byline}>
          <Avatar name={discussion.author.username} src={discussion.author.avatar} size={40} />
          <div className={styles.who}>
            <p className={styles.author}>
              {discussion.author.username}
              <StaffBadge role={discussion.author.role} />
            </p>
            <p className={styles.meta}>
              <RelativeTime iso={discussion.createdAt} />
              {discussion.editedAt && (
                <>
                  {' · '}
                  {/* Focusable, so the exact time is not for a mouse only. */}
                  <PlainTooltip title={`Edited ${exactTime(discussion.editedAt)}`}>
                    <span tabIndex={0}>edited</span>
                  </PlainTooltip>
                </>
              )}
              {' · '}
              {plural(discussion.viewsCount, 'view')}
            </p>
          </div>
        </div>
        {authorTools}
      </div>
      {discussion.tags.length > 0 && (
        <div className={styles.tags}>
          {discussion.tags.map((tag) => (
            <TagChip key={tag} tag={tag} />
          ))}
        </div>
      )}
      <hr className={styles.divider} />
      <MarkdownView source={discussion.content} />
      {media && <div className={styles.media}>{media}</div>}
      <hr className={styles.divider} />
      {actions}
    </article>
  );
}
