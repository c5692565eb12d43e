import type { ReactNode, SelectHTMLAttributes } from "react";
import { cn } from "../lib/cn.ts";
import { inputClassName } from "./text-field.tsx";

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> {
  id: string;
  label: string;
  /** Below the box; its id is `${id}-hint` (described by). */
  hint?: ReactNode;
  error?: string | null;
  /** The options. */
  children: ReactNode;
}

/** A labelled select box in the form style of TextField: label, box, hint and error below. */
export function SelectField({ id, label, hint, error, className, children, ...rest }: SelectFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        className={inputClassName}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      >
        {children}
      </select>
      {hint ? (
        <p id={hintId} className="text-xs text-text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-xs text-negative">
          {error}
        </p>
      ) : null}
    </div>
  );
}
