import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { SomethingWentWrongScreen } from '../components/something-went-wrong-screen';

interface AppErrorBoundaryProps {
  children: ReactNode;
  /** A new value (the next page's path) clears a failure. */
  resetKey?: string;
}

interface AppErrorBoundaryState {
  failed: boolean;
}

/**
 * Shows the SPEC's failure screen in place of what failed to draw: around the whole app as the
 * last line of defence, and around the current page so the shell stays usable.
 */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, AppErrorBoundaryState> {
  override state: AppErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): AppErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Agora failed to render', error, info.componentStack);
  }

  override componentDidUpdate(previous: AppErrorBoundaryProps): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) {
      this.setState({ failed: false });
    }
  }

  override render() {
    return this.state.failed ? <SomethingWentWrongScreen /> : this.props.children;
  }
}
