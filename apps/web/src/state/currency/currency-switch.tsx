import { DISPLAY_CURRENCIES } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn.ts";
import { useDisplayCurrency } from "./use-money.ts";

/** EUR | USD: stores the user's choice (on the server, so it follows them to every browser). */
export function CurrencySwitch({ className }: { className?: string }) {
  const { t } = useTranslation("currency");
  const { wanted, choose } = useDisplayCurrency();
  return (
    <fieldset
      className={cn("inline-flex rounded-lg border border-border bg-surface-raised p-0.5", className)}
      data-testid="currency-switch"
    >
      <legend className="sr-only">{t("label")}</legend>
      {DISPLAY_CURRENCIES.map((currency) => (
        <button
          key={currency}
          type="button"
          aria-pressed={wanted === currency}
          title={t(`options.${currency}`)}
          onClick={() => choose(currency)}
          className={cn(
            "min-w-11 rounded-md px-2 py-1 text-xs font-semibold transition",
            wanted === currency ? "bg-surface-sunken text-text" : "text-text-muted hover:text-text",
          )}
        >
          {currency}
        </button>
      ))}
    </fieldset>
  );
}
