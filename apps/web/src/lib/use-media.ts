import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, read while drawing and followed as the window changes. For a
 * layout whose parts change place, not only look, where CSS alone would draw each twice (and
 * read both to a screen reader, or tab through both). Plain, so a first screen needs no MUI.
 */
export function useMedia(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
