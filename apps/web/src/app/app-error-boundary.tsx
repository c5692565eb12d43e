import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorScreen } from "./error-screen.tsx";

interface State {
  error: unknown;
  hasError: boolean;
}

/** The last line of defence around the whole app (the router has its own errorElement). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("Render failure", error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    return (
      <ErrorScreen
        error={this.state.error}
        onRetry={() => this.setState({ error: null, hasError: false })}
        onGoHome={() => window.location.assign("/")}
      />
    );
  }
}
