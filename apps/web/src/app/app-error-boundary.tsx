import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { SomethingWentWrongScreen } from '../components/something-went-wrong-screen';

interface AppErrorBoundaryProps {
  children: ReactNode;
}

interface AppErrorBoundaryState {
  failed: boolean;
}

/** Last line of defence for errors the router's own error elements cannot catch. */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, AppErrorBoundaryState> {
  override state: AppErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): AppErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Agora failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <SomethingWentWrongScreen /> : this.props.children;
  }
}
