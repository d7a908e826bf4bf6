import { useCallback, useEffect, useState } from 'react';

/**
 * Runs `load` (stable: wrap it in useCallback) on mount and again through `reload`. `loaded`
 * turns true once the first run has settled, so a panel keeps its skeleton until then rather
 * than flashing "nothing yet".
 */
export function useLoadOnMount(load: () => Promise<unknown>): {
  loaded: boolean;
  reload: () => void;
} {
  const [loaded, setLoaded] = useState(false);
  const reload = useCallback(() => {
    void load().finally(() => setLoaded(true));
  }, [load]);
  useEffect(reload, [reload]);
  return { loaded, reload };
}
