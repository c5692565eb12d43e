import { D, type Dec, type Position } from "@pulsemanager/core";
import type { HeldValue } from "./wallet-values.ts";

/** The valued liquidity and stakes, USD (NFTs are listed, never valued). */
export function positionTotals(positions: readonly Position[]): { liquidity: Dec; staked: Dec } {
  const sum = (kind: Position["kind"]) =>
    positions.filter((p) => p.kind === kind && p.valueUsd !== null).reduce((s, p) => s.add(p.valueUsd ?? 0), new D(0));
  return { liquidity: sum("lp"), staked: sum("hex-stake") };
}

/** Positions as the wallet list counts them: valued ones included, per wallet and chain. */
export function positionValues(positions: readonly Position[]): HeldValue[] {
  return positions
    .filter((p) => p.valueUsd !== null && p.kind !== "nft")
    .map((p) => ({
      walletAddress: p.walletAddress,
      chainId: p.chainId,
      value: p.valueUsd ?? "0",
      isIncludedInPortfolio: true,
    }));
}
