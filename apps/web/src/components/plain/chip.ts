import styles from './chip.module.css';

/** The class names that give a plain `<button>` the look of MUI's clickable Chip. */
export function plainChip(chosen: boolean): string {
  return chosen ? `${styles.chip} ${styles.chosen}` : (styles.chip ?? '');
}
