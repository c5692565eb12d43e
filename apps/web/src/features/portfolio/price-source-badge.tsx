import { currentPriceSource, type TokenHolding } from "@pulsemanager/core";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn.ts";

/** Sources we trust most get the calm look; fallbacks and unknown ones the warning colour. */
export function sourceTone(source: string): "good" | "derived" | "weak" {
  if (source === "defillama" || source === "moralis_live" || /^(pulsex|uniswap)_/.test(source)) return "good";
  if (source === "stablecoin" || source === "wrapped_base") return "derived";
  return "weak";
}

/** A V2 pool on Ethereum is a Uniswap pool; an older stored "pulsex_v2" of chain 1 reads the same. */
export function sourceLabelKey(source: string, chainId: number): string {
  return currentPriceSource(source, chainId);
}

const tones = {
  good: "border-border text-text-muted",
  derived: "border-accent/40 text-accent",
  weak: "border-warning/50 text-warning",
};

/**
 * Every price can be explained in one click (docs/product/design.md). A small badge with the source;
 * hover, focus or click shows where the price came from and whether it is reliable.
 */
export function PriceSourceBadge({
  token,
}: {
  token: Pick<TokenHolding, "priceSource" | "priceNote" | "hasReliablePrice" | "symbol" | "chainId">;
}) {
  const { t } = useTranslation("portfolio");
  const [open, setOpen] = useState(false);
  const [pinned, setPinned] = useState(false);
  const id = useId();
  const ref = useRef<HTMLSpanElement>(null);
  const source = token.priceSource;

  useEffect(() => {
    if (!pinned) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !ref.current?.contains(event.target as Node)) {
        setPinned(false);
        setOpen(false);
      }
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [pinned]);

  const label = t(`sources.${sourceLabelKey(source, token.chainId)}`, { defaultValue: source });
  return (
    <span ref={ref} className="relative inline-flex">
      <button
        type="button"
        className={cn(
          "rounded-full border px-2 py-0.5 text-[11px] leading-4 font-medium whitespace-nowrap",
          tones[sourceTone(source)],
        )}
        aria-expanded={open}
        aria-describedby={open ? id : undefined}
        aria-label={t("sourceButton", { source: label, symbol: token.symbol })}
        onMouseEnter={() => setOpen(true)}
        onMouseLeave={() => {
          if (!pinned) setOpen(false);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          if (!pinned) setOpen(false);
        }}
        onClick={() => {
          setPinned((p) => !p);
          setOpen(true);
        }}
        data-testid="price-source"
        data-source={source}
      >
        {label}
      </button>
      {open ? (
        <span
          id={id}
          role="tooltip"
          className="absolute top-full right-0 z-30 mt-1 w-64 max-w-[calc(100vw-2rem)] rounded-lg border border-border bg-surface-raised p-3 text-left text-xs font-normal text-text shadow-lg"
          data-testid="price-note"
        >
          <span className="block font-semibold">{t("sourceTitle", { source: label })}</span>
          <span className="mt-1 block text-text-muted">{t(`sourceText.${sourceTone(source)}`)}</span>
          {token.priceNote ? <span className="mt-1 block [overflow-wrap:anywhere]">{token.priceNote}</span> : null}
          <span className={cn("mt-1 block font-medium", token.hasReliablePrice ? "text-positive" : "text-warning")}>
            {token.hasReliablePrice ? t("reliable") : t("unreliable")}
          </span>
        </span>
      ) : null}
    </span>
  );
}
