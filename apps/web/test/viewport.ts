/**
 * jsdom has no `matchMedia`; this one answers width queries against a chosen viewport width,
 * which is enough for MUI's `useMediaQuery` with theme breakpoints.
 */
export function setViewportWidth(width: number): void {
  const matches = (query: string): boolean => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    if (!min && !max) return false;
    return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  };
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  });
}
