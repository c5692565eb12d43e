import { Search } from "lucide-react";
import type { InputHTMLAttributes } from "react";
import { cn } from "../lib/cn.ts";
import { inputClassName } from "./text-field.tsx";

/** A search box with its magnifier; the caller gives it a label (visible or screen-reader only). */
export function SearchInput({
  onValue,
  className,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "onChange"> & { onValue: (value: string) => void }) {
  return (
    <div className="relative">
      <Search className="absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-text-muted" aria-hidden="true" />
      <input
        type="search"
        autoComplete="off"
        spellCheck={false}
        {...props}
        onChange={(event) => onValue(event.target.value)}
        className={cn(inputClassName, "pl-8", className)}
      />
    </div>
  );
}
