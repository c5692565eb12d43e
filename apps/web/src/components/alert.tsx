import { CircleAlert, CircleCheck, Info, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../lib/cn.ts";

export type AlertVariant = "info" | "success" | "warning" | "error";

const styles: Record<AlertVariant, string> = {
  info: "border-border bg-surface-sunken text-text",
  success: "border-positive/40 bg-positive/10 text-text",
  warning: "border-warning/40 bg-warning/10 text-text",
  error: "border-negative/40 bg-negative/10 text-text",
};
const iconColor: Record<AlertVariant, string> = {
  info: "text-accent",
  success: "text-positive",
  warning: "text-warning",
  error: "text-negative",
};
const icons = { info: Info, success: CircleCheck, warning: TriangleAlert, error: CircleAlert };

interface AlertProps {
  variant?: AlertVariant;
  title?: string;
  children?: ReactNode;
  className?: string;
}

/** Errors are announced at once (role=alert), everything else politely (role=status). */
export function Alert({ variant = "info", title, children, className }: AlertProps) {
  const Icon = icons[variant];
  return (
    <div
      role={variant === "error" ? "alert" : "status"}
      className={cn("flex gap-3 rounded-lg border p-3 text-sm", styles[variant], className)}
    >
      <Icon className={cn("mt-0.5 size-4 shrink-0", iconColor[variant])} aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="break-words text-text">{children}</div> : null}
      </div>
    </div>
  );
}
