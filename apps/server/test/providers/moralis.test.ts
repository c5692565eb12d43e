import { transferId } from "@pulsemanager/core";
import { afterEach, describe, expect, it } from "vitest";
import { MoralisSource } from "../../src/chain/explorers/moralis.ts";
import {
  closedPortUrl,
  EMPTY_WALLET,
  example,
  type Fake,
  type FakeReply,
  type FakeRequest,
  isoOf,
  loadProviderFile,
  OTHER,
  startFake,
  synthHash,
  testUpstream,
  WALLET,
} from "./fake-http.ts";

const file = loadProviderFile("moralis.json");
const M = "https://deep-index.moralis.io/api/v2.2";
const ex = (key: string) => example(file, `GET ${M}${key}`);
const KEY = "test-moralis-key";

const TRANSFERS_1 = ex(`/${WALLET}/erc20/transfers?chain=pulse&order=DESC&limit=2`);
const CURSOR = TRANSFERS_1.cursor as string;
const TRANSFERS_2 = ex(`/${WALLET}/erc20/transfers?chain=pulse&order=DESC&limit=2&cursor=${CURSOR}`);
const WPLS = "0xa1077a294dde1b09bb078844df40758a5d0f9a27";
const SWAP = "0xef2a3d9f7a590dc5d531de0d08cb54e061fad2160c4e0f5817686e2a99227b28";

/** Native transactions are not among the recorded examples (UNCONFIRMED shape, per the Moralis API reference). */
const NATIVE_TXS = {
  page_size: 100,
  page: 0,
  cursor: null,
  result: [
    {
      hash: "0x15d97c0557a550978705f98113e77ce4e0ae8c2b0fcf2463aef6058d4d1c9137",
      nonce: "311",
      transaction_index: "7",
      from_address: OTHER,
      to_address: WALLET,
      value: "250000000000000000000000",
      gas: "21000",
      gas_price: "1150000000000000",
      input: "0x",
      receipt_cumulative_gas_used: "1890012",
      receipt_gas_used: "21000",
      receipt_contract_address: null,
      receipt_status: "1",
      block_timestamp: "2024-12-27T16:32:25.000Z",
      block_number: "22300100",
      block_hash: "0x791bff4d5ca4ce2e423860f7bd46aca4c7dc160112086c6c526955cdafa2ffcc",
      internal_transactions: [],
    },
    {
      hash: SWAP,
      nonce: "42",
      transaction_index: "4",
      from_address: WALLET,
      to_address: "0x172d600989d940ec4bb66289617adacf9b9ae12f",
      value: "0",
      gas: "250000",
      gas_price: "1204587662350000",
      input: "0x38ed1739086c6758ee5d5bce649252d724e93073a2af8077c4ed68c130a6ef74",
      receipt_cumulative_gas_used: "4021877",
      receipt_gas_used: "161342",
      receipt_contract_address: null,
      receipt_status: "1",
      block_timestamp: "2024-12-28T20:18:10.000Z",
      block_number: "22311002",
      block_hash: "0x01cebfc94c8581ab4f1bc968f0dfb76fa67f1a213a6553ab30c8f9a041eb0ff8",
      internal_transactions: [
        {
          transaction_hash: SWAP,
          block_number: "22311002",
          type: "CALL",
          from: WPLS,
          to: WALLET,
          value: "1000",
          gas: "2300",
          gas_used: "0",
          input: "0x",
          output: "0x",
        },
        {
          transaction_hash: SWAP,
          block_number: "22311002",
          type: "CALL",
          from: WALLET,
          to: WPLS,
          value: "0",
          gas: "2300",
          gas_used: "0",
          input: "0x",
          output: "0x",
        },
      ],
    },
  ],
};

let fakes: Fake[] = [];
afterEach(async () => {
  await Promise.all(fakes.map((f) => f.close()));
  fakes = [];
});

async function fake(handler: (req: FakeRequest) => FakeReply | Promise<FakeReply>): Promise<Fake> {
  const f = await startFake(handler);
  fakes.push(f);
  return f;
}

function source(
  baseUrl: string,
  opts: {
    apiKey?: string;
    retries?: number;
    discovery?: "erc20" | "wallet-tokens";
    chains?: Record<number, string>;
  } = {},
) {
  const { upstream } = testUpstream(opts.retries !== undefined ? { retries: opts.retries } : {});
  return new MoralisSource({
    upstream,
    apiKey: opts.apiKey ?? KEY,
    baseUrl: `${baseUrl}/api/v2.2`,
    discovery: opts.discovery,
    safetyMarginBlocks: 0,
    ...(opts.chains ? { chains: opts.chains } : {}),
  });
}

function recorded(req: FakeRequest): FakeReply {
  const key = req.headers["x-api-key"];
  if (!key) return { status: 401, json: ex(`/${WALLET}/balance?chain=pulse [no X-API-Key header]`) };
  if (key !== KEY) return { status: 401, json: ex(`/${WALLET}/balance?chain=pulse [invalid X-API-Key]`) };
  const rest = req.path.replace(/^\/api\/v2\.2/, "");
  const chain = req.query.get("chain");
  if (rest === `/${WALLET}/erc20/transfers`)
    return { json: req.query.get("cursor") === CURSOR ? TRANSFERS_2 : TRANSFERS_1 };
  if (rest === `/${WALLET}`) return { json: NATIVE_TXS };
  if (rest === `/${EMPTY_WALLET}/erc20/transfers` || rest === `/${EMPTY_WALLET}`)
    return { json: { page_size: 100, page: 0, cursor: null, result: [] } };
  if (rest === `/wallets/${WALLET}/tokens`) return { json: ex(`/wallets/${WALLET}/tokens?chain=pulse`) };
  if (rest === `/${WALLET}/erc20` && chain === "0x171") return { json: ex(`/${WALLET}/erc20?chain=0x171`) };
  if (rest === `/${EMPTY_WALLET}/erc20` && chain === "0x171") return { json: ex(`/${EMPTY_WALLET}/erc20?chain=0x171`) };
  if (rest === `/${WALLET}/balance`) return { json: ex(`/${WALLET}/balance?chain=pulse`) };
  return { status: 400, json: ex("/0xnot-an-address/erc20?chain=pulse") };
}

describe("Moralis v2.2", () => {
  it("normalises ERC-20 transfers (cursor pages), native transactions and their internal transfers", async () => {
    const f = await fake(recorded);
    const r = await source(f.url).fetchTransfers({
      chainId: 369,
      address: WALLET,
      fromBlock: 22_000_000,
      toBlock: 22_400_000,
    });
    expect(r).toMatchObject({ partial: false, problems: [], toBlock: 22_400_000 });
    expect(
      r.transfers.map((t) => [
        t.blockNumber,
        t.logIndex,
        t.token,
        t.from,
        t.to,
        t.amount,
        t.fee,
        t.methodId,
        t.internal,
      ]),
    ).toEqual([
      [22300100, -1, "native", OTHER, WALLET, "250000000000000000000000", "0", null, false],
      [22310451, 3, "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39", OTHER, WALLET, "1250000000000", "0", null, false],
      [
        22311002,
        -1,
        "native",
        WALLET,
        "0x172d600989d940ec4bb66289617adacf9b9ae12f",
        "0",
        (161342n * 1204587662350000n).toString(),
        "0x38ed1739",
        false,
      ],
      [22311002, 0, "native", WPLS, WALLET, "1000", "0", "0x38ed1739", true],
      [
        22311002,
        87,
        "0x95b303987a60c71504d99aa1b13b4da07b0790ab",
        WALLET,
        "0x1b45b9148791d3a104184cd5dfe5ce57193a3ee9",
        "500000000000000000000000",
        "0",
        "0x38ed1739",
        false,
      ],
      [
        22311002,
        89,
        WPLS,
        "0x1b45b9148791d3a104184cd5dfe5ce57193a3ee9",
        WALLET,
        "31250000000000000000000",
        "0",
        "0x38ed1739",
        false,
      ],
    ]);
    expect(r.transfers[1]?.timestamp).toBe(Date.parse("2024-12-28T18:45:45Z") / 1000);
    const transferCalls = f.requests.filter((q) => q.path.endsWith("/erc20/transfers"));
    expect(transferCalls).toHaveLength(2);
    expect(transferCalls[1]?.query.get("cursor")).toBe(CURSOR);
    for (const q of f.requests) {
      expect(q.headers["x-api-key"]).toBe(KEY);
      expect(q.query.get("chain")).toBe("pulse");
      expect(q.query.get("order")).toBe("ASC");
      expect(q.query.get("from_block")).toBe("22000000");
      expect(q.query.get("to_block")).toBe("22400000");
    }
    expect(f.requests.find((q) => q.path.endsWith(WALLET))?.query.get("include")).toBe("internal_transactions");
  });

  it("an empty wallet is an empty, complete history", async () => {
    const f = await fake(recorded);
    expect(await source(f.url).fetchTransfers({ chainId: 369, address: EMPTY_WALLET, fromBlock: 0 })).toEqual({
      transfers: [],
      toBlock: -1,
      partial: false,
      problems: [],
    });
  });

  it("an invalid key (401) is a problem with the message, never an empty history", async () => {
    const f = await fake(recorded);
    const r = await source(f.url, { apiKey: "wrong" }).fetchTransfers({ chainId: 369, address: WALLET, fromBlock: 0 });
    expect(r.partial).toBe(true);
    expect(r.problems.sort()).toEqual([
      "moralis (chain 369) erc20/transfers: HTTP 401: Invalid key",
      "moralis (chain 369) transactions: HTTP 401: Invalid key",
    ]);
    expect(f.requests).toHaveLength(2);
  });

  it("429 (rate limit / compute units) then success: retried", async () => {
    let n = 0;
    const f = await fake((req) =>
      req.path.endsWith("/erc20/transfers") && n++ === 0
        ? { status: 429, json: ex(`/${WALLET}/erc20/transfers?chain=pulse [rate limited / compute units exhausted]`) }
        : recorded(req),
    );
    const r = await source(f.url).fetchTransfers({ chainId: 369, address: WALLET, fromBlock: 0 });
    expect(r.partial).toBe(false);
    expect(f.requests.filter((q) => q.path.endsWith("/erc20/transfers"))).toHaveLength(3);
    expect(r.transfers).toHaveLength(6);
  });

  it("a failure on a later page keeps the earlier pages and reports coverage below the last block seen", async () => {
    const f = await fake((req) =>
      req.query.get("cursor") === CURSOR
        ? { status: 400, json: ex("/0xnot-an-address/erc20?chain=pulse") }
        : recorded(req),
    );
    const r = await source(f.url).fetchTransfers({
      chainId: 369,
      address: WALLET,
      fromBlock: 22_000_000,
      toBlock: 22_400_000,
    });
    expect(r.partial).toBe(true);
    expect(r.problems).toEqual(["moralis (chain 369) erc20/transfers: HTTP 400: address must be a valid hex string"]);
    expect(r.toBlock).toBe(22311001);
    expect(r.transfers.filter((t) => t.token !== "native")).toHaveLength(2);
  });

  it("walks 25,000 ERC-20 transfers over 250 cursor pages, each once, oldest first", async () => {
    const template = TRANSFERS_1.result[0];
    const rows = Array.from({ length: 25_000 }, (_, i) => ({
      ...template,
      block_number: String(20_000_000 + Math.floor(i / 4)),
      block_timestamp: isoOf(1_700_000_000 + i * 3),
      transaction_hash: synthHash(Math.floor(i / 2), 5),
      log_index: i % 4,
      value: String(i + 1),
      from_address: i % 2 ? WALLET : OTHER,
      to_address: i % 2 ? OTHER : WALLET,
    }));
    const f = await fake((req) => {
      if (!req.path.endsWith("/erc20/transfers"))
        return { json: { page_size: 100, page: 0, cursor: null, result: [] } };
      const start = Number((req.query.get("cursor") ?? "c0").slice(1));
      const next = start + 100;
      return {
        json: {
          page_size: 100,
          page: start / 100,
          cursor: next < rows.length ? `c${next}` : null,
          result: rows.slice(start, next),
        },
      };
    });
    const r = await source(f.url).fetchTransfers({ chainId: 369, address: WALLET, fromBlock: 0 });
    expect(r.problems).toEqual([]);
    expect(r.transfers).toHaveLength(25_000);
    expect(new Set(r.transfers.map(transferId)).size).toBe(25_000);
    expect(r.transfers.map((t) => t.amount)).toEqual(rows.map((x) => x.value));
    expect(f.requests.filter((q) => q.path.endsWith("/erc20/transfers"))).toHaveLength(250);
  });

  it("timeouts and a down API: partial, never a throw", async () => {
    const hang = await fake(() => "hang");
    const t = await source(hang.url, { retries: 1 }).fetchTransfers({ chainId: 369, address: WALLET, fromBlock: 0 });
    expect(t.partial).toBe(true);
    expect(t.problems.every((p) => /timed out/.test(p))).toBe(true);
    const down = source(await closedPortUrl(), { retries: 1 });
    const d = await down.fetchTransfers({ chainId: 1, address: WALLET, fromBlock: 0 });
    expect(d.partial).toBe(true);
    expect(d.problems.every((p) => /unreachable/.test(p))).toBe(true);
    expect(await down.nativeBalance({ chainId: 369, address: WALLET })).toMatchObject({ balance: null });
  });

  it("discovers tokens from /wallets/{a}/tokens (native entry left out, spam flagged) or /{a}/erc20", async () => {
    const f = await fake(recorded);
    const d = await source(f.url).discoverTokens({ chainId: 369, address: WALLET });
    expect(d.partial).toBe(false);
    expect(d.tokens.map((t) => [t.address, t.symbol, t.decimals, t.balance, t.possibleSpam])).toEqual([
      ["0x95b303987a60c71504d99aa1b13b4da07b0790ab", "PLSX", 18, "2500000000000000000000000", false],
      ["0x2b591e99afe9f32eaa6214f7b7629768c40eeb39", "HEX", 8, "1250000000000", false],
      ["0x2fa878ab3f87cc1c9737fc071108f904c0b0c95d", "INC", 18, "42000000000000000000", false],
      ["0x9d04a9d38d44bfc0cf97ab58a39c238aedcbdcf0", "CLAIM-PLS.COM", 18, "1000000000000000000000", true],
    ]);
    const hexChains = source(f.url, { discovery: "erc20", chains: { 369: "0x171" } });
    const e = await hexChains.discoverTokens({ chainId: 369, address: WALLET });
    expect(e.tokens.map((t) => t.symbol)).toEqual(["PLSX", "HEX", "DAI"]);
    expect(await hexChains.discoverTokens({ chainId: 369, address: EMPTY_WALLET })).toEqual({
      tokens: [],
      partial: false,
      problems: [],
    });
    expect(await source(f.url).nativeBalance({ chainId: 369, address: WALLET })).toEqual({
      balance: "1523400000000000000000000",
      problems: [],
    });
  });

  it("needs a key", () => {
    const { upstream } = testUpstream();
    expect(() => new MoralisSource({ upstream, apiKey: "" })).toThrow(/MORALIS_API_KEY/);
  });
});
