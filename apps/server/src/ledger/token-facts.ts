import { CHAINS, NATIVE } from "@pulsemanager/core";
import type { ChainServices } from "../chain/services.ts";
import { loadTokenMetadata, type TokenMeta } from "../chain/tokens/token-metadata.ts";
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";

/** What a history's reader knows of a token. */
export interface TokenFact {
  symbol: string;
  name: string;
  decimals: number;
  /** The facts are the registry's or the token's own (its contract told its decimals), not the defaults. */
  known: boolean;
}

export interface TokenFactsDeps {
  db: Db;
  chain: Pick<ChainServices, "registry" | "clients">;
  logger: Logger;
}

/** "chainId:token" -> facts, over several chains. */
export type AssetFacts = Map<string, TokenFact>;

/** The chain's native coin: named by its chain (PLS on PulseChain, ETH on Ethereum), 18 decimals. */
export function nativeFact(chainId: number): TokenFact {
  const chain = CHAINS[chainId];
  return {
    symbol: chain?.nativeSymbol ?? "?",
    name: chain?.nativeName ?? "",
    decimals: 18,
    known: chain !== undefined,
  };
}

/** The short form of an address a token without a symbol is shown by ("0x1234…abcd"). */
function shortAddress(token: string): string {
  return `${token.slice(0, 6)}…${token.slice(-4)}`;
}

/**
 * The one rule for a token's facts: the registry's; else what its contract told (stored, or read once
 * and stored); a token whose decimals were read but not its symbol is shown by its short address, one
 * nothing was read of is "?" with 18 decimals.
 */
function factOf(token: string, meta: TokenMeta | undefined): TokenFact {
  if (meta?.decimals != null)
    return { symbol: meta.symbol ?? shortAddress(token), name: meta.name ?? "", decimals: meta.decimals, known: true };
  return { symbol: meta?.symbol ?? "?", name: meta?.name ?? "", decimals: 18, known: false };
}

/**
 * Symbol, name and decimals of tokens on one chain (token -> facts). The registry's tokens need no
 * read; the others' are loaded (one query, a multicall for the ones never read). A failed read is
 * logged and leaves those tokens at the fallback.
 */
export async function tokenFacts(
  deps: TokenFactsDeps,
  chainId: number,
  tokens: readonly string[],
): Promise<Map<string, TokenFact>> {
  const out = new Map<string, TokenFact>();
  const unknown: string[] = [];
  for (const token of tokens) {
    if (token === NATIVE) {
      out.set(token, nativeFact(chainId));
      continue;
    }
    const known = deps.chain.registry.get(chainId, token);
    if (known) out.set(token, { symbol: known.symbol, name: known.name, decimals: known.decimals, known: true });
    else unknown.push(token);
  }
  if (unknown.length === 0) return out;
  const client = deps.chain.clients.get(chainId);
  const meta = client
    ? await loadTokenMetadata(deps.db, client, chainId, unknown).catch((err) => {
        deps.logger.warn({ err, chainId }, "ledger: token metadata failed");
        return new Map<string, TokenMeta>();
      })
    : new Map<string, TokenMeta>();
  for (const token of unknown) out.set(token, factOf(token, meta.get(token)));
  return out;
}

/** The facts of each chain's tokens, keyed "chainId:token" (chains one after the other). */
export async function assetFacts(
  deps: TokenFactsDeps,
  tokensByChain: ReadonlyMap<number, readonly string[]>,
): Promise<AssetFacts> {
  const out: AssetFacts = new Map();
  for (const [chainId, tokens] of tokensByChain)
    for (const [token, fact] of await tokenFacts(deps, chainId, tokens)) out.set(`${chainId}:${token}`, fact);
  return out;
}
