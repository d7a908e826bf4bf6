/*
 * What `@emotion/use-insertion-effect-with-fallbacks` is in a production build (vite.config.ts).
 * Preact has no insertion effects: its `useInsertionEffect` is a layout effect, so a component's
 * styles reached the sheet after other layout effects had already measured the page (the
 * editor's growing text field), and buttons faded in from unstyled through their 250 ms colour
 * transition, failing contrast checks meanwhile. Without an insertion effect, emotion writes the
 * styles while rendering, as it does on React 17, before anything is in the page.
 */
import { useLayoutEffect } from 'react';

export function useInsertionEffectAlwaysWithSyncFallback<T>(insert: () => T): T {
  return insert();
}

export const useInsertionEffectWithLayoutFallback = useLayoutEffect;
