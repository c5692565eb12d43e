/**
 * The two printer kinds and the look-alike on chain 369: the printer names its distributor, the
 * dividend printer its tracker and reward token; the tracker's payouts (automatic and claimed) emit
 * DividendWithdrawn, the reward Transfer and Claim; the reward drop's PLSX comes from a contract no
 * token names. Started with recentPayouts, so both printers have also paid in the last days.
 */
import {
  type Abi,
  type Address,
  createPublicClient,
  type Hex,
  http,
  keccak256,
  type Log,
  type PublicClient,
  pad,
  parseAbi,
  parseEventLogs,
  toHex,
} from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadArtifacts } from "../src/artifacts.ts";
import {
  type Devchain,
  MULTICALL3_ADDRESS,
  netByToken,
  type SeededTransfer,
  startDevchain,
  transfersOf,
} from "../src/index.ts";

const art = loadArtifacts();
const trackerAbi = art.own.DividendTracker.abi;
const erc20 = art.own.Token.abi;
const pairAbi = art.uniswap.UniswapV2Pair.abi;
const GETTERS = parseAbi([
  "function distributor() view returns (address)",
  "function dividendTracker() view returns (address)",
  "function rewardToken() view returns (address)",
]);
const topic = (signature: string) => keccak256(toHex(signature));
const CLAIM = topic("Claim(address,uint256,bool)");
const DIVIDEND_WITHDRAWN = topic("DividendWithdrawn(address,uint256)");
const TRANSFER = topic("Transfer(address,address,uint256)");

let devchain: Devchain;
let client: PublicClient;
let startedAt = 0;

beforeAll(async () => {
  const t = performance.now();
  devchain = await startDevchain({ chains: [369], bulkTokens: 3, recentPayouts: true });
  console.log(`devchain: chain 369 with recent payouts ready in ${Math.round(performance.now() - t)} ms`);
  startedAt = Math.floor(Date.now() / 1000);
  client = createPublicClient({ transport: http(devchain.chain(369).rpcUrl) }) as PublicClient;
}, 60_000);

afterAll(async () => {
  await devchain?.stop();
});

const lower = (a: string) => a.toLowerCase();
const history = () => devchain.seeded[369]?.transfers ?? [];

async function logs(address: Address | undefined, topics: (Hex | null)[]): Promise<Log[]> {
  return (await client.request({
    method: "eth_getLogs",
    params: [{ fromBlock: "0x0", toBlock: "latest", ...(address ? { address } : {}), topics } as never],
  })) as unknown as Log[];
}

describe("printers on the devchain", () => {
  it("the dividend printer names its tracker and its reward token (HEX); the printer names its distributor", async () => {
    const c = devchain.chain(369).contracts;
    const read = (address: Address, functionName: "distributor" | "dividendTracker" | "rewardToken") =>
      client.readContract({ address, abi: GETTERS, functionName });
    expect(lower(await read(c.dividendPrinter, "dividendTracker"))).toBe(lower(c.dividendTracker));
    expect(lower(await read(c.dividendPrinter, "rewardToken"))).toBe(lower(c.hex));
    expect(lower(await read(c.printer, "distributor"))).toBe(lower(c.distributor));
    // Each answers only its own family's getter.
    await expect(read(c.dividendPrinter, "distributor")).rejects.toThrow();
    await expect(read(c.printer, "dividendTracker")).rejects.toThrow();
    const token = devchain.chain(369).tokens.find((t) => t.role === "dividendPrinter");
    expect(token).toMatchObject({ symbol: "HEXP", decimals: 18, category: "printer", priceUsd: 0.0003 });
    expect(devchain.chain(369).pools.some((p) => p.base === "dividendPrinter" && p.dex === "v2")).toBe(true);
  });

  it("a claim emits DividendWithdrawn, the HEX Transfer to the holder and Claim(account, amount, false)", async () => {
    const c = devchain.chain(369).contracts;
    const claims = (devchain.seeded[369]?.transactions ?? []).filter(
      (x) => x.kind === "claim" && x.to === lower(c.dividendTracker),
    );
    expect(claims.length).toBeGreaterThanOrEqual(2);
    for (const x of claims) {
      const receipt = await client.getTransactionReceipt({ hash: x.txHash });
      const tracker = parseEventLogs({ abi: trackerAbi as Abi, logs: receipt.logs }) as unknown as {
        eventName: string;
        address: Address;
        logIndex: number;
        args: { to?: Address; account?: Address; weiAmount?: bigint; amount?: bigint; automatic?: boolean };
      }[];
      const withdrawn = tracker.find((l) => l.eventName === "DividendWithdrawn");
      const claim = tracker.find((l) => l.eventName === "Claim");
      const transfer = receipt.logs.find((l) => l.topics[0] === TRANSFER && lower(l.address) === lower(c.hex));
      expect(withdrawn?.args.to && lower(withdrawn.args.to)).toBe(x.from);
      expect(claim?.args.account && lower(claim.args.account)).toBe(x.from);
      expect(claim?.args.automatic).toBe(false);
      expect(claim?.args.amount).toBe(withdrawn?.args.weiAmount);
      expect(transfer?.topics[1]).toBe(pad(c.dividendTracker.toLowerCase() as Hex));
      expect(transfer?.topics[2]).toBe(pad(x.from as Hex));
      expect(BigInt(transfer?.data ?? "0x0")).toBe(claim?.args.amount);
      // DividendWithdrawn before the reward transfer, Claim after it.
      expect((withdrawn?.logIndex ?? 0) < (transfer?.logIndex ?? 0)).toBe(true);
      expect((transfer?.logIndex ?? 0) < (claim?.logIndex ?? 0)).toBe(true);
      // The history has the payout as the holder's reward.
      expect(history().some((t) => t.txHash === x.txHash && t.kind === "reward" && t.to === x.from)).toBe(true);
    }
  });

  it("pays holders automatically during other people's trades: Claim(account, amount, true)", async () => {
    const c = devchain.chain(369).contracts;
    const users = new Set(devchain.chain(369).wallets.users.map(lower));
    const automatic = await logs(c.dividendTracker, [CLAIM, null, pad("0x1")]);
    const toUsers = automatic.filter((l) => users.has(lower(`0x${l.topics[1]?.slice(-40)}`)));
    expect(toUsers.length).toBeGreaterThan(5);
    let duringOthers = 0;
    for (const l of toUsers) {
      const tx = await client.getTransaction({ hash: l.transactionHash as Hex });
      if (lower(tx.from) !== lower(`0x${l.topics[1]?.slice(-40)}`)) duringOthers++;
    }
    expect(duringOthers).toBeGreaterThan(5);
    // Every DividendWithdrawn has its Claim; the seeded history has every user's payout as a reward in HEX.
    const withdrawn = await logs(c.dividendTracker, [DIVIDEND_WITHDRAWN]);
    const claims = await logs(c.dividendTracker, [CLAIM]);
    expect(withdrawn.length).toBe(claims.length);
    const seeded = history().filter((t) => t.from === lower(c.dividendTracker));
    expect(seeded.length).toBe(claims.filter((l) => users.has(lower(`0x${l.topics[1]?.slice(-40)}`))).length);
    expect(seeded.every((t) => t.kind === "reward" && t.token === lower(c.hex))).toBe(true);
  });

  it("the reward drop sends PLSX like a payout, but no token names it as distributor or tracker", async () => {
    const chain = devchain.chain(369);
    const c = chain.contracts;
    const C = lower(chain.wallets.users[2] as string);
    const dropped = history().filter((t) => t.from === lower(c.rewardDrop));
    expect(dropped.length).toBeGreaterThanOrEqual(3);
    expect(dropped.every((t) => t.kind === "airdrop" && t.token === lower(c.plsx))).toBe(true);
    expect(dropped.some((t) => t.to === C)).toBe(true);
    // It looks like a tracker: a rewardToken() getter and a Claim event with the tracker's signature.
    expect(lower(await client.readContract({ address: c.rewardDrop, abi: GETTERS, functionName: "rewardToken" }))).toBe(
      lower(c.plsx),
    );
    const receipt = await client.getTransactionReceipt({ hash: dropped[0]?.txHash as Hex });
    expect(receipt.logs.some((l) => l.topics[0] === CLAIM && lower(l.address) === lower(c.rewardDrop))).toBe(true);

    // Every token of the chain (and every contract that sent a user anything) asked for both getters.
    const senders = new Set(history().map((t) => t.from));
    const candidates = [
      ...new Set([
        ...chain.tokens.map((t) => lower(t.address)),
        ...c.bulkTokens.map(lower),
        ...history()
          .filter((t) => t.token !== "native")
          .map((t) => t.token),
        ...senders,
      ]),
    ] as Address[];
    const answers = await client.multicall({
      contracts: candidates.flatMap((address) =>
        (["distributor", "dividendTracker"] as const).map((functionName) => ({ address, abi: GETTERS, functionName })),
      ),
      allowFailure: true,
      batchSize: 0,
      multicallAddress: MULTICALL3_ADDRESS,
    });
    const named = new Set(
      answers.filter((a) => a.status === "success").map((a) => lower(a.result as unknown as string)),
    );
    expect(named).toEqual(new Set([lower(c.distributor), lower(c.dividendTracker)]));
    expect(named.has(lower(c.rewardDrop))).toBe(false);
  });

  it("with recentPayouts both printers paid the user wallets in the last 24 hours and the last 30 days", () => {
    const c = devchain.chain(369).contracts;
    const rewards = history().filter((t) => t.kind === "reward");
    const since = (seconds: number, from: string) =>
      rewards.filter((t) => t.from === lower(from) && t.timestamp > startedAt - seconds && t.timestamp < startedAt);
    for (const source of [c.distributor, c.dividendTracker]) {
      expect(since(86_400, source).length, source).toBeGreaterThan(0);
      expect(since(30 * 86_400, source).length, source).toBeGreaterThan(10);
      // Paid on many different days of the month, not all at once.
      const days = new Set(since(30 * 86_400, source).map((t) => Math.floor(t.timestamp / 86_400)));
      expect(days.size, source).toBeGreaterThanOrEqual(15);
    }
    // The wallet the app's tests use (user 2) is paid by both recently.
    const C = lower(devchain.chain(369).wallets.users[2] as string);
    for (const source of [c.distributor, c.dividendTracker])
      expect(since(7 * 86_400, source).some((t) => t.to === C)).toBe(true);
    // The chain's clock is at the present, a little behind the wall clock.
    expect(devchain.chain(369).seededAt).toBeLessThan(startedAt);
    expect(devchain.chain(369).seededAt).toBeGreaterThan(startedAt - 3 * 3600);
  });

  it("keeps prices sane: after the recent trading every pool is back at its designed price", async () => {
    const chain = devchain.chain(369);
    for (const pool of chain.pools) {
      const token = chain.tokens.find((t) => t.role === pool.base);
      if (!token) throw new Error(pool.base);
      const [r0, r1] = (await client.readContract({
        address: pool.pair,
        abi: pairAbi,
        functionName: "getReserves",
      })) as [bigint, bigint, number];
      const token0 = (await client.readContract({
        address: pool.pair,
        abi: pairAbi,
        functionName: "token0",
      })) as Address;
      const [reserveToken, reserveNative] = lower(token0) === lower(token.address) ? [r0, r1] : [r1, r0];
      const price = Number(reserveNative) / 1e18 / (Number(reserveToken) / 10 ** token.decimals);
      const tolerance = token.category === "printer" ? 0.02 : 0.005;
      expect(Math.abs(price / pool.price - 1), `${pool.name}: ${price} vs ${pool.price}`).toBeLessThan(tolerance);
    }
  });

  it("the recorded history still adds up to the users' token balances", async () => {
    const chain = devchain.chain(369);
    const c = chain.contracts;
    for (const wallet of chain.wallets.users) {
      const net = netByToken(transfersOf(devchain.seeded, 369, wallet), wallet);
      for (const token of [c.plsx, c.hex, c.printer, c.dividendPrinter]) {
        const balance = await client.readContract({
          address: token,
          abi: erc20,
          functionName: "balanceOf",
          args: [wallet],
        });
        expect(balance, `${token} of ${wallet}`).toBe(net.get(lower(token)) ?? 0n);
      }
    }
    const kinds = new Set(history().map((t: SeededTransfer) => t.kind));
    expect(kinds.has("reward")).toBe(true);
  });
});
