import { Component, type ComponentType, type ReactNode, Suspense, useEffect, useState } from "react";
import { lazyComponent, retryFailedLoads } from "../lib/lazy-component.tsx";

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A dialog whose parts (Radix's dialog, ~12 KB gzip) load when it first opens instead of with the page.
 * Before, nothing is rendered; from the first opening on the dialog stays mounted (Radix then plays the
 * closing and returns the focus). The parts are fetched ahead in the browser's idle time after the first
 * screen, so a first opening rarely waits; while they load, the page stays as it is. When they cannot be
 * loaded (the connection dropped), the dialog closes again and the next opening tries anew; the page stays.
 */
export function dialogOnDemand<P extends DialogProps>(load: () => Promise<ComponentType<P>>) {
  const Dialog = lazyComponent(load);
  return function DialogOnDemand(props: P) {
    const opened = useOpenedOnce(props.open, Dialog.preload);
    if (!opened) return null;
    return (
      <DialogLoadFailure open={props.open} onFailure={() => props.onOpenChange(false)}>
        <Suspense fallback={null}>
          <Dialog {...props} />
        </Suspense>
      </DialogLoadFailure>
    );
  };
}

function useOpenedOnce(open: boolean, preload: () => Promise<void>): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  useEffect(() => {
    const early = () => void preload().catch(() => undefined);
    // Safari has no idle callbacks: a second after the first screen instead.
    if (typeof window.requestIdleCallback !== "function") {
      const timer = window.setTimeout(early, 1000);
      return () => window.clearTimeout(timer);
    }
    const id = window.requestIdleCallback(early, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }, [preload]);
  return opened || open;
}

interface FailureProps {
  open: boolean;
  onFailure: () => void;
  children: ReactNode;
}

/** A failed load closes the dialog (instead of the route's error screen) and is forgotten for the next try. */
class DialogLoadFailure extends Component<FailureProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    retryFailedLoads();
    this.props.onFailure();
  }

  override componentDidUpdate(previous: FailureProps) {
    if (this.state.failed && this.props.open && !previous.open) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
