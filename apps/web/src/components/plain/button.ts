import styles from './button.module.css';

export interface PlainButtonLook {
  variant?: 'contained' | 'outlined' | 'text';
  size?: 'small' | 'medium' | 'large';
  /** `secondaryText`: the grey of secondary text, for quiet actions in a row. */
  color?: 'primary' | 'inherit' | 'secondaryText';
}

/** The class names that give a plain `<a>` or `<button>` the look of MUI's Button. */
export function plainButton({
  variant = 'text',
  size = 'medium',
  color = 'primary',
}: PlainButtonLook = {}): string {
  return `${styles.base} ${styles[variant]} ${styles[size]} ${styles[color]}`;
}

/** The class of the icon span before a button's label. */
export const startIconClass = styles.startIcon;

/** The class names that give a plain `<button>` around an icon the look of MUI's IconButton. */
export function plainIconButton({ size = 'medium' }: { size?: 'small' | 'medium' } = {}): string {
  return size === 'small' ? `${styles.iconButton} ${styles.small}` : `${styles.iconButton}`;
}

/** Flush with a bar's edge, as MUI's `edge="start"`. */
export const edgeStartClass = styles.edgeStart;
