import { Link as RouterLink, useLocation } from '../../../lib/router';
import { PlainIcon } from '../../../components/plain-icon';
import { plainButton } from '../../../components/plain/button';
import { loginPathFor } from '../../auth';
import paper from '../../../components/plain/paper.module.css';
import styles from './sign-in-prompt.module.css';

interface SignInPromptProps {
  title: string;
  children: string;
  /** Stack the parts at every width, for a narrow side panel. */
  stacked?: boolean;
}

/**
 * Reading is open to everyone; taking part needs an account. Offers log-in (coming back to this
 * page) and sign-up, like the app's other member-only places. Plain elements: it is on the
 * first screen a visitor sees of a list or a discussion.
 */
export function SignInPrompt({ title, children, stacked = false }: SignInPromptProps) {
  const location = useLocation();
  return (
    <div className={`${paper.outlined} ${styles.prompt} ${stacked ? '' : styles.row}`}>
      <div className={styles.icon}>
        <PlainIcon name="lockOpenRounded" size={24} />
      </div>
      <div className={styles.text}>
        <h2 className={styles.title}>{title}</h2>
        <p className={styles.body}>{children}</p>
      </div>
      <div className={styles.buttons}>
        <RouterLink
          to={loginPathFor(location.pathname + location.search)}
          className={plainButton({ variant: 'contained' })}
        >
          Log in
        </RouterLink>
        <RouterLink to="/register" className={plainButton({ variant: 'outlined' })}>
          Sign up
        </RouterLink>
      </div>
    </div>
  );
}
