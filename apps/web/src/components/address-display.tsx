import { Check, Copy, ExternalLink } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { explorerAddressUrl, shortAddress } from "../lib/address.ts";
import { cn } from "../lib/cn.ts";

interface AddressDisplayProps {
  address: string;
  chainId?: number;
  className?: string;
  /** Hide the explorer link (e.g. a chain without a known explorer). */
  noExplorer?: boolean;
}

/** An address short (6+4) with copy and explorer link; the full address on hover/focus (docs/product/design.md). */
export function AddressDisplay({ address, chainId, className, noExplorer }: AddressDisplayProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const [focused, setFocused] = useState(false);
  const explorer = !noExplorer && chainId !== undefined ? explorerAddressUrl(chainId, address) : null;

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 1_500);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      setCopied(true);
    } catch {
      /* clipboard refused (insecure context): the full address is still in the title */
    }
  };

  return (
    <span className={cn("inline-flex min-w-0 items-center gap-1", className)}>
      <span className="relative min-w-0">
        <button
          type="button"
          className="block max-w-full cursor-text truncate rounded font-mono text-sm"
          title={address}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onClick={() => setFocused((f) => !f)}
          data-testid="address-short"
          data-address={address}
        >
          <span aria-hidden="true">{shortAddress(address)}</span>
          <span className="sr-only">{address}</span>
        </button>
        {focused ? (
          <span
            role="tooltip"
            className="absolute top-full left-0 z-30 mt-1 rounded border border-border bg-surface-raised px-2 py-1 font-mono text-xs break-all text-text shadow-lg"
            style={{ width: "max-content", maxWidth: "min(26rem, calc(100vw - 2rem))" }}
          >
            {address}
          </span>
        ) : null}
      </span>
      <button
        type="button"
        onClick={copy}
        className="rounded p-1 text-text-muted hover:bg-surface-sunken hover:text-text"
        aria-label={copied ? t("address.copied") : t("address.copy")}
        title={copied ? t("address.copied") : t("address.copy")}
      >
        {copied ? (
          <Check className="size-3.5 text-positive" aria-hidden="true" />
        ) : (
          <Copy className="size-3.5" aria-hidden="true" />
        )}
      </button>
      {explorer ? (
        <a
          href={explorer}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded p-1 text-text-muted hover:bg-surface-sunken hover:text-text"
          aria-label={t("address.explorer")}
          title={t("address.explorer")}
        >
          <ExternalLink className="size-3.5" aria-hidden="true" />
        </a>
      ) : null}
    </span>
  );
}
