import { useEffect, useState } from "react";

/** Counts down whole seconds from `seconds` to 0, then calls `onDone` once. */
export function useCountdown(seconds: number, onDone: () => void): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) {
      onDone();
      return;
    }
    const timer = window.setTimeout(() => setLeft((value) => value - 1), 1_000);
    return () => window.clearTimeout(timer);
  }, [left, onDone]);
  return left;
}
