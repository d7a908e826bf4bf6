import LinearProgress from '@mui/material/LinearProgress';

/**
 * Progress for the content area while a page loads: a bar along the top of `main`, over the
 * page being left or in place of one that has nothing to show yet, while the top bar,
 * navigation and search stay usable. It fades in late, so a page that arrives in a few
 * milliseconds does not flash it, and takes no room in the flow, so nothing moves when it
 * comes or goes (the shell keeps `main` at least a screen tall).
 */
export function ContentLoading() {
  return (
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
}
