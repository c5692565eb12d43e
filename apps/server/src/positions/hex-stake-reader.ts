import type { HexDailyData, HexStakeEntry } from "@pulsemanager/core";
import type { Abi, PublicClient } from "viem";
import { multicallChunked } from "../chain/balances/multicall-balances.ts";

/** The parts of HEX's interface a stake reader needs. */
const hexAbi = [
  { type: "function", name: "currentDay", stateMutability: "view", inputs: [], outputs: [{ type: "uint256" }] },
  { type: "function", name: "globalInfo", stateMutability: "view", inputs: [], outputs: [{ type: "uint256[13]" }] },
  {
    type: "function",
    name: "stakeCount",
    stateMutability: "view",
    inputs: [{ name: "stakerAddr", type: "address" }],
    outputs: [{ type: "uint256" }],
  },
  {
    type: "function",
    name: "stakeLists",
    stateMutability: "view",
    inputs: [
      { name: "", type: "address" },
      { name: "", type: "uint256" },
    ],
    outputs: [
      { name: "stakeId", type: "uint40" },
      { name: "stakedHearts", type: "uint72" },
      { name: "stakeShares", type: "uint72" },
      { name: "lockedDay", type: "uint16" },
      { name: "stakedDays", type: "uint16" },
      { name: "unlockedDay", type: "uint16" },
      { name: "isAutoStake", type: "bool" },
    ],
  },
  {
    type: "function",
    name: "dailyDataRange",
    stateMutability: "view",
    inputs: [
      { name: "beginDay", type: "uint256" },
      { name: "endDay", type: "uint256" },
    ],
    outputs: [{ name: "list", type: "uint256[]" }],
  },
] as const satisfies Abi;

export interface WalletStakes {
  currentDay: number;
  stakes: { wallet: string; entry: HexStakeEntry }[];
  daily: HexDailyData;
}

/**
 * Every stake of the wallets in three multicalls: the stake counts with currentDay and globalInfo,
 * then each stakeLists entry, then dailyDataRange over the days the stakes served (the days the
 * contract has stored; see hexStakeYield for the rest).
 */
export async function readHexStakes(
  client: PublicClient,
  contract: `0x${string}`,
  wallets: readonly string[],
): Promise<WalletStakes> {
  const call = (functionName: string, args?: readonly unknown[]) => ({
    address: contract,
    abi: hexAbi as Abi,
    functionName,
    ...(args ? { args } : {}),
  });
  const first = await multicallChunked(
    client,
    [call("currentDay"), call("globalInfo"), ...wallets.map((w) => call("stakeCount", [w]))],
    1000,
  );
  const [day, info] = first;
  if (day?.status !== "success" || info?.status !== "success") throw new Error("the HEX contract did not answer");
  const currentDay = Number(day.result as bigint);
  const dailyDataCount = Number((info.result as readonly bigint[])[4]);
  const slots = wallets.flatMap((wallet, i) => {
    const count = first[i + 2];
    const n = count?.status === "success" ? Number(count.result as bigint) : 0;
    return Array.from({ length: n }, (_, index) => ({ wallet, index }));
  });
  const empty: WalletStakes = { currentDay, stakes: [], daily: { beginDay: 0, words: [] } };
  if (slots.length === 0) return empty;

  const lists = await multicallChunked(
    client,
    slots.map((s) => call("stakeLists", [s.wallet, BigInt(s.index)])),
    1000,
  );
  const stakes = slots.flatMap((s, i) => {
    const r = lists[i];
    if (r?.status !== "success") return [];
    const [stakeId, stakedHearts, stakeShares, lockedDay, stakedDays, unlockedDay] = r.result as readonly [
      bigint,
      bigint,
      bigint,
      number,
      number,
      number,
    ];
    return [{ wallet: s.wallet, entry: { stakeId, stakedHearts, stakeShares, lockedDay, stakedDays, unlockedDay } }];
  });
  const begin = Math.min(...stakes.map((s) => s.entry.lockedDay));
  const end = Math.min(dailyDataCount, Math.max(...stakes.map((s) => s.entry.lockedDay + s.entry.stakedDays)));
  if (!(begin < end)) return { ...empty, stakes };
  const [range] = await multicallChunked(client, [call("dailyDataRange", [BigInt(begin), BigInt(end)])], 1);
  if (range?.status !== "success") throw new Error("HEX daily data could not be read");
  return { currentDay, stakes, daily: { beginDay: begin, words: range.result as readonly bigint[] } };
}
