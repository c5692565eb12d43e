import type { ReactNode } from "react";

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

/** A labelled on/off switch (a checkbox in the role of a switch, as the app's other settings), its hint, and what it governs. */
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
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          aria-checked={checked}
          aria-describedby={hintId}
          onChange={(e) => onChange(e.target.checked)}
          className="mt-0.5 size-4 shrink-0 accent-[var(--accent)]"
        />
      </div>
      {checked && children ? <div className="mt-3 space-y-3">{children}</div> : null}
    </div>
  );
}
