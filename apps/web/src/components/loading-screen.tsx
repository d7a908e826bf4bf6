import { AgoraLogo } from './agora-logo';
import { PlainLinearProgress } from './plain/linear-progress';
import styles from './loading-screen.module.css';

/**
 * SPEC §2 loading screen: full page, product logo and an indeterminate progress bar. Only for
 * the first load, before there is a shell; inside the shell a page shows ContentLoading.
 */
export function LoadingScreen() {
  return (
    <div className={styles.screen}>
      <AgoraLogo size={72} />
      <PlainLinearProgress label="Loading" className={styles.bar} />
    </div>
  );
}
