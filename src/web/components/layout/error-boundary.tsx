import { Component, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  /** What to show instead of the part that failed. */
  fallback: (error: unknown) => ReactNode;
  /** When this changes (the router passes the path), the boundary tries its children again. */
  resetKey?: string;
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: unknown;
  resetKey: string | undefined;
}

/** Catches a page that fails to load or render, so moving to another page still works. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState) {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override render() {
    if (this.state.error !== null) return this.props.fallback(this.state.error);
    return this.props.children;
  }
}
