import { Link as RouterLink } from '../../../lib/router';
import { PlainIcon } from '../../../components/plain-icon';
import type { ICON_PATHS } from '../../../components/plain-icon';
import styles from './area-card.module.css';

export interface Area {
  title: string;
  description: string;
  to: string;
  icon: keyof typeof ICON_PATHS;
}

interface AreaCardProps {
  area: Area;
  /** Spans two grid columns, so that five cards fill whole rows of two or three. */
  featured?: boolean;
}

/** One of Agora's areas on the home page, leading to it. */
export function AreaCard({ area, featured = false }: AreaCardProps) {
  const { title, description, to, icon } = area;
  return (
    <div className={featured ? `${styles.card} ${styles.featured}` : styles.card}>
      <RouterLink to={to} className={styles.link}>
        <span className={styles.icon}>
          <PlainIcon name={icon} size={24} />
        </span>
        <h3 className={styles.title}>{title}</h3>
        <p className={styles.description}>{description}</p>
        <span aria-hidden className={styles.open}>
          Open <PlainIcon name="arrowForward" size={20} />
        </span>
      </RouterLink>
    </div>
  );
}
