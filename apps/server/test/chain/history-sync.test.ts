import { encodeFunctionData, erc20Abi } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RpcLogHistorySource } from "../../src/chain/history/rpc-log-history.ts";
import { storedTransfers, syncedOnce, syncHistory, tokensSeen } from "../../src/chain/sync/history-sync.ts";
import { loadTokenMetadata } from "../../src/chain/tokens/token-metadata.ts";
import { createDb, type Db } from "../../src/db/client.ts";
import { type DatabaseHandle, startEmbeddedDatabase } from "../../src/db/engine.ts";
import { applyMigrations } from "../../src/db/migrate.ts";
import { type ChainFixture, startChainFixture } from "./support/devchain-fixture.ts";

let f: ChainFixture;
let handle: DatabaseHandle;
let db: Db;
beforeAll(async () => {
  [f, handle] = await Promise.all([startChainFixture([369]), startEmbeddedDatabase("memory")]);
  await applyMigrations(handle.pool, handle.engine);
  db = createDb(handle.pool);
});
afterAll(async () => {
  await f?.stop();
  await handle?.close();
});

describe("stored chain data", () => {
  it("reads token metadata once, then from the database", async () => {
    const pls = f.devchain.chain(369);
    const addresses = [pls.contracts.hex, pls.contracts.usdc, pls.contracts.fakeHex, pls.contracts.factoryV2];
    f.calls.length = 0;
    const first = await loadTokenMetadata(db, f.client(369), 369, addresses);
    expect(f.calls.length).toBe(1);
    expect(first.get(pls.contracts.hex.toLowerCase())).toMatchObject({ symbol: "HEX", decimals: 8, isErc20: true });
    expect(first.get(pls.contracts.usdc.toLowerCase())).toMatchObject({ decimals: 6, isErc20: true });
    // A contract that is no token is remembered as such.
    expect(first.get(pls.contracts.factoryV2.toLowerCase())).toMatchObject({ decimals: null, isErc20: false });
    f.calls.length = 0;
    const again = await loadTokenMetadata(db, f.client(369), 369, addresses);
    expect(f.calls.length).toBe(0);
    expect(again.get(pls.contracts.fakeHex.toLowerCase())?.symbol).toBe("HEX");
  });

  it("syncs a history incrementally: the second run reads only the new blocks", async () => {
    const pls = f.devchain.chain(369);
    const [a, b] = pls.wallets.users as [string, string];
    const source = new RpcLogHistorySource(f.client(369), { chainId: 369, wrappedNative: pls.contracts.wpls });

    const first = await syncHistory(db, source, 369, a);
    expect(first.fromBlock).toBe(0);
    expect(first.partial).toBe(false);
    const stored = await storedTransfers(db, 369, a);
    expect(stored.length).toBe(first.added);
    const direct = await source.fetchTransfers({ chainId: 369, address: a, fromBlock: 0 });
    expect(stored.length).toBe(direct.transfers.length);
    expect(await tokensSeen(db, 369, a)).toContain(pls.contracts.plsx.toLowerCase());

    const nothingNew = await syncHistory(db, source, 369, a);
    expect(nothingNew.fromBlock).toBe(first.toBlock + 1);
    expect(nothingNew.added).toBe(0);

    // A new transfer on the chain: A sends PLSX to B (anvil's accounts are unlocked).
    const client = f.client(369);
    const hash = (await client.request({
      method: "eth_sendTransaction",
      params: [
        {
          from: a as `0x${string}`,
          to: pls.contracts.plsx as `0x${string}`,
          data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [b as `0x${string}`, 12345n] }),
        },
      ],
    } as never)) as `0x${string}`;
    await client.waitForTransactionReceipt({ hash });

    const next = await syncHistory(db, source, 369, a);
    expect(next.fromBlock).toBe(nothingNew.toBlock + 1);
    // The token transfer and the transaction's own record (carrying the fee).
    expect(next.added).toBe(2);
    const latest = (await storedTransfers(db, 369, a)).filter((t) => t.txHash === hash);
    expect(latest.find((t) => t.token === pls.contracts.plsx.toLowerCase())).toMatchObject({
      from: a.toLowerCase(),
      to: b.toLowerCase(),
      amount: "12345",
      fee: "0",
    });
    expect(BigInt(latest.find((t) => t.token === "native")?.fee ?? "0")).toBeGreaterThan(0n);
  });

  it("knows whether every wallet was synced once from every source (the first sync reads the whole chain)", async () => {
    const pls = f.devchain.chain(369);
    const [, , c, d] = pls.wallets.users as [string, string, string, string];
    const source = new RpcLogHistorySource(f.client(369), { chainId: 369, wrappedNative: pls.contracts.wpls });
    const sources = [{ chainId: 369, name: source.name }];
    expect(await syncedOnce(db, sources, [c])).toBe(false);
    await syncHistory(db, source, 369, c);
    expect(await syncedOnce(db, sources, [c.toUpperCase().replace("0X", "0x")])).toBe(true);
    // One wallet never synced, or a source the wallet was never synced from: not yet.
    expect(await syncedOnce(db, sources, [c, d])).toBe(false);
    expect(await syncedOnce(db, [...sources, { chainId: 1, name: source.name }], [c])).toBe(false);
    expect(await syncedOnce(db, [{ chainId: 369, name: "blockscout" }], [c])).toBe(false);
  });
});
