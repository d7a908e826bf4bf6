import styles from './linear-progress.module.css';

interface PlainLinearProgressProps {
  /** The bar's accessible name. */
  label: string;
  /** Size and placement; the look is MUI's. */
  className?: string;
}

/**
 * MUI's indeterminate LinearProgress as plain elements, for what every first load may draw (the
 * loading screens): the same role and no value, as MUI's indeterminate bar announces none.
 */
export function PlainLinearProgress({ label, className }: PlainLinearProgressProps) {
  return (
    <span
      role="progressbar"
      aria-label={label}
      className={className ? `${styles.root} ${className}` : styles.root}
    >
      <span className={`${styles.bar} ${styles.bar1}`} />
      <span className={`${styles.bar} ${styles.bar2}`} />
    </span>
  );
}
