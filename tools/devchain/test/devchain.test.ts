import {
  type Abi,
  type Address,
  createPublicClient,
  getAddress,
  type Hex,
  http,
  keccak256,
  type PublicClient,
  pad,
} from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadArtifacts } from "../src/artifacts.ts";
import {
  type Devchain,
  ETHEREUM,
  MULTICALL3_ADDRESS,
  PULSE,
  PULSE_PRICES_USD,
  type SeededTransfer,
  startDevchain,
  transfersOf,
} from "../src/index.ts";
import { addressSnapshot, historyDigest, readSnapshot, writeSnapshot } from "./helpers.ts";

const TRANSFER = keccak256(new TextEncoder().encode("Transfer(address,address,uint256)"));
const DEPOSIT = keccak256(new TextEncoder().encode("Deposit(address,uint256)"));
const WITHDRAWAL = keccak256(new TextEncoder().encode("Withdrawal(address,uint256)"));

const art = loadArtifacts();
const erc20 = art.own.Token.abi;
const pairAbi = art.uniswap.UniswapV2Pair.abi;

let devchain: Devchain;
let startMs = 0;
const clients: Record<number, PublicClient> = {};

beforeAll(async () => {
  const t = performance.now();
  devchain = await startDevchain();
  startMs = performance.now() - t;
  console.log(`devchain: both chains deployed and seeded, ready in ${Math.round(startMs)} ms (target 15000 ms)`);
  for (const id of [369, 1] as const) {
    clients[id] = createPublicClient({ transport: http(devchain.chain(id as 369).rpcUrl) }) as PublicClient;
  }
});

afterAll(async () => {
  await devchain?.stop();
});

const client = (id: number): PublicClient => {
  const c = clients[id];
  if (!c) throw new Error(`no client for ${id}`);
  return c;
};

interface RawLog {
  address: Hex;
  topics: Hex[];
  data: Hex;
  transactionHash: Hex;
  logIndex: Hex;
  blockNumber: Hex;
}

async function logsFor(chainId: number, topics: (Hex | null)[]): Promise<RawLog[]> {
  return (await client(chainId).request({
    method: "eth_getLogs",
    params: [{ fromBlock: "0x0", toBlock: "latest", topics } as never],
  })) as unknown as RawLog[];
}

const key = (t: { txHash: string; logIndex: number | null }) => `${t.txHash}:${t.logIndex}`;

describe("devchain", () => {
  it("is ready within the 15 s target", () => {
    expect(devchain.readyMs).toBeGreaterThan(0);
    expect(startMs).toBeLessThan(15_000);
  });

  it("answers with chain ids 369 and 1", async () => {
    expect(await client(369).getChainId()).toBe(369);
    expect(await client(1).getChainId()).toBe(1);
    expect(devchain.chain(369).chainId).toBe(369);
    expect(devchain.chain(1).chainId).toBe(1);
  });

  it("has Multicall3 at the canonical address on both chains, and aggregate3 works", async () => {
    for (const id of [369, 1]) {
      const code = await client(id).getCode({ address: MULTICALL3_ADDRESS });
      expect(code).toBe(art.own.Multicall3.deployedBytecode);
      const chainId = await client(id).readContract({
        address: MULTICALL3_ADDRESS,
        abi: art.own.Multicall3.abi,
        functionName: "getChainId",
      });
      expect(chainId).toBe(BigInt(id));
    }
    expect(devchain.chain(369).contracts.multicall3).toBe(getAddress("0xcA11bde05977b3631167028862bE2a173976CA11"));
  });

  it("gives all five user wallets 300 bulk tokens on both chains (read through Multicall3)", async () => {
    for (const id of [369, 1] as const) {
      const chain = devchain.chain(id as 369);
      expect(chain.contracts.bulkTokens).toHaveLength(300);
      expect(new Set(chain.contracts.bulkTokens).size).toBe(300);
      expect(chain.wallets.users).toHaveLength(5);
      const contracts = chain.wallets.users.flatMap((user) =>
        chain.contracts.bulkTokens.map((token) => ({
          address: token,
          abi: erc20,
          functionName: "balanceOf",
          args: [user],
        })),
      );
      const results = await client(id).multicall({
        contracts,
        multicallAddress: MULTICALL3_ADDRESS,
        allowFailure: false,
        batchSize: 0,
      });
      expect(results).toHaveLength(1500);
      for (const balance of results) expect(balance as bigint).toBeGreaterThan(0n);
    }
    // The bulk tokens and the Ethereum-origin tokens share addresses across the chains, like fork copies.
    expect(devchain.chain(1).contracts.bulkTokens).toEqual(devchain.chain(369).contracts.bulkTokens);
    expect(devchain.chain(1).contracts.dai).toBe(devchain.chain(369).contracts.forkDai);
    expect(devchain.chain(1).contracts.usdc).toBe(devchain.chain(369).contracts.forkUsdc);
    expect(devchain.chain(1).contracts.weth).toBe(devchain.chain(369).contracts.forkWeth);
    expect(devchain.chain(1).contracts.hex).toBe(devchain.chain(369).contracts.hex);
  });

  it("uses the Uniswap V2 pair bytecode whose init code hash Router02 has built in", () => {
    const initCodeHash = keccak256(art.uniswap.UniswapV2Pair.bytecode);
    expect(initCodeHash).toBe("0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f");
    expect(art.uniswap.UniswapV2Router02.bytecode.includes(initCodeHash.slice(2))).toBe(true);
  });

  it("prices every pool at its designed price after seeding", async () => {
    for (const id of [369, 1] as const) {
      const chain = devchain.chain(id as 369);
      for (const pool of chain.pools) {
        const token = chain.tokens.find((t) => t.role === pool.base) ?? {
          address: (chain.contracts as unknown as Record<string, Address>)[pool.base],
          decimals: pool.base === "usdc" ? 6 : pool.base === "hex" ? 8 : 18,
        };
        const [r0, r1] = (await client(id).readContract({
          address: pool.pair,
          abi: pairAbi,
          functionName: "getReserves",
        })) as readonly [bigint, bigint, number];
        const token0 = (await client(id).readContract({
          address: pool.pair,
          abi: pairAbi,
          functionName: "token0",
        })) as Address;
        const [reserveToken, reserveNative] =
          getAddress(token0) === getAddress(token.address as Address) ? [r0, r1] : [r1, r0];
        const price = Number(reserveNative) / 1e18 / (Number(reserveToken) / 10 ** token.decimals);
        const tolerance = pool.base === "printer" || pool.base === "dividendPrinter" ? 0.02 : 0.005;
        expect(Math.abs(price / pool.price - 1), `${id} ${pool.name}: ${price} vs ${pool.price}`).toBeLessThan(
          tolerance,
        );
      }
    }
    // The headline prices: PLS = 0.00003 USD through deep WPLS/DAI and WPLS/USDC pools.
    const pls = devchain.chain(369).pools.find((p) => p.name === "wplsDaiV2");
    expect(pls?.price).toBeCloseTo(1 / PULSE.nativePriceUsd, 6);
    expect(pls?.liquidityUsd).toBeGreaterThan(500_000);
    const thin = devchain.chain(369).pools.find((p) => p.name === "wplsLowLiquidityV2");
    expect(thin?.liquidityUsd).toBeLessThan(10);
    expect(devchain.chain(369).tokens.find((t) => t.role === "hex")?.priceUsd).toBe(PULSE_PRICES_USD.hex);
    expect(devchain.chain(1).nativePriceUsd).toBe(ETHEREUM.nativePriceUsd);
  });

  it("prices the V1-only token on V1 alone, and the fake HEX and spam nowhere", async () => {
    const c = devchain.chain(369).contracts;
    const zero = "0x0000000000000000000000000000000000000000";
    const getPair = (factory: Address, a: Address) =>
      client(369).readContract({
        address: factory,
        abi: art.uniswap.UniswapV2Factory.abi,
        functionName: "getPair",
        args: [a, c.wpls],
      });
    expect(await getPair(c.factoryV1, c.v1Only)).not.toBe(zero);
    expect(await getPair(c.factoryV2, c.v1Only)).toBe(zero);
    for (const token of [c.fakeHex, c.spam]) {
      expect(await getPair(c.factoryV1, token)).toBe(zero);
      expect(await getPair(c.factoryV2, token)).toBe(zero);
    }
    // Same symbol, different tokens: identity is (chain, address).
    const symbol = (address: Address) => client(369).readContract({ address, abi: erc20, functionName: "symbol" });
    expect(await symbol(c.hex)).toBe("HEX");
    expect(await symbol(c.fakeHex)).toBe("HEX");
    expect(await symbol(c.dai)).toBe("DAI");
    expect(await symbol(c.forkDai)).toBe("DAI");
    expect(c.fakeHex).not.toBe(c.hex);
    expect(c.forkDai).not.toBe(c.dai);
    expect(await client(369).readContract({ address: c.hex, abi: erc20, functionName: "decimals" })).toBe(8);
    expect(await client(369).readContract({ address: c.usdc, abi: erc20, functionName: "decimals" })).toBe(6);
    expect(await client(369).readContract({ address: c.usdt, abi: erc20, functionName: "decimals" })).toBe(6);
  });

  it("records exactly the Transfer / Deposit / Withdrawal logs that eth_getLogs returns for each user wallet", async () => {
    for (const id of [369, 1] as const) {
      const chain = devchain.chain(id as 369);
      const seeded = devchain.seeded[id];
      expect(seeded).toBeDefined();
      if (!seeded) continue;
      const wrapped = (id === 369 ? chain.contracts.wpls : devchain.chain(1).contracts.weth).toLowerCase();
      for (const wallet of chain.wallets.users) {
        const topic = pad(wallet.toLowerCase() as Hex);
        const logs = [
          ...(await logsFor(id, [TRANSFER, topic])),
          ...(await logsFor(id, [TRANSFER, null, topic])),
          ...(await logsFor(id, [DEPOSIT, topic])),
          ...(await logsFor(id, [WITHDRAWAL, topic])),
        ]
          // ERC-20 Transfers have three topics; an ERC-721 Transfer (the NFT collection) has the token id as a fourth.
          .filter((l) => (l.topics[0] === TRANSFER && l.topics.length === 3) || l.address.toLowerCase() === wrapped);
        const fromChain = new Map<string, Partial<SeededTransfer>>();
        for (const l of logs) {
          const t0 = l.topics[0];
          const addr = (topic?: Hex) => `0x${(topic ?? "").slice(-40)}`.toLowerCase();
          const zero = "0x0000000000000000000000000000000000000000";
          const entry: Partial<SeededTransfer> = {
            txHash: l.transactionHash,
            logIndex: Number(l.logIndex),
            blockNumber: Number(l.blockNumber),
            token: l.address.toLowerCase() as Address,
            amount: BigInt(l.data).toString(),
            event: t0 === TRANSFER ? "Transfer" : t0 === DEPOSIT ? "Deposit" : "Withdrawal",
            from: (t0 === DEPOSIT ? zero : addr(l.topics[1])) as Address,
            to: (t0 === TRANSFER ? addr(l.topics[2]) : t0 === DEPOSIT ? addr(l.topics[1]) : zero) as Address,
          };
          fromChain.set(key({ txHash: l.transactionHash, logIndex: Number(l.logIndex) }), entry);
        }
        const recorded = transfersOf(devchain.seeded, id, wallet).filter((t) => t.source === "log");
        expect(recorded.length, `${id} ${wallet}`).toBe(fromChain.size);
        for (const t of recorded) {
          const onChain = fromChain.get(key(t));
          expect(onChain, `${id} ${t.step}`).toBeDefined();
          expect({
            txHash: t.txHash,
            logIndex: t.logIndex,
            blockNumber: t.blockNumber,
            token: t.token,
            amount: t.amount,
            event: t.event,
            from: t.from,
            to: t.to,
          }).toEqual(onChain);
        }
      }
    }
  });

  it("records block timestamps, fees and native movements that add up to every wallet's balances", async () => {
    for (const id of [369, 1] as const) {
      const chain = devchain.chain(id as 369);
      const seeded = devchain.seeded[id];
      if (!seeded) throw new Error("no history");
      const blocks = new Map<number, number>();
      for (const t of seeded.transfers) {
        if (!blocks.has(t.blockNumber)) {
          const b = await client(id).getBlock({ blockNumber: BigInt(t.blockNumber) });
          blocks.set(t.blockNumber, Number(b.timestamp));
        }
        expect(t.timestamp).toBe(blocks.get(t.blockNumber));
        expect(t.amount).toMatch(/^\d+$/);
        expect(t.from).toBe(t.from.toLowerCase());
        expect(t.to).toBe(t.to.toLowerCase());
      }
      for (const wallet of chain.wallets.users) {
        const w = wallet.toLowerCase();
        const mine = transfersOf(devchain.seeded, id, wallet);
        const net = new Map<string, bigint>();
        for (const t of mine) {
          const d = (t.to === w ? BigInt(t.amount) : 0n) - (t.from === w ? BigInt(t.amount) : 0n);
          net.set(t.token, (net.get(t.token) ?? 0n) + d);
        }
        const fees = seeded.transactions.filter((x) => x.from === w).reduce((s, x) => s + BigInt(x.fee), 0n);
        const initial = BigInt(seeded.initialNativeBalances[w as Address] ?? "0");
        // The sacrifice credits at the fork change balances without a transaction.
        const credits = (seeded.credits ?? []).filter((c) => c.wallet === w).reduce((s, c) => s + BigInt(c.amount), 0n);
        const native = await client(id).getBalance({ address: wallet });
        expect(native, `${id} native of ${wallet}`).toBe(initial + (net.get("native") ?? 0n) - fees + credits);
        for (const [token, amount] of net) {
          if (token === "native") continue;
          const balance = await client(id).readContract({
            address: token as Address,
            abi: erc20,
            functionName: "balanceOf",
            args: [wallet],
          });
          expect(balance, `${id} ${token} of ${wallet}`).toBe(amount);
        }
      }
      // Every transaction a user sent is listed once, with its receipt's fee.
      for (const x of seeded.transactions) {
        const r = await client(id).getTransactionReceipt({ hash: x.txHash });
        expect(r.from.toLowerCase()).toBe(x.from);
        expect((r.gasUsed * r.effectiveGasPrice).toString()).toBe(x.fee);
      }
    }
  });

  it("tells the story: buys, sells, swaps, own transfers, rewards, native, airdrops, liquidity, wrapping", () => {
    const kinds = new Set(devchain.seeded[369]?.transfers.map((t) => t.kind));
    for (const k of [
      "buy",
      "sell",
      "swap",
      "own-transfer",
      "transfer-in",
      "transfer-out",
      "reward",
      "fee",
      "airdrop",
      "bridge-in",
      "liquidity",
      "wrap",
      "unwrap",
      "bulk-mint",
    ]) {
      expect(kinds.has(k as SeededTransfer["kind"]), k).toBe(true);
    }
    const t369 = devchain.seeded[369]?.transfers ?? [];
    // A holder claims what the distributor owes him: a reward in his own transaction.
    const claims = (devchain.seeded[369]?.transactions ?? []).filter((x) => x.kind === "claim");
    expect(claims.length).toBeGreaterThan(0);
    for (const x of claims)
      expect(t369.some((t) => t.txHash === x.txHash && t.kind === "reward" && t.to === x.from)).toBe(true);
    expect(t369.some((t) => t.source === "internal" && t.kind === "sell")).toBe(true);
    expect(t369.some((t) => t.source === "tx" && t.kind === "own-transfer" && t.token === "native")).toBe(true);
    const kinds1 = new Set(devchain.seeded[1]?.transfers.map((t) => t.kind));
    for (const k of ["buy", "sell", "own-transfer", "transfer-in", "transfer-out", "wrap", "bulk-mint"]) {
      expect(kinds1.has(k as SeededTransfer["kind"]), k).toBe(true);
    }
    // 369's own story spans months: the LINK copy's sale on 2024-01-01, the rest from 2024-01-02.
    const forkBlock = devchain.fork?.block ?? 0;
    const own = t369.filter((t) => t.blockNumber >= forkBlock);
    const stamps = own.filter((t) => t.kind !== "bulk-mint" && !t.step.includes("LINK copy")).map((t) => t.timestamp);
    expect(new Date(Math.min(...stamps) * 1000).toISOString().slice(0, 10)).toBe("2024-01-02");
    expect(Math.max(...stamps) - Math.min(...stamps)).toBeGreaterThan(150 * 86_400);
  });

  it("pays printer rewards in PLSX to holders while other people trade", async () => {
    const c = devchain.chain(369).contracts;
    const users = new Set(devchain.chain(369).wallets.users.map((u) => u.toLowerCase()));
    const logs = await logsFor(369, [TRANSFER, pad(c.distributor.toLowerCase() as Hex)]);
    expect(logs.length).toBeGreaterThan(0);
    for (const l of logs) expect(l.address.toLowerCase()).toBe(c.plsx.toLowerCase());
    const paidDuringOthersTrades = new Set<string>();
    for (const l of logs) {
      const to = `0x${l.topics[2]?.slice(-40)}`;
      const tx = await client(369).getTransaction({ hash: l.transactionHash });
      if (users.has(to) && tx.from.toLowerCase() !== to) paidDuringOthersTrades.add(to);
    }
    // B, C and D hold the printer; each is paid during someone else's transaction.
    expect(paidDuringOthersTrades.size).toBeGreaterThanOrEqual(3);
    // Every reward is PLSX from the distributor or HEX from the dividend printer's tracker.
    const rewards = (devchain.seeded[369]?.transfers ?? []).filter((t) => t.kind === "reward");
    const paid = (from: string, token: string) => (t: SeededTransfer) =>
      t.from === from.toLowerCase() && t.token === token.toLowerCase();
    const fromDistributor = paid(c.distributor, c.plsx);
    const fromTracker = paid(c.dividendTracker, c.hex);
    expect(rewards.every((t) => fromDistributor(t) || fromTracker(t))).toBe(true);
    expect(rewards.some(fromTracker)).toBe(true);
    expect(rewards.filter((t) => t.txFrom !== t.to).length).toBeGreaterThan(5);
    const distributed = (await client(369).readContract({
      address: c.distributor,
      abi: art.own.PrinterDistributor.abi as Abi,
      functionName: "totalDistributed",
    })) as bigint;
    expect(distributed).toBeGreaterThan(0n);
  });

  it("deploys the same addresses and the same story on every run (committed snapshot)", () => {
    const current = {
      note: "Regenerate with UPDATE_DEVCHAIN_SNAPSHOT=1 npx vitest run --project devchain after an intended change.",
      addresses: addressSnapshot(devchain),
      history: historyDigest(devchain.seeded),
    };
    const committed = readSnapshot();
    if (process.env.UPDATE_DEVCHAIN_SNAPSHOT === "1" || !committed) {
      writeSnapshot(current);
      if (!committed) console.log("devchain: wrote the first address snapshot");
      return;
    }
    expect(current.addresses).toEqual(committed.addresses);
    expect(current.history).toEqual(committed.history);
  });

  it("mines new transactions at once after seeding, 12 s apart", async () => {
    const chain = devchain.chain(369);
    const before = await client(369).getBlock();
    expect(Number(before.number)).toBe(chain.seededBlock);
    expect(Number(before.timestamp)).toBe(chain.seededAt);
    const [A, B] = chain.wallets.users as [Address, Address];
    const hash = await client(369).request({
      method: "eth_sendTransaction" as never,
      params: [{ from: A, to: B, value: "0x1" }] as never,
    });
    const receipt = await client(369).waitForTransactionReceipt({ hash: hash as Hex, pollingInterval: 20 });
    expect(receipt.status).toBe("success");
    const after = await client(369).getBlock();
    expect(Number(after.timestamp)).toBe(chain.seededAt + 12);
  });
});

describe("chain 369 as a fork of chain 1", () => {
  const day = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10);

  it("exports the fork: 369's first block of its own, with no transaction, at 2023-05-11 06:07:35 UTC", async () => {
    const fork = devchain.fork;
    expect(fork).toEqual({ parentChainId: 1, chainId: 369, block: expect.any(Number), time: 1_683_785_255 });
    if (!fork) return;
    expect(devchain.toJSON().fork).toEqual(fork);
    const first = await client(369).getBlock({ blockNumber: BigInt(fork.block) });
    expect(Number(first.timestamp)).toBe(fork.time);
    expect(first.transactions).toHaveLength(0);
    // Below it, 369's blocks are chain 1's: the same hashes.
    const shared = BigInt(fork.block - 1);
    expect((await client(369).getBlock({ blockNumber: shared })).hash).toBe(
      (await client(1).getBlock({ blockNumber: shared })).hash,
    );
    expect(Number((await client(1).getBlock({ blockNumber: 0n })).timestamp)).toBeLessThan(fork.time - 365 * 86_400);
  });

  it("copies chain 1's state: the tokens at their addresses, A's HEX and D's LINK with no Transfer on 369", async () => {
    const fork = devchain.fork;
    if (!fork) throw new Error("no fork");
    const c369 = devchain.chain(369).contracts;
    const c1 = devchain.chain(1).contracts;
    expect(c369.link).toBe(c1.link);
    for (const address of [c1.weth, c1.dai, c1.usdc, c1.usdt, c1.hex, c1.link, c1.factoryPrefork, c1.routerPrefork])
      expect(await client(369).getCode({ address })).toBe(await client(1).getCode({ address }));
    const [A, , , D] = devchain.chain(369).wallets.users as [Address, Address, Address, Address];
    const balanceAt = (id: number, token: Address, wallet: Address, block: number) =>
      client(id).readContract({
        address: token,
        abi: erc20,
        functionName: "balanceOf",
        args: [wallet],
        blockNumber: BigInt(block),
      });
    const aHex = (await balanceAt(1, c1.hex, A, fork.block - 1)) as bigint;
    expect(aHex).toBeGreaterThan(0n);
    expect(await balanceAt(369, c1.hex, A, fork.block)).toBe(aHex);
    expect(await balanceAt(369, c1.link, D, fork.block)).toBeGreaterThan(0n);
    // No Transfer on 369's own blocks brought them: the first ones into A (HEX) and D (LINK) are older.
    const into = async (token: Address, wallet: Address) =>
      (await logsFor(369, [TRANSFER, null, pad(wallet.toLowerCase() as Hex)])).filter(
        (l) => l.address.toLowerCase() === token.toLowerCase(),
      );
    expect(Number((await into(c1.hex, A))[0]?.blockNumber)).toBeLessThan(fork.block);
    expect(Number((await into(c1.link, D))[0]?.blockNumber)).toBeLessThan(fork.block);
  });

  it("shares the history before the fork: 369's seeded history has chain 1's records, then the sacrifice credits", () => {
    const fork = devchain.fork;
    if (!fork) throw new Error("no fork");
    const before = (id: number) =>
      (devchain.seeded[id]?.transfers ?? []).filter((t) => t.blockNumber < fork.block).map(({ chainId, ...t }) => t);
    expect(before(369).length).toBeGreaterThan(0);
    expect(before(369)).toEqual(before(1));
    const credits = devchain.seeded[369]?.credits ?? [];
    expect(credits).toHaveLength(5);
    for (const credit of credits) {
      expect(credit).toMatchObject({ kind: "sacrifice", blockNumber: fork.block, timestamp: fork.time });
      expect(credit.amount).toBe((100_000_000n * 10n ** 18n).toString());
    }
  });

  it("tells the fork story: A's HEX more than a year before his sale on 369, D's LINK copy sold within the year", () => {
    const fork = devchain.fork;
    if (!fork) throw new Error("no fork");
    const c = devchain.chain(1).contracts;
    const [A, , , D] = devchain.chain(369).wallets.users.map((u) => u.toLowerCase());
    const t369 = devchain.seeded[369]?.transfers ?? [];
    const hexBuy = t369.find((t) => t.to === A && t.token === c.hex.toLowerCase() && t.kind === "buy");
    const hexSale = t369.find((t) => t.from === A && t.token === c.hex.toLowerCase() && t.kind === "sell");
    expect(hexBuy && day(hexBuy.timestamp)).toBe("2022-03-15");
    expect(hexSale && hexSale.blockNumber > fork.block).toBe(true);
    expect((hexSale?.timestamp ?? 0) - (hexBuy?.timestamp ?? 0)).toBeGreaterThan(365 * 86_400);
    const linkBuy = t369.find((t) => t.to === D && t.token === c.link.toLowerCase());
    const linkSale = t369.find((t) => t.from === D && t.token === c.link.toLowerCase());
    expect(linkBuy && day(linkBuy.timestamp)).toBe("2023-02-14");
    expect(linkSale?.kind).toBe("sell");
    expect(linkSale?.amount).toBe(linkBuy?.amount);
    expect(linkSale && day(linkSale.timestamp)).toBe("2024-01-01");
    expect((linkSale?.timestamp ?? 0) - (linkBuy?.timestamp ?? 0)).toBeLessThan(365 * 86_400);
  });
});
