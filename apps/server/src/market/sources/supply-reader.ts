import { burnSinks, D, type Supply, supplyOf } from "@pulsemanager/core";
import { erc20Abi, type PublicClient } from "viem";
import { multicallChunked } from "../../chain/balances/multicall-balances.ts";

/** Total supply and what the burn sinks hold, per token, in one multicall. */
export async function readSupplies(
  client: PublicClient,
  chainId: number,
  tokens: readonly { address: string; decimals: number }[],
): Promise<Map<string, Supply>> {
  const sinks = burnSinks(chainId);
  const perToken = 1 + sinks.length;
  const calls = tokens.flatMap((t) => [
    { address: t.address as `0x${string}`, abi: erc20Abi, functionName: "totalSupply" },
    ...sinks.map((sink) => ({
      address: t.address as `0x${string}`,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [sink as `0x${string}`],
    })),
  ]);
  const results = await multicallChunked(client, calls, 1000);
  const out = new Map<string, Supply>();
  tokens.forEach((t, i) => {
    const total = results[i * perToken];
    if (total?.status !== "success") return;
    const scale = new D(10).pow(t.decimals);
    const held = sinks.map((sink, j) => {
      const r = results[i * perToken + 1 + j];
      return { sink, amount: r?.status === "success" ? new D(String(r.result)).div(scale) : new D(0) };
    });
    out.set(t.address.toLowerCase(), supplyOf(new D(String(total.result)).div(scale), held));
  });
  return out;
}
