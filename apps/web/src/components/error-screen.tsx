import type { ReactNode } from 'react';
import { PlainIcon } from './plain-icon';
import type { ICON_PATHS } from './plain-icon';
import styles from './error-screen.module.css';

interface ErrorScreenProps {
  icon: keyof typeof ICON_PATHS;
  title: string;
  text: string;
  /** Links or buttons that help the member get going again. */
  actions?: ReactNode;
}

/** The class of a text link among an error screen's actions. */
export const errorScreenLinkClass = styles.link;

/**
 * The shared layout of the full-page error screens. Plain elements: the app's first load may
 * end here (an unknown address, a failed start), before anything else needs MUI.
 */
export function ErrorScreen({ icon, title, text, actions }: ErrorScreenProps) {
  return (
    <section className={styles.screen}>
      <div className={styles.badge}>
        <PlainIcon name={icon} size={44} />
      </div>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>{text}</p>
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}
