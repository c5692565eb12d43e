import type { ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

interface SwitchRowProps {
  id: string;
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** What belongs to the switch (its thresholds), shown below it while it is on. */
  children?: ReactNode;
  testId?: string;
}

/** A labelled on/off switch (role switch: Space and Enter toggle it), its hint, and what it governs. */
export function SwitchRow({ id, label, hint, checked, onChange, children, testId }: SwitchRowProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="py-3" data-testid={testId}>
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <label htmlFor={id} className="block text-sm font-medium text-text">
            {label}
          </label>
          {hint ? (
            <p id={hintId} className="mt-0.5 text-xs text-text-muted">
              {hint}
            </p>
          ) : null}
        </div>
        <button
          id={id}
          type="button"
          role="switch"
          aria-checked={checked}
          aria-describedby={hintId}
          onClick={() => onChange(!checked)}
          className={cn(
            "relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full border transition",
            checked ? "border-transparent bg-accent" : "border-border bg-surface-sunken",
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              "inline-block size-4 rounded-full shadow transition",
              checked ? "translate-x-6 bg-accent-contrast" : "translate-x-1 bg-text-muted",
            )}
          />
        </button>
      </div>
      {checked && children ? <div className="mt-3 space-y-3">{children}</div> : null}
    </div>
  );
}
