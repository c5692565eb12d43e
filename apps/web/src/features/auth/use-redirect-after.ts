import { useEffect, useRef } from "react";

/** Runs `action` once, `ms` after `active` became true (the success redirects of the sign-in pages). */
export function useRedirectAfter(active: boolean, ms: number, action: () => void): void {
  const actionRef = useRef(action);
  actionRef.current = action;
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => actionRef.current(), ms);
    return () => window.clearTimeout(timer);
  }, [active, ms]);
}
