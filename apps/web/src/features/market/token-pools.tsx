import type { MarketPair } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { usdOrDash } from "./market-figures.ts";

/** A DEX id as a name: "pulsex-v2" -> "PulseX v2"; another source's id as it is. */
export function dexName(dex: string): string {
  const pulsex = /^pulsex-v(\d)$/.exec(dex);
  return pulsex ? `PulseX v${pulsex[1]}` : dex;
}

/** The token's pools: pair, DEX, liquidity and volume, as a list that wraps on a phone. */
export function TokenPools({ pools }: { pools: readonly MarketPair[] }) {
  const { t, i18n } = useTranslation("market");
  if (pools.length === 0) return <p className="text-sm text-text-muted">{t("token.noPools")}</p>;
  return (
    <ul className="divide-y divide-border text-sm" data-testid="token-pools">
      {pools.map((pool) => (
        <li key={pool.pairAddress} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
          <span className="font-medium">
            {pool.base.symbol}/{pool.quote.symbol}
            <span className="ml-2 text-xs font-normal text-text-muted">{dexName(pool.dex)}</span>
          </span>
          <span className="tabular text-xs text-text-muted">
            {t("columns.liquidity")}: {usdOrDash(pool.liquidityUsd, i18n.language)} · {t("columns.volume24h")}:{" "}
            {usdOrDash(pool.volume24hUsd, i18n.language)}
          </span>
        </li>
      ))}
    </ul>
  );
}
