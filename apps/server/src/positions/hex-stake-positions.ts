import {
  fromBaseUnits,
  HEARTS_PER_HEX,
  HEX_YIELD_METHOD,
  type HexStakePosition,
  hexStakeState,
  hexStakeYield,
  type PriceQuote,
} from "@pulsemanager/core";
import type { WalletStakes } from "./hex-stake-reader.ts";

/** Each listed stake with its state and yield so far, valued (principal + yield) at this chain's HEX price. */
export function hexStakePositions(
  chainId: number,
  contract: string,
  read: WalletStakes,
  hexQuote: PriceQuote | undefined,
): HexStakePosition[] {
  const price = hexQuote?.reliable ? hexQuote.usd : null;
  return read.stakes.map(({ wallet, entry }) => {
    const { state, endDay, daysLeft } = hexStakeState(entry, read.currentDay);
    const principal = fromBaseUnits(entry.stakedHearts, HEARTS_PER_HEX);
    const earned = fromBaseUnits(hexStakeYield(entry, read.currentDay, read.daily), HEARTS_PER_HEX);
    return {
      kind: "hex-stake",
      chainId,
      walletAddress: wallet.toLowerCase(),
      valueUsd: price === null ? null : principal.add(earned).mul(price).toDecimalPlaces(8).toFixed(),
      note: price === null ? "HEX on this chain has no reliable price" : null,
      contractAddress: contract,
      stakeId: entry.stakeId.toString(),
      principal: principal.toFixed(),
      shares: entry.stakeShares.toString(),
      startDay: entry.lockedDay,
      endDay,
      stakedDays: entry.stakedDays,
      currentDay: read.currentDay,
      daysLeft,
      state,
      yieldEstimate: earned.toFixed(),
      yieldMethod: HEX_YIELD_METHOD,
      priceUsd: price,
    };
  });
}
