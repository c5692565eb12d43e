import type { NftItem } from "../chain/nfts/nft-items.ts";
import type { Log } from "../chain/nfts/nft-rpc.ts";
import type { ChainServices } from "../chain/services.ts";
import { readHexStakes, type WalletStakes } from "./hex-stake-reader.ts";
import { type PairCandidate, type PairToken, probePairs, verifyPairs } from "./lp-pairs.ts";

/** The chain services the pair checks use: each chain's client and its DEX factories. */
export type PairReadDeps = Pick<ChainServices, "clients" | "pairFactories">;
/** The chain services the HEX stake read uses. */
export type StakeReadDeps = Pick<ChainServices, "clients" | "hexStakes">;
/** The chain services the NFT list uses. */
export type NftListDeps = Pick<ChainServices, "nfts">;

/** Which of the tokens look like pairs (token0/token1); a failed probe is a problem, the tokens stay tokens. */
export async function findPairCandidates(
  chain: PairReadDeps,
  chainId: number,
  tokens: readonly string[],
  problems: string[],
): Promise<PairCandidate[]> {
  const client = chain.clients.get(chainId);
  if (!client) return [];
  try {
    return await probePairs(client, chain.pairFactories.get(chainId) ?? [], tokens);
  } catch (err) {
    problems.push(pairProblem(chainId, err));
    return [];
  }
}

/** The candidates that are pairs of a known DEX; a failed check is a problem, the tokens stay tokens. */
export async function findPairs(
  chain: PairReadDeps,
  chainId: number,
  candidates: readonly PairCandidate[],
  problems: string[],
): Promise<Map<string, PairToken>> {
  const client = chain.clients.get(chainId);
  if (!client) return new Map();
  try {
    return await verifyPairs(client, chain.pairFactories.get(chainId) ?? [], candidates);
  } catch (err) {
    problems.push(pairProblem(chainId, err));
    return new Map();
  }
}

const pairProblem = (chainId: number, err: unknown) =>
  `liquidity positions on chain ${chainId}: ${(err as Error).message}`;

/** The wallets' HEX stakes on the chain (none found: undefined); a failed read is a problem, not a failed load. */
export async function readStakes(
  chain: StakeReadDeps,
  chainId: number,
  wallets: readonly string[],
  problems: string[],
): Promise<WalletStakes | undefined> {
  const client = chain.clients.get(chainId);
  const stakes = chain.hexStakes.get(chainId);
  if (!client || !stakes || wallets.length === 0) return undefined;
  try {
    const read = await readHexStakes(client, stakes.contract, wallets);
    return read.stakes.length > 0 ? read : undefined;
  } catch (err) {
    problems.push(`HEX stakes on chain ${chainId}: ${(err as Error).message}`);
    return undefined;
  }
}

/** The wallets' NFTs on the chain; a failed list is a problem, not a failed load. */
export async function listNfts(
  chain: NftListDeps,
  chainId: number,
  wallets: readonly string[],
  problems: string[],
  erc721Logs?: readonly Log[],
): Promise<NftItem[]> {
  const source = chain.nfts.get(chainId);
  if (!source || wallets.length === 0) return [];
  try {
    return await source.list(wallets, erc721Logs);
  } catch (err) {
    problems.push(`NFTs on chain ${chainId}: ${(err as Error).message}`);
    return [];
  }
}
