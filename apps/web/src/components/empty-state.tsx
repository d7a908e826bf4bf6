import type { ReactNode } from 'react';
import type SvgIcon from '@mui/material/SvgIcon';
import { PlainIcon } from './plain-icon';
import type { ICON_PATHS } from './plain-icon';
import styles from './empty-state.module.css';

interface EmptyStateProps {
  /**
   * A plain icon's name on a first screen; an MUI icon on pages that draw with MUI already.
   */
  icon: keyof typeof ICON_PATHS | typeof SvgIcon;
  title: string;
  children: ReactNode;
  /** Buttons or links offering the next step. */
  actions?: ReactNode;
}

/** A calm placeholder for "nothing here (yet)", with a way forward. */
export function EmptyState({ icon: Icon, title, children, actions }: EmptyStateProps) {
  return (
    <div className={styles.box}>
      <div className={styles.icon}>
        {typeof Icon === 'string' ? (
          <PlainIcon name={Icon} size={36} />
        ) : (
          <Icon fontSize="inherit" />
        )}
      </div>
      <h2 className={styles.title}>{title}</h2>
      <div className={styles.text}>{children}</div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}
