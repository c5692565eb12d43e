import type { InputHTMLAttributes, ReactNode } from "react";
import { cn } from "../lib/cn.ts";

export const inputClassName =
  "block w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm text-text placeholder:text-text-muted " +
  "focus-visible:border-accent aria-[invalid=true]:border-negative";

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string | null;
  hint?: ReactNode;
  /** Rendered inside the input box on the right (e.g. a show/hide toggle). */
  trailing?: ReactNode;
}

export function TextField({
  id,
  label,
  error,
  hint,
  trailing,
  className,
  "aria-describedby": extraDescribedBy,
  ...rest
}: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId, extraDescribedBy].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-text">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={id}
          className={cn(inputClassName, trailing ? "pr-11" : undefined)}
          {...rest}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {trailing ? <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div> : null}
      </div>
      {hint ? (
        <div id={hintId} className="text-xs text-text-muted">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="text-xs text-negative">
          {error}
        </p>
      ) : null}
    </div>
  );
}
