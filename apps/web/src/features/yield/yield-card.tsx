import type { YieldExample } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/card.tsx";
import { formatFixed, formatPercent } from "../../lib/format-number.ts";

/** One pool as an example: "Example" on the card, the figures, and the formula they come from. */
export function YieldCard({ example, windowHours }: { example: YieldExample; windowHours: number }) {
  const { t, i18n } = useTranslation("yield");
  const lang = i18n.language;
  const whole = (value: string) => formatFixed(value, lang, { decimals: 0 });
  const percent = formatFixed(example.lpFeePercent, lang, { decimals: 2 });
  return (
    <Card className="space-y-3" data-testid="yield-card">
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-lg font-semibold text-text">
          {example.token.symbol} / {example.quote.symbol}
          <span className="ml-2 text-sm font-normal text-text-muted">PulseX {example.dex.toUpperCase()}</span>
        </h2>
        <span
          className="shrink-0 rounded bg-warning/5 px-2 py-0.5 text-xs font-semibold text-warning uppercase"
          data-testid="example-badge"
        >
          {t("badge")}
        </span>
      </div>
      <p className="text-3xl font-semibold text-text" data-testid="yield-apr">
        {example.feeAprPercent === null ? "–" : formatPercent(example.feeAprPercent, lang)}
        <span className="ml-2 text-sm font-normal text-text-muted">{t("card.aprLabel")}</span>
      </p>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <dt className="text-text-muted">{t("card.liquidity")}</dt>
        <dd className="text-right text-text">{whole(example.liquidityWpls)} WPLS</dd>
        <dt className="text-text-muted">{t("card.swaps", { hours: windowHours })}</dt>
        <dd className="text-right text-text">{example.swaps}</dd>
        <dt className="text-text-muted">{t("card.volume")}</dt>
        <dd className="text-right text-text">{whole(example.volumeWpls)} WPLS</dd>
        <dt className="text-text-muted">{t("card.fees", { percent })}</dt>
        <dd className="text-right text-text">{formatFixed(example.feesWpls, lang, { decimals: 2 })} WPLS</dd>
      </dl>
      <p className="rounded bg-surface-sunken p-2 text-xs text-text-muted" data-testid="yield-formula">
        {example.feeAprPercent === null ? t("card.noSwaps") : t("card.formula", { hours: windowHours, percent })}
      </p>
    </Card>
  );
}
