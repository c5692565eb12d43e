import { cn } from "../lib/cn.ts";
import { Link } from "./link.tsx";

/** The PulseManager word mark; the gradient is reserved for logo, active nav item and primary buttons. */
export function Logo({ to = "/", className, compact = false }: { to?: string; className?: string; compact?: boolean }) {
  return (
    <Link to={to} className={cn("inline-flex items-center gap-2 rounded-md font-semibold text-text", className)}>
      <img src="/favicon.svg" alt="" className="size-8" width={32} height={32} />
      <span className={cn("text-lg tracking-tight", compact && "sr-only min-[420px]:not-sr-only")}>
        Pulse<span className="text-gradient-pulse">Manager</span>
      </span>
    </Link>
  );
}
