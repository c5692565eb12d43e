import { hueOf, tokenInitials } from "../lib/address.ts";
import { cn } from "../lib/cn.ts";

/**
 * Initials in a circle coloured from the address. 30 % lightness keeps white text at a contrast of
 * at least 4.7:1 for every hue (WCAG AA for small text).
 */
export function TokenIcon({ symbol, address, className }: { symbol: string; address: string; className?: string }) {
  const hue = hueOf(address === "native" ? symbol : address);
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex size-8 shrink-0 items-center justify-center rounded-full text-[11px] font-semibold text-white",
        className,
      )}
      style={{ backgroundColor: `hsl(${hue} 55% 30%)` }}
    >
      {tokenInitials(symbol)}
    </span>
  );
}
