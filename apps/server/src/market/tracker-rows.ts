import {
  D,
  type Dec,
  type HexStakePosition,
  type LpPosition,
  NATIVE,
  percentChange,
  type TrackedKind,
  type TrackedToken,
} from "@pulsemanager/core";
import type { ChainLoad } from "../portfolio/chain-load.ts";
import type { MarketTokenInfo } from "./sources/chain-pools.ts";

/** A chain's holdings as the portfolio loaded them, and the HEX token its stakes are in. */
export interface LoadedHoldings {
  chainId: number;
  load: ChainLoad;
  /** The HEX token of the chain's stake contract (the stakes are valued at its price). */
  hexToken?: string;
}

/** The contracts whose price at the timeframe's start the rows need (the native coin is its wrapped token, read every time). */
export function tokensToPriceThen({ load, hexToken }: LoadedHoldings): MarketTokenInfo[] {
  const out = new Map<string, MarketTokenInfo>();
  const add = (address: string, symbol: string, decimals: number) => {
    if (address !== NATIVE && !out.has(address)) out.set(address, { address, symbol, name: symbol, decimals });
  };
  for (const h of load.holdings) add(h.contractAddress, h.symbol, h.decimals);
  for (const p of load.positions) {
    if (p.kind === "hex-stake" && hexToken) add(hexToken, "HEX", 8);
    if (p.kind === "lp") for (const side of [p.token0, p.token1]) add(side.address, side.symbol, side.decimals);
  }
  return [...out.values()];
}

/** A token's USD price at the timeframe's start, as the price policy reads the pools then (`snapshotPriceOf`). */
export type PriceThen = (address: string) => Dec | undefined;

/**
 * The tracker's rows of one chain: each token row of the portfolio (valued at the portfolio's price when
 * the price policy's judgement trusts it for that holding: `judgeHoldingPrice`), the HEX stakes together,
 * and each liquidity position; at the timeframe's start the same amounts are valued at the prices then.
 */
export function trackedRows(holdings: LoadedHoldings, then: PriceThen): TrackedToken[] {
  const { chainId, load, hexToken } = holdings;
  const tokens = load.holdings.map((h) => {
    const now = h.hasReliablePrice && h.price !== null ? new D(h.price) : undefined;
    const ref = { chainId, address: h.contractAddress, symbol: h.symbol, name: h.name };
    return row(ref, "token", new D(h.balance), now, then(h.contractAddress));
  });
  const stakes = load.positions.filter((p): p is HexStakePosition => p.kind === "hex-stake");
  const lps = load.positions.filter((p): p is LpPosition => p.kind === "lp");
  return [
    ...tokens,
    ...(hexToken && stakes.length > 0 ? [stakeRow(chainId, hexToken, stakes, then)] : []),
    ...lps.map((p) => lpRow(chainId, p, then)),
  ];
}

/** All HEX stakes of the chain as one row: principal plus the yield so far, at HEX's price. */
function stakeRow(
  chainId: number,
  hexToken: string,
  stakes: readonly HexStakePosition[],
  then: PriceThen,
): TrackedToken {
  const amount = stakes.reduce((s, p) => s.add(p.principal).add(p.yieldEstimate), new D(0));
  const price = stakes[0]?.priceUsd;
  const ref = { chainId, address: hexToken, symbol: "HEX", name: "HEX" };
  return row(ref, "hex-stake", amount, price ? new D(price) : undefined, then(hexToken));
}

/** A liquidity position: its value now, and its share of each side valued at the prices then. */
function lpRow(chainId: number, p: LpPosition, then: PriceThen): TrackedToken {
  const balance = new D(p.balance);
  const symbol = `${p.token0.symbol}/${p.token1.symbol}`;
  const ref = { chainId, address: p.pairAddress, symbol, name: `${symbol} (${p.dex})` };
  if (balance.isZero()) return row(ref, "liquidity", balance, undefined, undefined);
  const now = p.valueUsd === null ? undefined : new D(p.valueUsd).div(balance);
  const then0 = then(p.token0.address);
  const then1 = then(p.token1.address);
  const valueThen = then0 && then1 ? then0.mul(p.token0.amount).add(then1.mul(p.token1.amount)) : undefined;
  return row(ref, "liquidity", balance, now, valueThen?.div(balance));
}

function row(
  ref: Pick<TrackedToken, "chainId" | "address" | "symbol" | "name">,
  kind: TrackedKind,
  balance: Dec,
  now: Dec | undefined,
  then: Dec | undefined,
): TrackedToken {
  const value = now ? balance.mul(now) : null;
  const valueThen = then ? balance.mul(then) : null;
  return {
    ...ref,
    kind,
    balance: balance.toFixed(),
    priceUsd: now?.toSignificantDigits(12).toFixed() ?? null,
    priceThenUsd: then?.toSignificantDigits(12).toFixed() ?? null,
    change: percentChange(now?.toFixed() ?? null, then?.toFixed() ?? null),
    valueUsd: value?.toFixed(2) ?? null,
    valueChangeUsd: value && valueThen ? value.sub(valueThen).toFixed(2) : null,
  };
}
