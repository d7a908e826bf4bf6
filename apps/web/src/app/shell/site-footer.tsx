import { Link as RouterLink } from '../../lib/router';
import { HELP_NAV } from './nav-items';
import styles from './site-footer.module.css';

/** Licence and help links under every ordinary page; plain elements, as the top bar. */
export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.container}>
        <p className={styles.licence}>Agora is free, open-source software under the GNU AGPL v3.</p>
        <nav aria-label="Help" className={styles.links}>
          {HELP_NAV.map(({ label, to }) => (
            <RouterLink key={to} to={to}>
              {label}
            </RouterLink>
          ))}
          <RouterLink to="/contactus">Contact us</RouterLink>
        </nav>
      </div>
    </footer>
  );
}
