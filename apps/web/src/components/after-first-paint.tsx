import { type ReactNode, useEffect, useState } from "react";

/**
 * Renders its children one frame later (the fallback until then): a heavy part of a screen is
 * mounted in a task of its own, after the rest has been painted, so no single task does both.
 */
export function AfterFirstPaint({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setReady(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return ready ? children : fallback;
}
