import { type ComponentType, use } from "react";

/** Loads that failed, forgotten again when the user retries (the error screen's "Erneut versuchen"). */
const failed = new Set<() => void>();

export function retryFailedLoads(): void {
  for (const forget of failed) forget();
  failed.clear();
}

export interface LazyComponent<P> {
  (props: P): React.ReactNode;
  /** Starts loading (once); resolves when the component renders without waiting. */
  preload(): Promise<void>;
}

/**
 * A component whose code loads on first use (its own chunk). Unlike React.lazy it can be loaded ahead
 * (a route's chunks start together, the first page before the app renders) and a failed load is tried
 * again after retryFailedLoads() instead of failing for the rest of the visit.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const start = (): Promise<ComponentType<P>> => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        failed.add(() => {
          pending = undefined;
        });
        throw error;
      },
    );
    return pending;
  };
  function Lazy(props: P) {
    const Component = loaded ?? use(start());
    return <Component {...props} />;
  }
  Lazy.preload = () => start().then(() => undefined);
  return Lazy;
}
