import { REWARD_SOURCE_GETTERS, senderKey } from "@pulsemanager/core";
import { and, eq, inArray } from "drizzle-orm";
import { type PublicClient, parseAbi, zeroAddress } from "viem";
import type { Db } from "../../db/client.ts";
import { tokenRewardSources } from "../../db/schema.ts";
import { multicallChunked } from "../balances/multicall-balances.ts";

const GETTERS_ABI = parseAbi([
  "function distributor() view returns (address)",
  "function dividendTracker() view returns (address)",
]);

/**
 * The reward distributors of tokens, found on chain with no configuration: each token is asked once
 * (one multicall, failures allowed) for the getters printer and dividend tokens expose, and the answer
 * is kept in the database (a token that has none is kept as null). Returns "chainId:0xdistributor"
 * keys for the income rule (core's RewardSenders). A call that fails as a whole (RPC down) is not
 * kept: the tokens are asked again next time.
 */
export async function loadRewardSources(
  db: Db,
  client: PublicClient,
  chainId: number,
  tokens: readonly string[],
): Promise<Set<string>> {
  const wanted = [...new Set(tokens.map((t) => t.toLowerCase()).filter((t) => t !== "native"))];
  const found = new Set<string>();
  if (wanted.length === 0) return found;
  const stored = await db
    .select()
    .from(tokenRewardSources)
    .where(and(eq(tokenRewardSources.chainId, chainId), inArray(tokenRewardSources.token, wanted)));
  const known = new Set(stored.map((r) => r.token));
  for (const r of stored) if (r.distributor) found.add(senderKey(chainId, r.distributor));
  const missing = wanted.filter((t) => !known.has(t));
  if (missing.length === 0) return found;

  const calls = missing.flatMap((token) =>
    REWARD_SOURCE_GETTERS.map((functionName) => ({ address: token as `0x${string}`, abi: GETTERS_ABI, functionName })),
  );
  const results = await multicallChunked(client, calls, 1000);
  const rows = missing.map((token, i) => {
    const answers = results.slice(i * REWARD_SOURCE_GETTERS.length, (i + 1) * REWARD_SOURCE_GETTERS.length);
    let address: string | undefined;
    for (const a of answers) if (a?.status === "success" && isAddress(a.result)) address ??= a.result;
    return { chainId, token, distributor: address ? address.toLowerCase() : null };
  });
  await db.insert(tokenRewardSources).values(rows).onConflictDoNothing();
  for (const r of rows) if (r.distributor) found.add(senderKey(chainId, r.distributor));
  return found;
}

function isAddress(value: unknown): value is string {
  return typeof value === "string" && /^0x[0-9a-fA-F]{40}$/.test(value) && value.toLowerCase() !== zeroAddress;
}
