import { type ComponentType, Suspense, useEffect, useState } from "react";
import { lazyComponent } from "../lib/lazy-component.tsx";

/**
 * A dialog whose parts (Radix's dialog, ~12 KB gzip) load when it first opens instead of with the page.
 * Before, nothing is rendered; from the first opening on the dialog stays mounted (Radix then plays the
 * closing and returns the focus). The parts are fetched ahead in the browser's idle time after the first
 * screen, so a first opening rarely waits; while they load, the page stays as it is.
 */
export function dialogOnDemand<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Dialog = lazyComponent(load);
  return function DialogOnDemand(props: P) {
    const opened = useOpenedOnce(props.open, Dialog.preload);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}

function useOpenedOnce(open: boolean, preload: () => Promise<void>): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== "function") return;
    const id = window.requestIdleCallback(() => void preload().catch(() => undefined), { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }, [preload]);
  return opened || open;
}
