import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { AppErrorBoundary } from './app-error-boundary';
import type { AppStore } from './store';
import { theme } from './theme';
import { Toaster } from './toasts/toaster';

interface AppProvidersProps {
  store: AppStore;
  children: ReactNode;
}

/** Store, theme, the last-resort error boundary and the toasts, around the router. */
export function AppProviders({ store, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <AppErrorBoundary>{children}</AppErrorBoundary>
        <Toaster />
      </ThemeProvider>
    </Provider>
  );
}
