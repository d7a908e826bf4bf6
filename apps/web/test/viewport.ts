/**
 * jsdom has no `matchMedia`; this one answers width queries against a chosen viewport width,
 * which is enough for MUI's `useMediaQuery` with theme breakpoints. Changing the width tells
 * every listening query, as a resized window would.
 */
let viewportWidth = 1280;
const listeners = new Set<() => void>();

function matchesWidth(query: string): boolean {
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  if (!min && !max) return false;
  return (!min || viewportWidth >= Number(min[1])) && (!max || viewportWidth <= Number(max[1]));
}

const listen = (_type: string, listener: () => void) => listeners.add(listener);
const unlisten = (_type: string, listener: () => void) => listeners.delete(listener);

window.matchMedia = (query: string): MediaQueryList =>
  ({
    get matches() {
      return matchesWidth(query);
    },
    media: query,
    onchange: null,
    addEventListener: listen,
    removeEventListener: unlisten,
    addListener: (listener: () => void) => listen('change', listener),
    removeListener: (listener: () => void) => unlisten('change', listener),
    dispatchEvent: () => false,
  }) as unknown as MediaQueryList;

export function setViewportWidth(width: number): void {
  viewportWidth = width;
  for (const listener of [...listeners]) listener();
}
