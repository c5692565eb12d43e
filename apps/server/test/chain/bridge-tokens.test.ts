import { D } from "@pulsemanager/core";
import { createPublicClient, erc20Abi, http, type PublicClient } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Devchain, startDevchain } from "../../../../tools/devchain/src/index.ts";
import { confirmedUser } from "../support/accounts.ts";
import type { TestServer } from "../support/test-server.ts";
import { startDevchainApp } from "./support/devchain-app.ts";

let devchain: Devchain;
let t: TestServer;
beforeAll(async () => {
  devchain = await startDevchain({ chains: [369, 1], bulkTokens: 0 });
  t = await startDevchainApp(devchain);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await devchain?.stop();
});

/** Whole tokens of all user wallets, read straight from the node. */
async function heldOnChain(chainId: 369 | 1, role: string): Promise<string> {
  const info = chainId === 369 ? devchain.chain(369) : devchain.chain(1);
  const token = info.tokens.find((x) => x.role === role);
  if (!token) throw new Error(`no ${role} on ${chainId}`);
  const rpc = createPublicClient({ transport: http(info.rpcUrl) }) as PublicClient;
  let raw = 0n;
  for (const wallet of devchain.chain(369).wallets.users) {
    raw += await rpc.readContract({
      address: token.address as `0x${string}`,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [wallet as `0x${string}`],
    });
  }
  return new D(raw.toString()).div(new D(10).pow(token.decimals)).toFixed();
}

describe("GET /api/bridge/tokens on the devchain", () => {
  it("names the bridged stablecoins and the fork copies with their balances on both chains", async () => {
    const me = await confirmedUser(t, "bridge@example.de", "BridgePass1");
    for (const address of devchain.chain(369).wallets.users) {
      expect((await me.post("/api/wallet-management", { address, nickname: "W" })).status).toBe(200);
    }
    const res = await me.get("/api/bridge/tokens");
    expect(res.status).toBe(200);
    const body = res.json;
    expect(body.bridgeUrl).toBe("https://bridge.pulsechain.com");
    expect(body.walletCount).toBe(5);
    const pls = devchain.chain(369);
    const eth = devchain.chain(1);
    const addr = (info: typeof pls | typeof eth, role: string) =>
      info.tokens.find((x) => x.role === role)?.address.toLowerCase();
    const row = (kind: string, address: string | undefined) =>
      body.tokens.find(
        (x: { kind: string; pulsechain: { address: string } }) => x.kind === kind && x.pulsechain.address === address,
      );

    // Bridged DAI: its original is chain 1's DAI (another address), the user's balance there too.
    const dai = row("bridged", addr(pls, "dai"));
    expect(dai).toMatchObject({
      worthless: false,
      pulsechain: { chainId: 369, balance: await heldOnChain(369, "dai") },
    });
    expect(dai.ethereum).toEqual({ chainId: 1, address: addr(eth, "dai"), balance: await heldOnChain(1, "dai") });
    expect(new D(dai.pulsechain.balance).gt(0)).toBe(true);

    // The fork copies (left out of the portfolio) at chain 1's addresses: worthless, balances on both sides.
    const forkDai = row("fork-copy", addr(pls, "forkDai"));
    expect(addr(pls, "forkDai")).toBe(addr(eth, "dai"));
    expect(forkDai).toMatchObject({
      worthless: true,
      pulsechain: { balance: await heldOnChain(369, "forkDai") },
      ethereum: { chainId: 1, address: addr(eth, "dai"), balance: await heldOnChain(1, "dai") },
    });
    expect(row("fork-copy", addr(pls, "forkUsdc"))).toMatchObject({
      worthless: true,
      pulsechain: { balance: await heldOnChain(369, "forkUsdc") },
    });

    // HEX: the same address on both chains, with its own market on PulseChain.
    const hex = row("fork-copy", addr(pls, "hex"));
    expect(addr(pls, "hex")).toBe(addr(eth, "hex"));
    expect(hex).toMatchObject({ worthless: false, ethereum: { chainId: 1, balance: await heldOnChain(1, "hex") } });

    // Ecosystem tokens of PulseChain alone are neither.
    expect(row("bridged", addr(pls, "plsx")) ?? row("fork-copy", addr(pls, "plsx"))).toBeUndefined();
  });

  it("answers an empty list without wallets", async () => {
    const me = await confirmedUser(t, "nobridge@example.de", "BridgePass1");
    const res = await me.get("/api/bridge/tokens");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ walletCount: 0, tokens: [] });
  });
});
