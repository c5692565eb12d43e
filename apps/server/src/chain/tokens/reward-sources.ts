import { REWARD_SOURCE_GETTERS, type RewardSourceGetter, senderKey } from "@pulsemanager/core";
import { and, eq, inArray, sql } from "drizzle-orm";
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
  // A distributor kept before its getter was: asked again, so the tracker can name its kind.
  const unnamed = new Set(stored.filter((r) => r.distributor && !r.getter).map((r) => r.token));
  const known = new Set(stored.filter((r) => !unnamed.has(r.token)).map((r) => r.token));
  for (const r of stored) if (r.distributor) found.add(senderKey(chainId, r.distributor));
  const missing = wanted.filter((t) => !known.has(t));
  if (missing.length === 0) return found;

  const calls = missing.flatMap((token) =>
    REWARD_SOURCE_GETTERS.map((functionName) => ({ address: token as `0x${string}`, abi: GETTERS_ABI, functionName })),
  );
  const results = await multicallChunked(client, calls, 1000);
  const rows = missing.map((token, i) => {
    const answers = results.slice(i * REWARD_SOURCE_GETTERS.length, (i + 1) * REWARD_SOURCE_GETTERS.length);
    const named = answers.map((a) => (a?.status === "success" && isAddress(a.result) ? a.result : undefined));
    const at = named.findIndex((a) => a !== undefined);
    const address = named[at];
    const getter: RewardSourceGetter | null = at < 0 ? null : (REWARD_SOURCE_GETTERS[at] ?? null);
    return { chainId, token, distributor: address ? address.toLowerCase() : null, getter };
  });
  const fresh = rows.filter((r) => !unnamed.has(r.token));
  // A kept distributor is only ever completed, never dropped by an answer that did not come.
  const completed = rows.filter((r) => unnamed.has(r.token) && r.distributor);
  if (fresh.length > 0) await db.insert(tokenRewardSources).values(fresh).onConflictDoNothing();
  if (completed.length > 0)
    await db
      .insert(tokenRewardSources)
      .values(completed)
      .onConflictDoUpdate({
        target: [tokenRewardSources.chainId, tokenRewardSources.token],
        set: { distributor: sql`excluded.distributor`, getter: sql`excluded.getter`, checkedAt: sql`now()` },
      });
  for (const r of rows) if (r.distributor) found.add(senderKey(chainId, r.distributor));
  return found;
}

function isAddress(value: unknown): value is string {
  return typeof value === "string" && /^0x[0-9a-fA-F]{40}$/.test(value) && value.toLowerCase() !== zeroAddress;
}

/** The token that named a paying contract, and by which getter; the first one when several did. */
export interface RewardSourceOwner {
  token: string;
  getter: RewardSourceGetter | null;
}

/** Who named each of these paying contracts (lower-case addresses) as its distributor, from the kept answers. */
export async function rewardSourceOwners(
  db: Db,
  chainId: number,
  distributors: readonly string[],
): Promise<Map<string, RewardSourceOwner>> {
  const owners = new Map<string, RewardSourceOwner>();
  const wanted = [...new Set(distributors.map((d) => d.toLowerCase()))];
  if (wanted.length === 0) return owners;
  const rows = await db
    .select()
    .from(tokenRewardSources)
    .where(and(eq(tokenRewardSources.chainId, chainId), inArray(tokenRewardSources.distributor, wanted)))
    .orderBy(tokenRewardSources.token);
  for (const r of rows)
    if (r.distributor && !owners.has(r.distributor))
      owners.set(r.distributor, { token: r.token, getter: (r.getter as RewardSourceGetter | null) ?? null });
  return owners;
}
