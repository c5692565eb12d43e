import { type ReactNode, startTransition, useEffect, useState } from "react";

/**
 * Renders its children one frame later (the fallback until then): a heavy part of a screen is
 * mounted after the rest has been painted, so no single task does both. The mount is a transition:
 * React renders it in slices of a few milliseconds, so a tap or scroll is not held up while it builds.
 */
export function AfterFirstPaint({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setReady(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return ready ? children : fallback;
}
