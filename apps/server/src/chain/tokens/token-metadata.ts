import { and, eq, inArray, sql } from "drizzle-orm";
import { erc20Abi, type PublicClient } from "viem";
import type { Db } from "../../db/client.ts";
import { tokenMetadata } from "../../db/schema.ts";
import { multicallChunked } from "../balances/multicall-balances.ts";
import { isChainUnreachable } from "../rpc/chain-unreachable.ts";

export interface TokenMeta {
  chainId: number;
  address: string;
  symbol: string | null;
  name: string | null;
  decimals: number | null;
  isErc20: boolean;
}

/** Symbol, name and decimals: read from the chain once (3 reads per token in one multicall), then from the database. */
export async function loadTokenMetadata(
  db: Db,
  client: PublicClient,
  chainId: number,
  addresses: readonly string[],
): Promise<Map<string, TokenMeta>> {
  const wanted = [...new Set(addresses.map((a) => a.toLowerCase()))];
  const out = new Map<string, TokenMeta>();
  if (wanted.length === 0) return out;
  const stored = await db
    .select()
    .from(tokenMetadata)
    .where(and(eq(tokenMetadata.chainId, chainId), inArray(tokenMetadata.address, wanted)));
  for (const row of stored) if (!unreadLongAgo(row)) out.set(row.address, row);
  const missing = wanted.filter((a) => !out.has(a));
  if (missing.length === 0) return out;

  const calls = missing.flatMap((address) =>
    (["symbol", "name", "decimals"] as const).map((functionName) => ({
      address: address as `0x${string}`,
      abi: erc20Abi,
      functionName,
    })),
  );
  const results = await multicallChunked(client, calls, 1500);
  // A node that could not be asked says nothing about the tokens: nothing is stored, the caller learns why.
  const failed = results.find((r) => r.status === "failure" && isChainUnreachable(r.error));
  if (failed?.status === "failure") throw failed.error;
  const rows: TokenMeta[] = missing.map((address, i) => {
    const [symbol, name, decimals] = results.slice(i * 3, i * 3 + 3);
    const dec = decimals?.status === "success" ? Number(decimals.result) : null;
    return {
      chainId,
      address,
      symbol: symbol?.status === "success" ? cleanText(symbol.result) : null,
      name: name?.status === "success" ? cleanText(name.result) : null,
      decimals: dec !== null && Number.isInteger(dec) && dec >= 0 && dec <= 77 ? dec : null,
      isErc20: decimals?.status === "success",
    };
  });
  await db
    .insert(tokenMetadata)
    .values(rows)
    .onConflictDoUpdate({
      target: [tokenMetadata.chainId, tokenMetadata.address],
      set: {
        symbol: sql`excluded.symbol`,
        name: sql`excluded.name`,
        decimals: sql`excluded.decimals`,
        isErc20: sql`excluded.is_erc20`,
        fetchedAt: sql`excluded.fetched_at`,
      },
    });
  for (const row of rows) out.set(row.address, row);
  return out;
}

/** How long a "nothing could be read" answer stands before the contract is asked again. */
const UNREAD_RECHECK_MS = 60 * 60_000;

/**
 * A row with nothing read at all, stored over an hour ago: no contract answered (a factory, an EOA), or
 * (before unreachable nodes were told apart) a node that could not be asked. Asked again now and then,
 * so a real token does not stay "not a token" for good, while a contract that is no token is not
 * asked on every load.
 */
function unreadLongAgo(row: TokenMeta & { fetchedAt: Date }): boolean {
  const unread = !row.isErc20 && row.symbol === null && row.name === null && row.decimals === null;
  return unread && Date.now() - row.fetchedAt.getTime() > UNREAD_RECHECK_MS;
}

/** Token names come from anyone's contract: keep them printable and short. */
function cleanText(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = [...value]
    .filter((ch) => {
      const c = ch.charCodeAt(0);
      return c >= 0x20 && c !== 0x7f;
    })
    .join("")
    .trim()
    .slice(0, 64);
  return text || null;
}
