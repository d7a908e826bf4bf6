import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { AgoraLogo } from './agora-logo';

interface LoadingScreenProps {
  /**
   * Fade in slowly: a page that loads in a few milliseconds then does not flash the
   * screen, while a slow one still shows the loading screen (used for in-app navigation).
   */
  fadeIn?: boolean;
}

/** SPEC §2 loading screen: full page, product logo and an indeterminate progress bar. */
export function LoadingScreen({ fadeIn = false }: LoadingScreenProps) {
  return (
    <Box
      sx={(theme) => ({
        position: 'fixed',
        inset: 0,
        zIndex: theme.zIndex.modal + 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        bgcolor: 'background.default',
        ...(fadeIn && {
          '@keyframes agora-loading-fade-in': { from: { opacity: 0 }, to: { opacity: 1 } },
          animation: 'agora-loading-fade-in 400ms ease-in 150ms both',
        }),
      })}
    >
      <AgoraLogo size={72} />
      <LinearProgress aria-label="Loading" sx={{ width: 200, height: 6, borderRadius: 3 }} />
    </Box>
  );
}
