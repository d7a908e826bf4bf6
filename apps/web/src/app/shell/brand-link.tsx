import { Link as RouterLink } from '../../lib/router';
import { AgoraLogo } from '../../components/agora-logo';
import styles from './brand-link.module.css';

/** Logo and name, leading home. A plain link: the top bar draws it on every first screen. */
export function BrandLink({ onClick }: { onClick?: () => void }) {
  return (
    <RouterLink to="/" onClick={onClick} aria-label="Agora home" className={styles.brand}>
      <AgoraLogo size={32} title="" />
      <span className={styles.name}>Agora</span>
    </RouterLink>
  );
}
