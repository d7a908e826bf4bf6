import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';

interface ContentLoadingProps {
  /**
   * Lie over the page still shown (a link was followed and the next page's code is on its
   * way) instead of taking the place of a page that has nothing to show yet.
   */
  overlay?: boolean;
}

/**
 * Progress for the content area while a page loads: the top bar, navigation and search stay
 * usable around it. The bar fades in late, so a page that arrives in a few milliseconds does
 * not flash it; it takes no room in the flow, so nothing moves when it comes or goes.
 */
export function ContentLoading({ overlay = false }: ContentLoadingProps) {
  const bar = (
    <LinearProgress
      aria-label="Loading page"
      sx={{
        position: 'absolute',
        top: 0,
        left: 0,
        right: 0,
        height: 3,
        '@keyframes agora-content-loading-in': { from: { opacity: 0 }, to: { opacity: 1 } },
        animation: 'agora-content-loading-in 300ms ease-in 150ms both',
      }}
    />
  );
  if (overlay) return bar;
  // A page that has nothing yet keeps the footer where a page would push it.
  return <Box sx={{ position: 'relative', minHeight: '100dvh' }}>{bar}</Box>;
}
