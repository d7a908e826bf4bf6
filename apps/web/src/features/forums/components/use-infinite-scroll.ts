import { useEffect, useRef, useState } from 'react';

/**
 * Calls `onReach` when the returned ref's element comes within 600 px of the viewport, while
 * `enabled`. Re-arming after each page (enabled goes false while fetching) makes the observer
 * report again, so short pages that leave the sentinel in view keep loading.
 */
export function useInfiniteScroll(onReach: () => void, enabled: boolean) {
  const [node, setNode] = useState<Element | null>(null);
  const latest = useRef(onReach);
  useEffect(() => {
    latest.current = onReach;
  }, [onReach]);

  useEffect(() => {
    if (!node || !enabled || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, enabled]);

  return setNode;
}
