import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { AppErrorBoundary } from './app-error-boundary';
import type { AppStore } from './store';
import { Toaster } from './toasts/toaster';

interface AppProvidersProps {
  store: AppStore;
  children: ReactNode;
}

/** Store, the last-resort error boundary and the toasts, around the router. */
export function AppProviders({ store, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <AppErrorBoundary>{children}</AppErrorBoundary>
      <Toaster />
    </Provider>
  );
}
