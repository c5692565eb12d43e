import { type AccountHoldings, D, judgeHoldingPrice, type PriceQuote, parseTokenKey } from "@pulsemanager/core";
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
  const balances = await Promise.all(
    accounts.map(async (a) => ({ account: a, ...accountBalances(await accountRows(deps.db, a.id)) })),
  );
  const described = balances.map((b) => ({ ...b, coins: [...b.held].map(([t, amount]) => coinOf(deps, t, amount)) }));
  const quotes = await currentQuotes(
    deps,
    described.flatMap((b) => b.coins),
  );
  return described.map(({ account, short, coins }) => {
    const holdings = coins.map(({ mapped, ...coin }) => ({ ...coin, valueUsd: usdValue(coin.amount, mapped, quotes) }));
    const { id, name, format } = account;
    return { id, name, format, holdings, short, totalUsd: sumOfKnown(holdings.map((h) => h.valueUsd)) };
  });
}

type Mapped = { key: string; chainId: number; address: string; decimals: number };

/** A held coin: fiat, an exchange-only coin, or (`mapped`) a chain token that has a price. */
function coinOf(deps: HoldingsDeps, ticker: string, amount: string) {
  const fiat = isFiat(ticker);
  const asset = fiat ? undefined : exchangeAsset(ticker, deps.chain.registry);
  const mapped: Mapped | undefined =
    asset?.decimals === undefined
      ? undefined
      : { key: asset.key, ...parseTokenKey(asset.key), decimals: asset.decimals };
  return { ticker: normalTicker(ticker), amount, isFiat: fiat, asset: mapped?.key ?? null, mapped };
}

/** The current quotes of every mapped coin of every account: one price read per chain. */
async function currentQuotes(deps: HoldingsDeps, coins: readonly { mapped: Mapped | undefined }[]) {
  const byChain = new Map<number, Map<string, Mapped>>();
  for (const { mapped } of coins) {
    if (!mapped) continue;
    const chain = byChain.get(mapped.chainId) ?? new Map<string, Mapped>();
    chain.set(mapped.address, mapped);
    byChain.set(mapped.chainId, chain);
  }
  const quotes = new Map<string, PriceQuote>();
  for (const [chainId, tokens] of byChain) {
    const requests = [...tokens.values()].map((t) => ({ address: t.address, decimals: t.decimals }));
    const answer = await deps.chain.prices.currentPrices(chainId, requests);
    for (const [address, quote] of answer.quotes) quotes.set(`${chainId}:${address}`, quote);
  }
  return quotes;
}

/** The coin's USD value by the portfolio's one holding-price rule; null without a trusted price. */
function usdValue(amount: string, mapped: Mapped | undefined, quotes: ReadonlyMap<string, PriceQuote>): string | null {
  const quote = mapped ? quotes.get(`${mapped.chainId}:${mapped.address}`) : undefined;
  const balance = new D(amount);
  if (!quote || !judgeHoldingPrice(quote, balance).reliable) return null;
  return balance.mul(quote.usd).toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2);
}
