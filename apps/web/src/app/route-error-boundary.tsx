import { Component, type ReactNode } from "react";
import { type Location, useLocation } from "react-router";
import { RouteErrorScreen } from "./route-error-screen.tsx";

interface Props {
  location: Location;
  children: ReactNode;
}

interface State {
  error: unknown;
  hasError: boolean;
  location: Location;
}

class Boundary extends Component<Props, State> {
  override state: State = { error: null, hasError: false, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  /** Another page (or the same one asked for again) starts without the error. */
  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.location === state.location ? null : { error: null, hasError: false, location: props.location };
  }

  override render(): ReactNode {
    return this.state.hasError ? <RouteErrorScreen error={this.state.error} /> : this.props.children;
  }
}

/** A render failure (or a page chunk that failed to load) on any route shows the error screen. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary location={useLocation()}>{children}</Boundary>;
}
