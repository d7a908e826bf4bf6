import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { AgoraLogo } from './agora-logo';

/**
 * SPEC §2 loading screen: full page, product logo and an indeterminate progress bar. Only for
 * the first load, before there is a shell; inside the shell a page shows ContentLoading.
 */
export function LoadingScreen() {
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
      })}
    >
      <AgoraLogo size={72} />
      <LinearProgress aria-label="Loading" sx={{ width: 200, height: 6, borderRadius: 3 }} />
    </Box>
  );
}
