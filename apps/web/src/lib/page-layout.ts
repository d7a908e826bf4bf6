import { createContext, useContext, useLayoutEffect } from 'react';

/** How the shell frames the page it shows. */
export interface PageLayout {
  /**
   * The page fills the window below the top bar and scrolls inside its own panels, as a chat
   * app does: the document never scrolls and there is no footer under it.
   */
  fillWindow: boolean;
  /** On phones the top bar shows its row with the global search. */
  phoneSearch: boolean;
}

/** A page that reads as a document: it scrolls with the window and the footer follows it. */
export const DOCUMENT_LAYOUT: PageLayout = { fillWindow: false, phoneSearch: true };

/** The shell's setter. A page rendered without the shell (in a unit test) has none to ask. */
export const PageLayoutContext = createContext<(layout: PageLayout) => void>(() => undefined);

/**
 * Asks the shell for another frame while the calling page is shown; the shell goes back to the
 * document layout when the page leaves. A layout effect, so the first paint is already framed.
 */
export function usePageLayout({ fillWindow, phoneSearch }: PageLayout): void {
  const setLayout = useContext(PageLayoutContext);
  useLayoutEffect(() => {
    setLayout({ fillWindow, phoneSearch });
    return () => setLayout(DOCUMENT_LAYOUT);
  }, [setLayout, fillWindow, phoneSearch]);
}
