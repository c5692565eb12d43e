import { hueOf, tokenInitials } from "../lib/address.ts";
import { cn } from "../lib/cn.ts";

/** DESIGN.md: initials in a circle coloured from the address. */
export function TokenIcon({ symbol, address, className }: { symbol: string; address: string; className?: string }) {
  const hue = hueOf(address === "native" ? symbol : address);
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex size-8 shrink-0 items-center justify-center rounded-full text-[11px] font-semibold text-white",
        className,
      )}
      style={{ backgroundColor: `hsl(${hue} 55% 42%)` }}
    >
      {tokenInitials(symbol)}
    </span>
  );
}
