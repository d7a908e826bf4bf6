import { PlainLinearProgress } from './plain/linear-progress';
import styles from './content-loading.module.css';

/**
 * Progress for the content area while a page loads: a bar along the top of `main`, over the
 * page being left or in place of one that has nothing to show yet, while the top bar,
 * navigation and search stay usable. It fades in late, so a page that arrives in a few
 * milliseconds does not flash it, and takes no room in the flow, so nothing moves when it
 * comes or goes (the shell keeps `main` at least a screen tall).
 */
export function ContentLoading() {
  return <PlainLinearProgress label="Loading page" className={styles.bar} />;
}
