import { useEffect, useRef } from "react";

/** Every `seconds` while `on`, and only while the tab is visible (a hidden tab pauses the timer). */
export function useAutoRefresh(on: boolean, seconds: number, run: () => void): void {
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    if (!on) return;
    let timer = 0;
    const schedule = () => {
      window.clearTimeout(timer);
      if (!document.hidden) timer = window.setTimeout(tick, seconds * 1000);
    };
    const tick = () => {
      latest.current();
      schedule();
    };
    schedule();
    document.addEventListener("visibilitychange", schedule);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener("visibilitychange", schedule);
    };
  }, [on, seconds]);
}
