import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useBlocker } from '../../../../lib/router';
import { ConfirmDialog } from '../../../../components/confirm-dialog';

/**
 * Warns before unsaved changes are lost: a dialog for navigation inside the app, the browser's
 * own prompt for closing or reloading the tab. Call `allowLeaving()` just before navigating
 * away after a successful save.
 */
export function useUnsavedChanges(dirty: boolean) {
  const leaving = useRef(false);
  const dirtyNow = useRef(dirty);
  // Before the browser paints: a Back pressed the moment after typing finds the form dirty.
  useLayoutEffect(() => {
    dirtyNow.current = dirty;
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyNow.current && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const allowLeaving = useCallback(() => {
    leaving.current = true;
  }, []);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      confirmLabel="Leave"
      cancelLabel="Keep editing"
      destructive
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    >
      Your changes to this discussion have not been saved and will be lost.
    </ConfirmDialog>
  );

  return { allowLeaving, dialog };
}
