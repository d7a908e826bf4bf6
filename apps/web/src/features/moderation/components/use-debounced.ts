import { useEffect, useState } from 'react';

/** Typing pauses this long before a member search or filter is sent. */
export const MEMBER_SEARCH_DELAY_MS = 300;

/** `value` once it has stayed the same for `delay` ms. */
export function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
