import type { Supply } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { shortAddress } from "../../lib/address.ts";
import { formatFixed, formatSharePercent } from "../../lib/format-number.ts";

/** Whole tokens of a supply, without decimals (tiny amounts keep their first digits). */
export function formatSupply(value: string, language: string): string {
  return formatFixed(value, language, { decimals: 0 });
}

/** Total, burned (with its share of the total) and circulating supply, and the sinks holding the burned tokens. */
export function SupplyFigures({ supply, symbol }: { supply: Supply; symbol: string }) {
  const { t, i18n } = useTranslation("market");
  const lang = i18n.language;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="supply-figures">
      <dt className="text-text-muted">{t("supply.total")}</dt>
      <dd className="tabular text-right [overflow-wrap:anywhere]">
        {formatSupply(supply.total, lang)} {symbol}
      </dd>
      <dt className="text-text-muted">{t("supply.burned")}</dt>
      <dd className="tabular text-right [overflow-wrap:anywhere]">
        {formatSupply(supply.burned, lang)} {symbol}
      </dd>
      <dt className="text-text-muted">{t("supply.burnedShare")}</dt>
      <dd className="tabular text-right" data-testid="burned-share">
        {formatSharePercent(supply.burnedShare, lang)}
      </dd>
      <dt className="text-text-muted">{t("supply.circulating")}</dt>
      <dd className="tabular text-right [overflow-wrap:anywhere]">
        {formatSupply(supply.circulating, lang)} {symbol}
      </dd>
      {supply.sinks.length > 0 ? (
        <>
          <dt className="text-text-muted">{t("supply.sinks")}</dt>
          <dd className="text-right">
            <ul>
              {supply.sinks.map((sink) => (
                <li key={sink.sink} className="tabular text-xs">
                  <span className="font-mono" title={sink.sink}>
                    {shortAddress(sink.sink)}
                  </span>
                  : {formatSupply(sink.amount, lang)}
                </li>
              ))}
            </ul>
          </dd>
        </>
      ) : null}
    </dl>
  );
}
