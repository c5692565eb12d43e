import {
  berlinDateOf,
  CHAINS,
  D,
  type Dec,
  exclusionReason,
  exclusionReasonText,
  fromBaseUnits,
  includedTokenKeys,
  MIN_INCLUDED_VALUE_USD,
  NATIVE,
  PORTFOLIO_CHAINS,
  PORTFOLIO_REFRESH_LIMIT_SECONDS,
  type PortfolioResult,
  type Position,
  PRICE_WARNING_MIN_BALANCE,
  type PriceQuote,
  type RoiResult,
  type TokenHolding,
} from "@pulsemanager/core";
import { readBalances, type WalletBalances } from "../chain/balances/multicall-balances.ts";
import { discoverTokensByLogs } from "../chain/history/rpc-token-discovery.ts";
import type { ChainServices } from "../chain/services.ts";
import { loadTokenMetadata } from "../chain/tokens/token-metadata.ts";
import type { Db } from "../db/client.ts";
import { hexStakePositions } from "../positions/hex-stake-positions.ts";
import type { PairToken } from "../positions/lp-pairs.ts";
import { lpPositions } from "../positions/lp-positions.ts";
import { nftPositions } from "../positions/nft-positions.ts";
import type { Log } from "../positions/nft-rpc.ts";
import { findPairs, listNfts, readStakes } from "../positions/position-reads.ts";
import { positionTotals, positionValues } from "../positions/position-totals.ts";
import { readTokenChoices } from "../token-choices/token-choice-store.ts";
import { activeWallets } from "../wallets/wallet-store.ts";
import { displayRateOn } from "./display-rates.ts";
import { walletsByAddress } from "./wallet-values.ts";

export interface PortfolioDeps {
  db: Db;
  chain: ChainServices;
  now: () => Date;
  /** The ROI figures (roiTransactions, dailyROI, monthlyROI) from the ROI service; none or null: empty. */
  roi?: (userId: string) => Promise<RoiResult | null>;
}

/** A pool price cannot value more than this share of the pool's liquidity. */
const MAX_SHARE_OF_POOL = new D("0.5");

interface ChainLoad {
  chainId: number;
  holdings: Omit<TokenHolding, "holdingRank" | "percentageOfPortfolio">[];
  excluded: { chainId: number; contractAddress: string; symbol: string; reason: string }[];
  positions: Position[];
  problems: string[];
  prices: number;
  sources: string[];
}

/**
 * The portfolio load (docs/product/wallets-and-portfolio.md): every active wallet on both chains, native coin and
 * tokens, valued by address. A chain that fails is reported, the rest still counts.
 */
export async function loadPortfolio(deps: PortfolioDeps, userId: string): Promise<PortfolioResult> {
  const started = performance.now();
  const callsBefore = deps.chain.meter.total;
  const rows = await activeWallets(deps.db, userId);
  const addresses = [...new Set(rows.map((w) => w.address))];
  const includedBack = includedTokenKeys(await readTokenChoices(deps.db, userId));

  const roi = deps.roi?.(userId).catch(() => null) ?? Promise.resolve(null);
  const rate = displayRateOn(deps.chain.fx, berlinDateOf(Math.floor(deps.now().getTime() / 1000)));
  const loads = await Promise.all(
    PORTFOLIO_CHAINS.map((chainId) =>
      loadChain(deps, chainId, addresses, includedBack).catch(
        (err): ChainLoad => ({
          chainId,
          holdings: [],
          excluded: [],
          positions: [],
          problems: [`${CHAINS[chainId]?.name ?? chainId}: ${(err as Error).message}`],
          prices: 0,
          sources: [],
        }),
      ),
    ),
  );

  const all = loads.flatMap((l) => l.holdings);
  const included = all.filter((h) => h.isIncludedInPortfolio);
  const positions = loads.flatMap((l) => l.positions);
  const totals = positionTotals(positions);
  const tokenTotal = included.reduce((s, h) => s.add(h.value), new D(0));
  // Tokens, liquidity and stakes: each counted once (an LP token is a position, never a token row).
  const total = tokenTotal.add(totals.liquidity).add(totals.staked);
  const sorted = [...all].sort((a, b) => new D(b.value).cmp(new D(a.value)) || a.symbol.localeCompare(b.symbol));
  const tokens: TokenHolding[] = sorted.map((h, i) => ({
    ...h,
    holdingRank: i + 1,
    percentageOfPortfolio:
      h.isIncludedInPortfolio && total.gt(0) ? new D(h.value).div(total).mul(100).toFixed(2) : "0.00",
  }));
  const wallets = walletsByAddress(rows, [...included, ...positionValues(positions)]);
  const problems = loads.flatMap((l) => l.problems);
  const now = deps.now().toISOString();
  const reasons =
    rows.length === 0 ? ["No wallets found"] : tokens.length === 0 ? ["No tokens with a balance found"] : [];

  const income = await roi;
  return {
    success: problems.length === 0,
    isLoaded: true,
    userId,
    totalValue: total.toFixed(2),
    totalCost: null,
    tokens,
    tokenCount: tokens.length,
    positions,
    positionTotals: { liquidity: totals.liquidity.toFixed(), staked: totals.staked.toFixed() },
    wallets,
    walletCount: wallets.length,
    roiTransactions: income?.roiTransactions ?? [],
    dailyROI: income?.dailyROI.usd ?? "0",
    monthlyROI: income?.monthlyROI.usd ?? "0",
    taxTransactions: [],
    dataSource: [...new Set(loads.flatMap((l) => l.sources))].join("+") || "none",
    lastUpdated: now,
    fromCache: false,
    apiCalls: deps.chain.meter.total - callsBefore,
    debug: {
      pricesUpdated: loads.reduce((s, l) => s + l.prices, 0),
      priceSource: [...new Set(tokens.map((t) => t.priceSource))].join(","),
      apiCalls: deps.chain.meter.total - callsBefore,
      lastPriceUpdate: now,
      tokensWithZeroPrice: tokens.filter((t) => t.price === null).length,
      tokensWithZeroValue: tokens.filter((t) => new D(t.value).isZero()).length,
      roiTransactionsWithZeroValue: income?.roiTransactions.filter((p) => p.value === null || p.dust).length ?? 0,
      totalTransactionsLoaded: 0,
      problems,
      excludedTokens: loads.flatMap((l) => l.excluded),
      loadMs: Math.round(performance.now() - started),
    },
    summary: { reasons },
    error: problems.length > 0 ? problems.join("; ") : null,
    refreshAvailableAt: new Date(Date.parse(now) + PORTFOLIO_REFRESH_LIMIT_SECONDS * 1000).toISOString(),
    stale: false,
    fx: await rate,
  };
}

async function loadChain(
  deps: PortfolioDeps,
  chainId: number,
  wallets: readonly string[],
  includedBack: ReadonlySet<string>,
): Promise<ChainLoad> {
  const result: ChainLoad = {
    chainId,
    holdings: [],
    excluded: [],
    positions: [],
    problems: [],
    prices: 0,
    sources: [],
  };
  if (wallets.length === 0) return result;
  const { chain } = deps;
  const client = chain.clients.get(chainId);
  if (!client) return result;

  const stakes = readStakes(deps.chain, chainId, wallets, result.problems);
  // Which tokens to read: the explorer's list, or on a plain node every contract that ever paid the wallet.
  const tokensByWallet = new Map<string, Set<string>>();
  const erc721: Log[] = [];
  const discovery = chain.discovery.get(chainId);
  if (discovery) {
    result.sources.push(discovery.name);
    const found = await Promise.all(wallets.map((address) => discovery.discoverTokens({ chainId, address })));
    found.forEach((f, i) => {
      tokensByWallet.set(wallets[i] as string, new Set(f.tokens.filter((t) => !t.possibleSpam).map((t) => t.address)));
      result.problems.push(...f.problems);
    });
  } else {
    result.sources.push("rpc");
    for (const [w, set] of await discoverTokensByLogs(client, wallets, { erc721 })) tokensByWallet.set(w, set);
  }
  const nfts = listNfts(deps.chain, chainId, wallets, result.problems, discovery ? undefined : erc721);

  const balances: WalletBalances[] = await readBalances(
    client,
    wallets.map((wallet) => ({
      wallet: wallet as `0x${string}`,
      tokens: [...(tokensByWallet.get(wallet) ?? [])] as `0x${string}`[],
    })),
  );
  const held = new Set<string>();
  for (const b of balances) for (const [token, raw] of b.tokens) if (raw > 0n) held.add(token);
  // The pair probe and the metadata side by side; the pairs' tokens are mostly held too (else one more read).
  const [pairs, heldMeta] = await Promise.all([
    findPairs(deps.chain, chainId, [...held], result.problems),
    loadTokenMetadata(deps.db, client, chainId, [...held]),
  ]);
  const underlying = [...pairs.values()].flatMap((p) => [p.token0, p.token1]);
  const missing = underlying.filter((a) => !heldMeta.has(a));
  const meta =
    missing.length === 0
      ? heldMeta
      : new Map([...heldMeta, ...(await loadTokenMetadata(deps.db, client, chainId, missing))]);
  const heldPairs: { wallet: string; pair: PairToken; raw: bigint }[] = [];

  const info = CHAINS[chainId];
  const candidates: { wallet: string; address: string; raw: bigint; decimals: number; symbol: string; name: string }[] =
    [];
  for (const b of balances) {
    const wallet = b.wallet.toLowerCase();
    if (b.native > 0n) {
      candidates.push({
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
      const pair = pairs.get(address);
      if (pair) {
        heldPairs.push({ wallet, pair, raw });
        continue;
      }
      const m = meta.get(address);
      if (!m?.isErc20 || m.decimals === null) continue;
      const t = { chainId, address, symbol: m.symbol ?? "?", name: m.name ?? m.symbol ?? address };
      const reason = exclusionReason(t, chain.registry, chain.tokenBlocklist, includedBack);
      if (reason) {
        result.excluded.push({
          chainId,
          contractAddress: address,
          symbol: t.symbol,
          reason: exclusionReasonText(reason, t.symbol),
        });
        continue;
      }
      candidates.push({ wallet, address, raw, decimals: m.decimals, symbol: t.symbol, name: t.name });
    }
  }
  const unique = new Map(candidates.map((c) => [c.address, { address: c.address, decimals: c.decimals }]));
  for (const address of underlying)
    if (!unique.has(address)) unique.set(address, { address, decimals: meta.get(address)?.decimals ?? 18 });
  const staked = await stakes;
  const stakeContract = chain.hexStakes.get(chainId);
  if (staked && stakeContract && !unique.has(stakeContract.token))
    unique.set(stakeContract.token, { address: stakeContract.token, decimals: 8 });
  const priced = await chain.prices.currentPrices(chainId, [...unique.values()]);
  result.prices = priced.quotes.size;
  result.problems.push(...priced.problems);
  if (priced.quotes.size > 0) result.sources.push(...new Set([...priced.quotes.values()].map((q) => q.source)));

  const warnBalance = new D(PRICE_WARNING_MIN_BALANCE);
  const minValue = new D(MIN_INCLUDED_VALUE_USD);
  for (const c of candidates) {
    const balance = fromBaseUnits(c.raw, c.decimals);
    const quote = priced.quotes.get(c.address);
    const { reliable, note } = judge(quote, balance);
    const value = quote ? balance.mul(quote.usd) : new D(0);
    const valueText = value.toDecimalPlaces(8).toFixed();
    result.holdings.push({
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
      priceWarning: !reliable && balance.gt(warnBalance),
      isIncludedInPortfolio: reliable && value.gt(minValue),
      walletAddress: c.wallet,
      chainId,
    });
  }
  result.positions.push(...lpPositions(chainId, heldPairs, meta, priced.quotes));
  if (staked && stakeContract)
    result.positions.push(
      ...hexStakePositions(chainId, stakeContract.contract, staked, priced.quotes.get(stakeContract.token)),
    );
  result.positions.push(...nftPositions(await nfts));
  return result;
}

/**
 * Reliable only when the source is, and, for a pool price, when the pool could
 * actually carry the holding: a price the liquidity cannot support is refused.
 */
function judge(quote: PriceQuote | undefined, balance: Dec): { reliable: boolean; note: string | null } {
  if (!quote) return { reliable: false, note: "no price found for this contract address" };
  if (!quote.reliable) return { reliable: false, note: quote.note ?? `${quote.source} price is not reliable` };
  if (quote.liquidityUsd) {
    const value = balance.mul(quote.usd);
    const capacity = new D(quote.liquidityUsd).mul(MAX_SHARE_OF_POOL);
    if (value.gt(capacity)) {
      return {
        reliable: false,
        note: `holding worth ${value.toFixed(2)} USD at the pool price is more than half of the pool's liquidity (${quote.liquidityUsd} USD): the price cannot be realised`,
      };
    }
  }
  return { reliable: true, note: quote.note ?? null };
}
