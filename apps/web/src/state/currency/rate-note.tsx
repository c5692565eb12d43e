import type { DisplayRate } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn.ts";
import { formatDay, formatFixed } from "../../lib/format-number.ts";
import type { Money } from "./use-money.ts";

/** The rate's words: "1 € = 1,0950 $" with who published it and for which day. */
export function rateText(
  rate: DisplayRate,
  language: string,
  t: (key: string, values: Record<string, string>) => string,
): string {
  const values = {
    date: formatDay(rate.rateDate, language),
    eur: formatFixed("1", language, { decimals: 0, currency: "EUR" }),
    usd: formatFixed(rate.usdPerEur, language, { decimals: 4, currency: "USD" }),
    source: rate.source,
  };
  const key = rate.source === "ecb" ? "rate.ecb" : rate.source === "demo" ? "rate.demo" : "rate.other";
  return t(key, values);
}

/** Beside values in euros: the reference rate and its day; when euros are wanted but no rate is known, why dollars. */
export function RateNote({ money, className }: { money: Money; className?: string }) {
  const { t, i18n } = useTranslation("currency");
  if (money.currency === "EUR" && money.rate) {
    return (
      <span className={cn("block text-xs text-text-muted", className)} data-testid="rate-note">
        {rateText(money.rate, i18n.language, (key, values) => t(key, values))}
      </span>
    );
  }
  if (money.wanted === "EUR") {
    return (
      <span className={cn("block text-xs text-warning", className)} data-testid="rate-note">
        {t("rate.missing")}
      </span>
    );
  }
  return null;
}
