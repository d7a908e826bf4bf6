import { NavLink } from '../../../lib/router';
import paper from '../../../components/plain/paper.module.css';
import { PlainIcon } from '../../../components/plain-icon';
import { MY_CONTENT_TABS } from './my-content-tabs';
import styles from './my-content-links.module.css';

/**
 * The member's own lists, as a side panel beside the feed: a list's rows drawn with plain
 * links, so the feed's first load brings none of MUI's list components.
 */
export function MyContentLinks() {
  return (
    <nav aria-label="Your content" className={`${paper.outlined} ${styles.panel}`}>
      <div className={styles.heading}>Your content</div>
      {MY_CONTENT_TABS.map(({ id, label, icon }) => (
        <NavLink key={id} to={`/my-content/${id}`} className={styles.link}>
          <span className={styles.icon}>
            <PlainIcon name={icon} size={20} />
          </span>
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
