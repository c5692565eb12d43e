import { type AccountHoldings, D, judgeHoldingPrice, parseTokenKey } from "@pulsemanager/core";
import { accountBalances, exchangeAsset, isFiat, normalTicker } from "@pulsemanager/core/imports/index";
import type { ChainServices } from "../chain/services.ts";
import type { Db } from "../db/client.ts";
import { sumOfKnown } from "../market/usd-figures.ts";
import { accountRows, listAccounts } from "./import-store.ts";

export interface HoldingsDeps {
  db: Db;
  chain: Pick<ChainServices, "prices" | "registry">;
}

/**
 * What each imported account holds after its rows (core's accountBalances), valued the portfolio's
 * way where the ticker is a chain token (its current price, the one holding-price rule:
 * judgeHoldingPrice); an exchange-only coin and fiat stay unvalued (docs/product/imports.md).
 */
export async function importHoldings(deps: HoldingsDeps, userId: string): Promise<AccountHoldings[]> {
  const accounts = await listAccounts(deps.db, userId);
  return Promise.all(
    accounts.map(async (a) => {
      const { held, short } = accountBalances(await accountRows(deps.db, a.id));
      const holdings = await Promise.all([...held].map(([ticker, amount]) => valued(deps, ticker, amount)));
      return {
        id: a.id,
        name: a.name,
        format: a.format,
        holdings,
        short,
        totalUsd: sumOfKnown(holdings.map((h) => h.valueUsd)),
      };
    }),
  );
}

async function valued(deps: HoldingsDeps, ticker: string, amount: string) {
  const fiat = isFiat(ticker);
  const asset = fiat ? undefined : exchangeAsset(ticker, deps.chain.registry);
  // Only a ticker mapped to a chain token has a price; an exchange-only coin and fiat have none here.
  const mapped = asset?.decimals === undefined ? undefined : { key: asset.key, decimals: asset.decimals };
  const base = { ticker: normalTicker(ticker), amount, isFiat: fiat, asset: mapped?.key ?? null };
  if (!mapped) return { ...base, valueUsd: null };
  const { chainId, address } = parseTokenKey(mapped.key);
  const answer = await deps.chain.prices.currentPrices(chainId, [{ address, decimals: mapped.decimals }]);
  const quote = answer.quotes.get(address);
  const balance = new D(amount);
  const reliable = judgeHoldingPrice(quote, balance).reliable;
  return { ...base, valueUsd: reliable && quote ? balance.mul(quote.usd).toDecimalPlaces(2).toFixed(2) : null };
}
