import type { HTMLAttributes } from "react";
import { cn } from "../lib/cn.ts";

export function Card({ className, ...rest }: HTMLAttributes<HTMLElement>) {
  return (
    <section className={cn("rounded-lg border border-border bg-surface-raised p-4 sm:p-6", className)} {...rest} />
  );
}
