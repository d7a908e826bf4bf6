import styles from './spinner.module.css';

/**
 * MUI Button's `loading`: add `buttonLoadingClass` to the (disabled) button and put this
 * spinner first inside it. The label turns transparent, keeping the button's width, and MUI's
 * 16 px CircularProgress turns in the middle, named as the button is.
 */
export function ButtonSpinner({ label }: { label: string }) {
  return (
    <span className={styles.indicator}>
      <span role="progressbar" aria-label={label} className={styles.spinner}>
        <svg viewBox="22 22 44 44" className={styles.svg}>
          <circle
            cx="44"
            cy="44"
            r="20.2"
            fill="none"
            strokeWidth="3.6"
            className={styles.circle}
          />
        </svg>
      </span>
    </span>
  );
}

export const buttonLoadingClass = styles.loading;
