import type { ReactNode } from "react";
import { cn } from "../lib/cn.ts";

interface MoreButtonProps {
  /** Entries not shown yet: none, no button. */
  rest: number;
  onMore: () => void;
  /** What a click adds ("Weitere 100 anzeigen"). */
  children: ReactNode;
  /** Its place: below a table by default. */
  className?: string;
  testId?: string;
}

/** Shows the next page of a long list (see use-paged.ts). */
export function MoreButton({ rest, onMore, children, className = "mt-2 text-sm", testId }: MoreButtonProps) {
  if (rest <= 0) return null;
  return (
    <button
      type="button"
      onClick={onMore}
      className={cn("rounded-md px-3 py-1.5 font-medium text-accent hover:bg-surface-sunken", className)}
      data-testid={testId}
    >
      {children}
    </button>
  );
}
