import { ChevronRight } from "lucide-react";
import { type ReactNode, useState } from "react";

/** Opens a collapsible section by its id and brings it into view (from the warnings' links). */
export function openSection(id: string): void {
  const element = document.getElementById(id);
  if (element instanceof HTMLDetailsElement) element.open = true;
  element?.scrollIntoView({ behavior: "smooth", block: "start" });
  element?.querySelector("summary")?.focus({ preventScroll: true });
}

interface CollapsibleSectionProps {
  id: string;
  title: ReactNode;
  /** Shown beside the title (a count). */
  meta?: ReactNode;
  defaultOpen?: boolean;
  /** Rendered only while open: long lists cost nothing while closed. */
  children: () => ReactNode;
  testId?: string;
}

/** A native <details> section: keyboard and screen readers work without extra code. */
export function CollapsibleSection({
  id,
  title,
  meta,
  defaultOpen = false,
  children,
  testId,
}: CollapsibleSectionProps) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <details
      id={id}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="group scroll-mt-4 rounded-lg border border-border bg-surface-raised"
      data-testid={testId}
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-4 py-3 text-base font-semibold sm:px-6 [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-4 shrink-0 transition-transform group-open:rotate-90" aria-hidden="true" />
        <span className="min-w-0 flex-1">{title}</span>
        {meta ? <span className="text-sm font-normal text-text-muted">{meta}</span> : null}
      </summary>
      {open ? <div className="border-t border-border px-4 py-3 sm:px-6">{children()}</div> : null}
    </details>
  );
}
