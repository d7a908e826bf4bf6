import { cloneElement, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { FocusEvent, MouseEvent, ReactElement } from 'react';
import { createPortal } from 'react-dom';
import styles from './tooltip.module.css';

/** MUI's: the hint waits 100 ms under the pointer, then sits 14 px below (or above) its anchor. */
const ENTER_DELAY_MS = 100;
const GAP = 14;
/** MUI's popper keeps the hint 2 px (its margin) inside the window. */
const EDGE = 2;

interface TriggerProps {
  'aria-label'?: string;
  onMouseOver?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
}

interface PlainTooltipProps {
  title: string;
  /** One element that takes the handlers and the name (as MUI's Tooltip clones its child). */
  children: ReactElement<TriggerProps>;
}

/** The hint, placed against its anchor before it is painted. */
function Bubble({ id, title, anchor }: { id: string; title: string; anchor: HTMLElement }) {
  const ref = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ left: number; top: number; above: boolean } | null>(null);

  useLayoutEffect(() => {
    const bubble = ref.current;
    if (!bubble) return;
    const at = anchor.getBoundingClientRect();
    const { width, height } = bubble.getBoundingClientRect();
    const room = document.documentElement.clientWidth - width - 2 * EDGE;
    const left = Math.min(Math.max(Math.round(at.left + at.width / 2 - width / 2 - EDGE), 0), room);
    const above = at.bottom + GAP + height > window.innerHeight && at.top - GAP - height >= 0;
    const top = above ? Math.round(at.top) - GAP - height : Math.round(at.bottom) + GAP;
    setPlace({ left: left + EDGE + window.scrollX, top: top + window.scrollY, above });
  }, [anchor]);

  return (
    <div
      ref={ref}
      id={id}
      role="tooltip"
      className={place?.above ? `${styles.tooltip} ${styles.above}` : styles.tooltip}
      style={place ? { left: place.left, top: place.top } : { visibility: 'hidden' }}
    >
      {title}
    </div>
  );
}

/**
 * MUI's Tooltip for a plain element on a first screen: shown while the pointer rests on it or
 * the keyboard focuses it, hidden on leaving, blur or Escape. The child is named by the title
 * unless it has a name of its own, as MUI does.
 */
export function PlainTooltip({ title, children }: PlainTooltipProps) {
  const id = useId();
  // What the pointer or the keyboard is on, and (a moment later) where the hint shows.
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [ready, setReady] = useState<HTMLElement | null>(null);
  const anchor = target !== null && ready === target ? target : null;

  const hide = () => {
    setTarget(null);
    setReady(null);
  };

  useEffect(() => {
    if (!target) return;
    const timer = setTimeout(() => setReady(target), ENTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [target]);
  useEffect(() => {
    if (!anchor) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [anchor]);

  const own = children.props;
  const trigger = cloneElement(children, {
    'aria-label': own['aria-label'] ?? title,
    onMouseOver: (event: MouseEvent<HTMLElement>) => {
      own.onMouseOver?.(event);
      setTarget(event.currentTarget);
    },
    onMouseLeave: (event: MouseEvent<HTMLElement>) => {
      own.onMouseLeave?.(event);
      hide();
    },
    // As MUI: a click's focus shows nothing, the keyboard's does.
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      if (event.currentTarget.matches(':focus-visible')) setTarget(event.currentTarget);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      own.onBlur?.(event);
      hide();
    },
  });

  return (
    <>
      {trigger}
      {anchor && createPortal(<Bubble id={id} title={title} anchor={anchor} />, document.body)}
    </>
  );
}
