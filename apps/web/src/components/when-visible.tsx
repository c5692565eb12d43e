import { type ReactNode, Suspense, useEffect, useRef, useState } from "react";

/**
 * Renders (and so loads) its children once they come near the screen: charts below the fold
 * cost nothing while the page first shows. Lazy children suspend behind the same fallback.
 */
export function WhenVisible({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const element = anchor.current;
    if (!element || visible) return;
    if (typeof IntersectionObserver === "undefined") {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setVisible(true);
      },
      { rootMargin: "200px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);

  if (visible) return <Suspense fallback={fallback}>{children}</Suspense>;
  return <div ref={anchor}>{fallback}</div>;
}
