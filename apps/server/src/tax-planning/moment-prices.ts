import type { EurPriceQuote } from "@pulsemanager/core";
import { assetParts } from "@pulsemanager/core";
import { loadDayPrices } from "../ledger/day-prices.ts";
import { eurDayTable, eurRates } from "../ledger/eur-rates.ts";
import type { StoredRun, StoredRunDeps } from "../tax-report/stored-run.ts";

/** EUR per whole token of an asset at the moment; undefined without a reliable price. */
export type MomentPriceOf = (asset: string) => EurPriceQuote | undefined;

/**
 * The EUR prices of assets at a moment, by the wallet report's rules: the day's USD price through the
 * price order (stored, DefiLlama, pools), at the ECB rate of the German day. Assets outside a chain
 * have none.
 */
export async function momentPrices(
  deps: StoredRunDeps,
  run: StoredRun,
  assets: readonly string[],
  time: number,
): Promise<MomentPriceOf> {
  const extra = assets.flatMap((asset) => {
    const { chainId, token } = assetParts(asset);
    return chainId === null ? [] : [{ chainId, address: token, times: [time] }];
  });
  if (extra.length === 0) return () => undefined;
  const decimalsOf = (key: string) => run.priced.decimals.get(key) ?? 18;
  const usd = await loadDayPrices(
    { historicalPrices: deps.chain.historicalPrices, logger: deps.logger },
    [],
    decimalsOf,
    async () => {},
    extra,
  );
  const eur = eurDayTable(usd.lookup, await eurRates(deps.chain.fx, usd.days()));
  return (asset) => eur(asset, time);
}
