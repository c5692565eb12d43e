import {
  type AssetInfo,
  type ChainFork,
  exclusionReason,
  type ForkCostMethod,
  isParentHistory,
  NATIVE,
  type NormalizedTransfer,
} from "@pulsemanager/core";
import type { ChainServices } from "../chain/services.ts";
import type { ExtraPrices } from "./day-prices.ts";
import type { TokenFact } from "./token-facts.ts";

/**
 * How many days from the fork on the report loads prices of the originals and their copies for the
 * "split" fork cost: the first of them on which both have a price splits the cost (core's
 * fork-copy.ts); none within them leaves the copies' cost unknown (a missing price, named as such).
 */
export const FORK_PRICE_DAYS = 30;

/** A record of the copy chain at or below the fork block: the parent's history seen through the copy. */
export function isPreForkCopy(fork: ChainFork | undefined, t: NormalizedTransfer): boolean {
  return fork !== undefined && isParentHistory(fork, t);
}

/** The token a parent-chain asset key names ("1:0xabc" -> "0xabc", "1:native" -> "native"). */
function tokenOf(asset: string): string {
  return asset.slice(asset.indexOf(":") + 1);
}

/**
 * The copy of a parent-chain asset at the fork: the same address (the native coin: the copy chain's)
 * on the copy chain, or null when the report's exclusion rule leaves that copy out (the worthless
 * copies of bridged stablecoins, WETH, fakes, spam, the blocklist) - as it leaves out the token itself.
 */
export function forkCopyAsset(
  fork: ChainFork,
  facts: (key: string) => Pick<TokenFact, "symbol" | "name"> | undefined,
  chain: Pick<ChainServices, "registry" | "tokenBlocklist">,
  included: ReadonlySet<string>,
): (parentAsset: string) => string | null {
  return (parentAsset) => {
    if (!parentAsset.startsWith(`${fork.parentChainId}:`)) return null;
    const token = tokenOf(parentAsset);
    const copy = `${fork.chainId}:${token}`;
    if (token === NATIVE) return copy;
    const f = facts(copy) ?? facts(parentAsset) ?? { symbol: "?", name: "" };
    const reason = exclusionReason(
      { chainId: fork.chainId, address: token, symbol: f.symbol, name: f.name },
      chain.registry,
      chain.tokenBlocklist,
      included,
    );
    return reason ? null : copy;
  };
}

/** The parent-chain tokens the history holds before the fork (native included): what the fork may copy. */
function forkedTokens(fork: ChainFork, transfers: readonly NormalizedTransfer[]): Set<string> {
  const tokens = new Set<string>([NATIVE]);
  for (const t of transfers) if (t.chainId === fork.parentChainId && t.blockNumber < fork.block) tokens.add(t.token);
  return tokens;
}

/**
 * The copies' token facts (symbol, decimals) where the copy never moved itself: a copy has its
 * original's, so its rows and lots read like it.
 */
export function addCopyAssetInfo(
  fork: ChainFork,
  transfers: readonly NormalizedTransfer[],
  assets: Map<string, AssetInfo>,
  decimals: Map<string, number>,
): void {
  for (const token of forkedTokens(fork, transfers)) {
    if (token === NATIVE) continue;
    const original = assets.get(`${fork.parentChainId}:${token}`);
    const copy = `${fork.chainId}:${token}`;
    if (original && !assets.has(copy)) assets.set(copy, original);
    const d = decimals.get(`${fork.parentChainId}:${token}`);
    if (d !== undefined && !decimals.has(copy)) decimals.set(copy, d);
  }
}

/**
 * For the "split" fork cost: the prices of every original the fork may copy and of its copy, on the
 * fork day and the FORK_PRICE_DAYS after it (at the fork's time of day, as the split looks them up).
 * None for "zero", or when the fork is after the report year.
 */
export function forkSplitPrices(
  fork: ChainFork | undefined,
  forkCost: ForkCostMethod,
  transfers: readonly NormalizedTransfer[],
  copyAsset: ((parentAsset: string) => string | null) | undefined,
  yearEnd: number,
): ExtraPrices[] {
  if (!fork || !copyAsset || forkCost !== "split" || fork.time >= yearEnd) return [];
  const times = Array.from({ length: FORK_PRICE_DAYS + 1 }, (_, k) => fork.time + k * 86_400);
  const out: ExtraPrices[] = [];
  for (const token of forkedTokens(fork, transfers)) {
    const copy = copyAsset(`${fork.parentChainId}:${token}`);
    if (copy === null) continue;
    out.push({ chainId: fork.parentChainId, address: token, times });
    out.push({ chainId: fork.chainId, address: tokenOf(copy), times });
  }
  return out;
}
