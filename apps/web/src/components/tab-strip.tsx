import { useRef } from 'react';
import type { KeyboardEvent } from 'react';
import styles from './tab-strip.module.css';

interface TabStripProps<T extends string> {
  /** The tabs' accessible name. */
  label: string;
  tabs: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  /** Placement in the caller's layout (margins, a rule below). */
  className?: string;
}

const NEXT_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * A row of tabs that switch what one list shows, drawn as MUI's Tabs are, for a page's first
 * load: plain buttons (no scroll buttons, no measured indicator, no emotion). A tablist of
 * tabs: Tab reaches the selected one, the arrow keys, Home and End move between them, Enter or
 * Space selects.
 */
export function TabStrip<T extends string>({
  label,
  tabs,
  value,
  onChange,
  className,
}: TabStripProps<T>) {
  const list = useRef<HTMLDivElement>(null);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = NEXT_KEYS[event.key];
    const buttons = [...(list.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const index = buttons.findIndex((button) => button === document.activeElement);
    if (!next || index < 0) return;
    event.preventDefault();
    buttons[next(index, buttons.length)]?.focus();
  };

  return (
    <div
      ref={list}
      role="tablist"
      aria-label={label}
      onKeyDown={move}
      className={className ? `${styles.strip} ${className}` : styles.strip}
    >
      {tabs.map((tab) => {
        const selected = tab.value === value;
        return (
          <button
            key={tab.value}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.value)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
