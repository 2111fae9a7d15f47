import { Component, type ReactNode } from "react";

interface ErrorBoundaryProps {
  /** What shows instead of the children once they have thrown. */
  fallback: (error: unknown) => ReactNode;
  /** A new value tries the children again (the next address). */
  resetKey?: string;
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: { thrown: unknown } | null;
  resetKey: string | undefined;
}

/**
 * Its children, or `fallback` once one of them throws while rendering (a bug, a page's code that
 * failed to download). React catches such errors only in a class component.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(thrown: unknown): Partial<ErrorBoundaryState> {
    return { error: { thrown } };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error.thrown) : this.props.children;
  }
}
