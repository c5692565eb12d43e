import { CHAINS, type ExclusionReason, type Position, type ReadFailure, type TokenHolding } from "@pulsemanager/core";
import type { PublicClient } from "viem";
import { readBalances } from "../chain/balances/multicall-balances.ts";
import { discoverTokensByLogs } from "../chain/history/rpc-token-discovery.ts";
import type { Log } from "../chain/nfts/nft-rpc.ts";
import type { ChainServices } from "../chain/services.ts";
import { loadTokenMetadata } from "../chain/tokens/token-metadata.ts";
import type { Db } from "../db/client.ts";
import { hexStakePositions } from "../positions/hex-stake-positions.ts";
import { lpPositions } from "../positions/lp-positions.ts";
import { nftPositions } from "../positions/nft-positions.ts";
import {
  findPairCandidates,
  findPairs,
  listNfts,
  type NftListDeps,
  type PairReadDeps,
  readStakes,
  type StakeReadDeps,
} from "../positions/position-reads.ts";
import { type ChainFacts, classifyBalances, type ExclusionDeps, holdingOf, priceRequests } from "./holdings.ts";
import { readFailureReason } from "./read-failure.ts";
import { sentKey, sentTokens } from "./sent-tokens.ts";

export interface ChainLoad {
  chainId: number;
  holdings: Omit<TokenHolding, "holdingRank" | "percentageOfPortfolio">[];
  excluded: { chainId: number; contractAddress: string; symbol: string; reason: string; code: ExclusionReason }[];
  positions: Position[];
  problems: string[];
  /** The addresses this chain's read missed (all of them when the chain failed as a whole). */
  unread: ReadFailure[];
  prices: number;
  sources: string[];
}

/** What one chain's load reads: clients, token discovery, prices, positions and the exclusion lists. */
export type ChainLoadServices = PairReadDeps &
  StakeReadDeps &
  NftListDeps &
  ExclusionDeps &
  Pick<ChainServices, "discovery" | "prices">;

interface ChainDeps {
  db: Db;
  chain: ChainLoadServices;
}

/** What a chain's load answers when it failed as a whole: the problem, no address read, nothing counted. */
export function failedChain(chainId: number, err: unknown, wallets: readonly string[]): ChainLoad {
  return {
    ...emptyLoad(chainId),
    problems: [`${CHAINS[chainId]?.name ?? chainId}: ${(err as Error).message}`],
    unread: wallets.length > 0 ? [{ chainId, walletAddresses: [...wallets], reason: readFailureReason(err) }] : [],
  };
}

function emptyLoad(chainId: number): ChainLoad {
  return { chainId, holdings: [], excluded: [], positions: [], problems: [], unread: [], prices: 0, sources: [] };
}

/**
 * One chain's holdings and positions. The reads that do not wait for each other start together, so
 * on a plain node a load is six rounds one after the other: the head and the Transfer logs; the
 * balances with the pair probe; the metadata with the pair check; the two rounds of pool prices. The
 * HEX stakes and the NFTs are read beside them.
 */
export async function loadChain(
  deps: ChainDeps,
  chainId: number,
  wallets: readonly string[],
  includedBack: ReadonlySet<string>,
): Promise<ChainLoad> {
  const result = emptyLoad(chainId);
  const { chain } = deps;
  const client = chain.clients.get(chainId);
  if (wallets.length === 0 || !client) return result;
  const stakes = readStakes(chain, chainId, wallets, result.problems);
  const { tokensByWallet, erc721 } = await discoverTokens(chain, client, chainId, wallets, result);
  const nfts = listNfts(chain, chainId, wallets, result.problems, erc721);
  const facts = await readFacts(deps, client, chainId, wallets, tokensByWallet, result.problems);
  const sorted = classifyBalances(chain, chainId, facts, includedBack);
  result.excluded.push(...sorted.excluded);
  const staked = await stakes;
  const stakeContract = chain.hexStakes.get(chainId);
  const hex = staked && stakeContract ? stakeContract.token : undefined;
  const priced = await chain.prices.currentPrices(chainId, priceRequests(sorted.candidates, facts, hex));
  result.prices = priced.quotes.size;
  result.problems.push(...priced.problems);
  if (priced.quotes.size > 0) result.sources.push(...new Set([...priced.quotes.values()].map((q) => q.source)));

  const unpriced = sorted.candidates.filter((c) => !priced.quotes.has(c.address));
  const sent = await sentTokens(deps.db, chainId, unpriced);
  result.holdings = sorted.candidates.map((c) =>
    holdingOf(chainId, c, priced.quotes.get(c.address), sent.has(sentKey(c.wallet, c.address))),
  );
  result.positions.push(...lpPositions(chainId, sorted.heldPairs, facts.meta, priced.quotes));
  if (staked && stakeContract)
    result.positions.push(
      ...hexStakePositions(chainId, stakeContract.contract, staked, priced.quotes.get(stakeContract.token)),
    );
  result.positions.push(...nftPositions(await nfts));
  return result;
}

/** Which tokens to read: the explorer's list, or on a plain node every contract that ever paid the wallet. */
async function discoverTokens(
  chain: Pick<ChainServices, "discovery">,
  client: PublicClient,
  chainId: number,
  wallets: readonly string[],
  result: ChainLoad,
): Promise<{ tokensByWallet: Map<string, Set<string>>; erc721: Log[] | undefined }> {
  const tokensByWallet = new Map<string, Set<string>>();
  const discovery = chain.discovery.get(chainId);
  if (discovery) {
    result.sources.push(discovery.name);
    const found = await Promise.all(wallets.map((address) => discovery.discoverTokens({ chainId, address })));
    found.forEach((f, i) => {
      const wallet = wallets[i] as string;
      tokensByWallet.set(wallet, new Set(f.tokens.filter((t) => !t.possibleSpam).map((t) => t.address)));
      result.problems.push(...f.problems);
      // The explorer did not list all the wallet's tokens: what it holds is not fully known.
      const first = f.problems[0];
      if (first) result.unread.push({ chainId, walletAddresses: [wallet], reason: readFailureReason(first) });
    });
    return { tokensByWallet, erc721: undefined };
  }
  result.sources.push("rpc");
  const erc721: Log[] = [];
  for (const [w, set] of await discoverTokensByLogs(client, wallets, { erc721 })) tokensByWallet.set(w, set);
  return { tokensByWallet, erc721 };
}

/**
 * Two rounds: the balances, and beside them which discovered tokens answer like pairs; then the held
 * tokens' metadata (with the tokens of the pair candidates among them) beside the factories' check of
 * those candidates.
 */
async function readFacts(
  deps: ChainDeps,
  client: PublicClient,
  chainId: number,
  wallets: readonly string[],
  tokensByWallet: ReadonlyMap<string, ReadonlySet<string>>,
  problems: string[],
): Promise<ChainFacts> {
  const discovered = [...new Set([...tokensByWallet.values()].flatMap((set) => [...set]))];
  const [balances, candidates] = await Promise.all([
    readBalances(
      client,
      wallets.map((wallet) => ({
        wallet: wallet as `0x${string}`,
        tokens: [...(tokensByWallet.get(wallet) ?? [])] as `0x${string}`[],
      })),
    ),
    findPairCandidates(deps.chain, chainId, discovered, problems),
  ]);
  const held = new Set<string>();
  for (const b of balances) for (const [token, raw] of b.tokens) if (raw > 0n) held.add(token);
  // In the order of the held tokens, as a probe of the held tokens alone would answer.
  const byPair = new Map(candidates.map((c) => [c.pair, c]));
  const heldCandidates = [...held].flatMap((t) => byPair.get(t) ?? []);
  const pairTokens = heldCandidates.flatMap((c) => [c.token0, c.token1]).filter((t) => !held.has(t));
  const [pairs, meta] = await Promise.all([
    findPairs(deps.chain, chainId, heldCandidates, problems),
    loadTokenMetadata(deps.db, client, chainId, [...held, ...pairTokens]),
  ]);
  return { balances, pairs, meta };
}
