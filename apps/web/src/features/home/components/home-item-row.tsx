import { Link as RouterLink } from '../../../lib/router';
import type { CommonModel } from '@agora/shared';
import { Avatar } from '../../../components/avatar';
import { PlainIcon } from '../../../components/plain-icon';
import type { ICON_PATHS } from '../../../components/plain-icon';
import hidden from '../../../components/screen-reader-only.module.css';
import { compactCount, exactTime, plural, timeAgo } from '../../../lib/format';
import { KIND_PAGES } from '../home-items';
import type { HomeItem } from '../home-items';
import styles from './home-item-row.module.css';

const KIND_ICONS: Record<CommonModel, keyof typeof ICON_PATHS> = {
  forum: 'forum',
  poll: 'pollRounded',
  quiz: 'quiz',
};

/** How many tags a line shows before the rest hide behind "+n". */
const TAGS_SHOWN = 3;

/**
 * One line of a home list, dense like a forum's "latest" table: who, what, which kind and tags,
 * then the comments and the age on the right (below the title on a phone).
 */
export function HomeItemRow({ item }: { item: HomeItem }) {
  const kind = KIND_PAGES[item.model].label;
  const extraTags = item.tags.length - TAGS_SHOWN;
  const time = (
    <time dateTime={item.createdAt} title={exactTime(item.createdAt)}>
      {timeAgo(item.createdAt)}
    </time>
  );

  return (
    <li className={styles.row}>
      <Avatar
        name={item.author.username}
        src={item.author.avatar}
        size={32}
        style={{ alignSelf: 'start', marginTop: 2 }}
      />
      <div className={styles.main}>
        <h3 className={styles.title}>
          <RouterLink to={item.path}>{item.title}</RouterLink>
        </h3>
        <p className={styles.meta}>
          <span className={styles.kind}>
            <PlainIcon name={KIND_ICONS[item.model]} size={16} />
            {kind}
          </span>
          <span>by {item.author.username}</span>
          <span className={styles.phoneOnly}>
            {plural(item.commentsCount, 'comment')} · {time}
          </span>
          {item.tags.slice(0, TAGS_SHOWN).map((tag) => (
            <span key={tag}>#{tag}</span>
          ))}
          {extraTags > 0 && <span>+{extraTags}</span>}
        </p>
      </div>
      <div className={styles.side}>
        <span className={styles.comments}>
          <PlainIcon name="chatBubbleOutline" size={16} />
          <span aria-hidden>{compactCount(item.commentsCount)}</span>
          <span className={hidden.text}>{plural(item.commentsCount, 'comment')}</span>
        </span>
        <span>{time}</span>
      </div>
    </li>
  );
}
