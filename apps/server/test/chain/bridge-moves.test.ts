/**
 * Bridge moves read from the devchain's real bridge logs (tools/devchain README, "The bridge"): B
 * bridges HEX and 1 ETH (through the native router) from Ethereum to himself on PulseChain, D sends
 * 10,000 HEX over the bridge to an exchange's address. The server reads the events of the wallets on
 * both chains and pairs them by message id.
 */
import type { OmnibridgeContracts } from "@pulsemanager/core";
import { createWalletClient, erc20Abi, http } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadArtifacts } from "../../../../tools/devchain/src/artifacts.ts";
import { type BridgeChains, storedBridgeMoves, syncBridgeEvents } from "../../src/bridge/bridge-event-sync.ts";
import { bridgeContracts } from "../../src/chain/contracts/bridge-contracts.ts";
import { RpcLogHistorySource } from "../../src/chain/history/rpc-log-history.ts";
import { syncHistory } from "../../src/chain/sync/history-sync.ts";
import type { Db } from "../../src/db/client.ts";
import { openMigratedDb } from "../support/migrated-db.ts";
import { type ChainFixture, startChainFixture } from "./support/devchain-fixture.ts";

let f: ChainFixture;
let db: Db;
let closeDb: () => Promise<void>;

beforeAll(async () => {
  const [fixture, migrated] = await Promise.all([startChainFixture([369, 1]), openMigratedDb()]);
  f = fixture;
  db = migrated.db;
  closeDb = migrated.close;
}, 240_000);

afterAll(async () => {
  await f?.stop();
  await closeDb?.();
});

const lower = (a: string) => a.toLowerCase();

/** The chain services' part the sync uses: the RPC clients and the devchain's bridge contracts. */
function bridgeChains(): BridgeChains {
  const bridges = new Map<number, OmnibridgeContracts>();
  for (const id of [369, 1] as const) {
    const c = bridgeContracts(id, f.deployment(id));
    if (c) bridges.set(id, c);
  }
  return { clients: new Map(([369, 1] as const).map((id) => [id, f.client(id)] as const)), bridges };
}

describe("bridge moves from the chain logs", () => {
  it("pairs B's HEX and ETH moves to himself and leaves D's move to someone else unmatched (not own)", async () => {
    const pulse = f.devchain.chain(369);
    const eth = f.devchain.chain(1);
    const [, B, , D] = pulse.wallets.users.map(lower) as [string, string, string, string];
    const wallets = [369, 1].flatMap((chainId) => [B, D].map((address) => ({ chainId, address })));
    for (const chainId of [369, 1] as const) {
      const wrappedNative = chainId === 369 ? pulse.contracts.wpls : eth.contracts.weth;
      const source = new RpcLogHistorySource(f.client(chainId), { chainId, wrappedNative });
      for (const address of [B, D]) await syncHistory(db, source, chainId, address);
    }
    await syncBridgeEvents(db, bridgeChains(), wallets);
    const moves = await storedBridgeMoves(db, wallets);

    // What the devchain recorded: B's two deposits and D's on Ethereum, B's two payouts on PulseChain.
    const out = f.devchain.seeded[1]?.transfers.filter((t) => t.kind === "bridge-out") ?? [];
    const arrived = f.devchain.seeded[369]?.transfers.filter((t) => t.kind === "bridge-in" && t.to === B) ?? [];
    const bHex = out.find((t) => t.from === B && t.token === lower(eth.contracts.hex));
    const bEth = out.find((t) => t.from === B && t.token === "native");
    const dHex = out.find((t) => t.from === D);
    const hexIn = arrived.find((t) => t.token === lower(pulse.contracts.bridgedHex as string));
    const wethIn = arrived.find((t) => t.token === lower(pulse.contracts.bridgedWeth as string));
    expect([bHex, bEth, dHex, hexIn, wethIn].every(Boolean)).toBe(true);

    const sides = moves.moves.map((m) => [m.from, m.to].map((s) => [s.chainId, s.txHash, s.wallet, s.token, s.amount]));
    expect(sides).toEqual([
      [
        [1, bHex?.txHash, B, lower(eth.contracts.hex), BigInt(bHex?.amount ?? 0)],
        [369, hexIn?.txHash, B, lower(pulse.contracts.bridgedHex as string), BigInt(hexIn?.amount ?? 0)],
      ],
      [
        [1, bEth?.txHash, B, "native", 10n ** 18n],
        [369, wethIn?.txHash, B, lower(pulse.contracts.bridgedWeth as string), 10n ** 18n],
      ],
    ]);
    expect(moves.moves[0]?.from.time).toBe(bHex?.timestamp);
    expect(moves.moves[0]?.to.time).toBe(hexIn?.timestamp);
    expect(moves.unmatched).toEqual([
      expect.objectContaining({
        chainId: 1,
        txHash: dHex?.txHash,
        wallet: D,
        token: lower(eth.contracts.hex),
        amount: 10_000n * 10n ** 8n,
        direction: "out",
        otherChainId: 369,
        reason: "not-own",
      }),
    ]);
    expect(moves.departing(1, bHex?.txHash as string)).toHaveLength(1);
    expect(moves.unmatchedIn(1, dHex?.txHash as string)).toHaveLength(1);

    // A second sync reads nothing twice: the same moves.
    await syncBridgeEvents(db, bridgeChains(), wallets);
    expect((await storedBridgeMoves(db, wallets)).moves).toHaveLength(2);
  }, 240_000);

  it("counts the deposits of B's Ethereum address as someone else's when only his PulseChain wallet is the user's", async () => {
    const B = lower(f.devchain.chain(369).wallets.users[1] as string);
    const moves = await storedBridgeMoves(db, [{ chainId: 369, address: B }]);
    expect(moves.moves).toEqual([]);
    expect(moves.unmatched.map((u) => [u.chainId, u.direction, u.reason])).toEqual([
      [369, "in", "not-own"],
      [369, "in", "not-own"],
    ]);
  });

  it("leaves a deposit nobody has paid out yet unmatched: not found", async () => {
    const eth = f.devchain.chain(1);
    const B = eth.wallets.users[1] as `0x${string}`;
    const sender = createWalletClient({ account: B, transport: http(eth.rpcUrl) });
    const client = f.client(1);
    const art = loadArtifacts();
    const send = async (hash: Promise<`0x${string}`>) => {
      const receipt = await client.waitForTransactionReceipt({ hash: await hash, pollingInterval: 20 });
      expect(receipt.status).toBe("success");
      return receipt.transactionHash;
    };
    const usdc = eth.contracts.usdc as `0x${string}`;
    const bridge = eth.contracts.omnibridge as `0x${string}`;
    const amount = 100n * 10n ** 6n;
    const approve = {
      address: usdc,
      abi: erc20Abi,
      functionName: "approve",
      args: [bridge, amount],
      chain: null,
    } as const;
    await send(sender.writeContract(approve));
    const deposit = await send(
      sender.writeContract({
        address: bridge,
        abi: art.own.BridgeForeignMediator.abi,
        functionName: "relayTokens",
        args: [usdc, B, amount],
        chain: null,
      }),
    );
    const wallets = [369, 1].map((chainId) => ({ chainId, address: lower(B) }));
    await syncBridgeEvents(db, bridgeChains(), wallets);
    const moves = await storedBridgeMoves(db, wallets);
    expect(moves.moves).toHaveLength(2);
    expect(moves.unmatchedIn(1, deposit)).toEqual([
      expect.objectContaining({ wallet: lower(B), token: lower(usdc), amount, direction: "out", reason: "not-found" }),
    ]);
  });
});
