import { LoaderCircle } from "lucide-react";
import { cn } from "../lib/cn.ts";

export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn("flex flex-col items-center justify-center gap-3", className)}>
      <LoaderCircle className="size-8 animate-spin text-accent" aria-hidden="true" />
      <span className="text-sm text-text-muted">{label}</span>
    </div>
  );
}

/** Fills the window: used while the app boots and while the session is checked. */
export function FullScreenSpinner({ label }: { label: string }) {
  return <Spinner label={label} className="min-h-screen bg-surface" />;
}
