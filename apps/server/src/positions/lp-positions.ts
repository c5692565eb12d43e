import { fromBaseUnits, type LpPosition, lpUnderlying, lpValueUsd, type PriceQuote } from "@pulsemanager/core";
import type { TokenMeta } from "../chain/tokens/token-metadata.ts";
import type { PairToken } from "./lp-pairs.ts";

const LP_DECIMALS = 18;

/** One position per wallet and pair held: its share of both reserves, valued at the two tokens' prices. */
export function lpPositions(
  chainId: number,
  held: readonly { wallet: string; pair: PairToken; raw: bigint }[],
  meta: ReadonlyMap<string, TokenMeta>,
  quotes: ReadonlyMap<string, PriceQuote>,
): LpPosition[] {
  return held.map(({ wallet, pair, raw }) => {
    const m0 = meta.get(pair.token0);
    const m1 = meta.get(pair.token1);
    const decimals0 = m0?.decimals ?? 18;
    const decimals1 = m1?.decimals ?? 18;
    const { share, amount0, amount1 } = lpUnderlying({
      balance: raw,
      totalSupply: pair.totalSupply,
      reserve0: pair.reserve0,
      reserve1: pair.reserve1,
      decimals0,
      decimals1,
    });
    const price0 = reliableUsd(quotes.get(pair.token0));
    const price1 = reliableUsd(quotes.get(pair.token1));
    const { value, oneSided } = lpValueUsd(amount0, amount1, price0, price1);
    return {
      kind: "lp",
      chainId,
      walletAddress: wallet,
      valueUsd: value === null ? null : value.toDecimalPlaces(8).toFixed(),
      note:
        value === null
          ? "neither token of the pair has a reliable price"
          : oneSided
            ? "one token has no reliable price: valued as twice the priced side"
            : null,
      pairAddress: pair.pair,
      dex: pair.dex,
      balance: fromBaseUnits(raw, LP_DECIMALS).toFixed(),
      share: share.toDecimalPlaces(18).toFixed(),
      token0: {
        address: pair.token0,
        symbol: m0?.symbol ?? "?",
        decimals: decimals0,
        amount: amount0.toFixed(),
        priceUsd: price0,
      },
      token1: {
        address: pair.token1,
        symbol: m1?.symbol ?? "?",
        decimals: decimals1,
        amount: amount1.toFixed(),
        priceUsd: price1,
      },
    };
  });
}

function reliableUsd(q: PriceQuote | undefined): string | null {
  return q?.reliable ? q.usd : null;
}
