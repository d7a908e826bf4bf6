import { plainChip } from './plain/chip';
import styles from './filter-chips.module.css';

interface FilterChipsProps<Value extends string> {
  /** What the choice is about, for assistive technology ("Which polls"). */
  label: string;
  options: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (next: Value) => void;
}

/**
 * One of a few lists to show, as a row of chips (the chosen one filled and pressed) that wraps
 * chip by chip on a narrow screen.
 */
export function FilterChips<Value extends string>({
  label,
  options,
  value,
  onChange,
}: FilterChipsProps<Value>) {
  return (
    <div role="group" aria-label={label} className={styles.row}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={plainChip(value === option.value)}
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
