import {
  CHAINS,
  D,
  type ExclusionReason,
  exclusionReason,
  exclusionReasonText,
  fromBaseUnits,
  isUnpricedUnsoldAirdrop,
  judgeHoldingPrice,
  MIN_INCLUDED_VALUE_USD,
  NATIVE,
  PRICE_WARNING_MIN_BALANCE,
  type PriceQuote,
  type TokenHolding,
} from "@pulsemanager/core";
import type { WalletBalances } from "../chain/balances/multicall-balances.ts";
import type { PriceRequest } from "../chain/prices/price-service.ts";
import type { ChainServices } from "../chain/services.ts";
import type { TokenMeta } from "../chain/tokens/token-metadata.ts";
import type { PairToken } from "../positions/lp-pairs.ts";

/** What a chain's reads found: the balances, the pairs among the held tokens, the tokens' metadata. */
export interface ChainFacts {
  balances: WalletBalances[];
  /** The held tokens that are pairs of a known factory. */
  pairs: Map<string, PairToken>;
  /** Metadata of the held tokens and of the tokens of the pairs among them. */
  meta: Map<string, TokenMeta>;
}

/** A balance that may become a token row: native coin or an ERC-20 that is not left out. */
export interface Candidate {
  wallet: string;
  address: string;
  raw: bigint;
  decimals: number;
  symbol: string;
  name: string;
}

export interface ClassifiedBalances {
  candidates: Candidate[];
  excluded: { chainId: number; contractAddress: string; symbol: string; reason: string; code: ExclusionReason }[];
  /** Pair tokens held: liquidity positions, never token rows. */
  heldPairs: { wallet: string; pair: PairToken; raw: bigint }[];
}

/** The chain services the exclusion rule reads: the token table and the operator's blocklist. */
export type ExclusionDeps = Pick<ChainServices, "registry" | "tokenBlocklist">;

/** Every non-zero balance as a candidate row, a liquidity position, or a token left out (and why). */
export function classifyBalances(
  chain: ExclusionDeps,
  chainId: number,
  facts: ChainFacts,
  includedBack: ReadonlySet<string>,
): ClassifiedBalances {
  const out: ClassifiedBalances = { candidates: [], excluded: [], heldPairs: [] };
  const info = CHAINS[chainId];
  for (const b of facts.balances) {
    const wallet = b.wallet.toLowerCase();
    if (b.native > 0n) {
      out.candidates.push({
        wallet,
        address: NATIVE,
        raw: b.native,
        decimals: 18,
        symbol: info?.nativeSymbol ?? "NATIVE",
        name: info?.nativeName ?? "Native",
      });
    }
    for (const [address, raw] of b.tokens) {
      if (raw === 0n) continue;
      const pair = facts.pairs.get(address);
      if (pair) {
        out.heldPairs.push({ wallet, pair, raw });
        continue;
      }
      const m = facts.meta.get(address);
      if (!m?.isErc20 || m.decimals === null) continue;
      const t = { chainId, address, symbol: m.symbol ?? "?", name: m.name ?? m.symbol ?? address };
      const reason = exclusionReason(t, chain.registry, chain.tokenBlocklist, includedBack);
      if (reason) {
        out.excluded.push({
          chainId,
          contractAddress: address,
          symbol: t.symbol,
          reason: exclusionReasonText(reason, t.symbol),
          code: reason,
        });
        continue;
      }
      out.candidates.push({ wallet, address, raw, decimals: m.decimals, symbol: t.symbol, name: t.name });
    }
  }
  return out;
}

/** What to price: each candidate once, the pairs' tokens, and the chain's HEX when stakes are valued. */
export function priceRequests(candidates: readonly Candidate[], facts: ChainFacts, hex?: string): PriceRequest[] {
  const unique = new Map(candidates.map((c) => [c.address, { address: c.address, decimals: c.decimals }]));
  for (const pair of facts.pairs.values())
    for (const address of [pair.token0, pair.token1])
      if (!unique.has(address)) unique.set(address, { address, decimals: facts.meta.get(address)?.decimals ?? 18 });
  if (hex && !unique.has(hex)) unique.set(hex, { address: hex, decimals: 8 });
  return [...unique.values()];
}

const WARN_BALANCE = new D(PRICE_WARNING_MIN_BALANCE);
const MIN_VALUE = new D(MIN_INCLUDED_VALUE_USD);

/** The token row of a candidate at its quote (none: shown at no value); `everSent`: the wallet ever sent it. */
export function holdingOf(
  chainId: number,
  c: Candidate,
  quote: PriceQuote | undefined,
  everSent = false,
): Omit<TokenHolding, "holdingRank" | "percentageOfPortfolio"> {
  const balance = fromBaseUnits(c.raw, c.decimals);
  const { reliable, note } = judgeHoldingPrice(quote, balance);
  const value = quote ? balance.mul(quote.usd) : new D(0);
  const valueText = value.toDecimalPlaces(8).toFixed();
  return {
    symbol: c.symbol,
    name: c.name,
    contractAddress: c.address,
    decimals: c.decimals,
    balance: balance.toFixed(),
    price: quote ? quote.usd : null,
    total_usd: valueText,
    value: valueText,
    hasReliablePrice: reliable,
    priceSource: quote?.source ?? "unknown",
    priceNote: note,
    priceWarning: !reliable && balance.gt(WARN_BALANCE),
    isIncludedInPortfolio: reliable && value.gt(MIN_VALUE),
    walletAddress: c.wallet,
    chainId,
    unpricedAirdrop: isUnpricedUnsoldAirdrop({ price: quote ? quote.usd : null, everSent }),
  };
}
