import { transferId } from "@pulsemanager/core";
import { afterEach, describe, expect, it } from "vitest";
import { BlockscoutV2Source } from "../../src/chain/explorers/blockscout-v2.ts";
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
  WALLET_CHECKSUMMED,
} from "./fake-http.ts";

const file = loadProviderFile("blockscout-v2-api.json");
const PLS = "https://api.scan.pulsechain.com/api/v2";
const ETH = "https://eth.blockscout.com/api/v2";
const ex = (key: string) => example(file, `GET ${key}`);

const WPLS = "0xa1077a294dde1b09bb078844df40758a5d0f9a27";
const INC_MINT_BLOCK_HASH = "0xae22ad8376a4eee6ee27c2971a3d39194f6e5944ae59ef9381f01e2b0707568b";
const unix = (iso: string) => Date.parse(iso) / 1000;

/** Not among the recorded examples (UNCONFIRMED shapes): an old-style internal transaction and a block. */
const OLD_INTERNAL = {
  items: [
    {
      block: 22311920,
      created_contract: null,
      error: null,
      from: { hash: "0xA1077a294dDE1B09bB078844df40758a5D0f9a27", is_contract: true, name: "WPLS" },
      gas_limit: "2300",
      index: 3,
      success: true,
      timestamp: "2024-12-28T22:23:10.000000Z",
      to: { hash: WALLET_CHECKSUMMED, is_contract: false, name: null },
      transaction_hash: "0x2aefa84f30acde5d91e992fd6f9e49d6377a54bf950bda835c575951f53fa218",
      type: "call",
      value: "31250000000000000000000",
    },
    {
      block: 22311921,
      error: "Reverted",
      from: { hash: "0xA1077a294dDE1B09bB078844df40758a5D0f9a27" },
      index: 1,
      success: false,
      timestamp: "2024-12-28T22:23:20.000000Z",
      to: { hash: WALLET_CHECKSUMMED },
      transaction_hash: "0x3aefa84f30acde5d91e992fd6f9e49d6377a54bf950bda835c575951f53fa218",
      type: "call",
      value: "5",
    },
  ].reverse(),
  next_page_params: null,
};
const INC_BLOCK = { hash: INC_MINT_BLOCK_HASH, height: 21_950_000, timestamp: "2024-11-02T09:00:20.000000Z" };
const EMPTY_PAGE = { items: [], next_page_params: null };

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

function source(baseUrl: string, opts: { retries?: number } = {}) {
  const { upstream, calls } = testUpstream(opts.retries !== undefined ? { retries: opts.retries } : {});
  const s = new BlockscoutV2Source({
    upstream,
    safetyMarginBlocks: 0,
    instances: {
      369: { baseUrl: `${baseUrl}/pls/api/v2`, provider: "blockscout-pulsechain" },
      1: { baseUrl: `${baseUrl}/eth/api/v2`, provider: "blockscout-ethereum" },
    },
  });
  return { s, calls };
}

/** Serves the recorded bodies: /pls = PulseChain's older field names, /eth = current Blockscout. */
function recorded(req: FakeRequest): FakeReply {
  const m = /^\/(pls|eth)\/api\/v2(\/.*)$/.exec(req.path);
  if (!m) return { status: 404, text: "no route" };
  const base = m[1] === "pls" ? PLS : ETH;
  const rest = m[2] as string;
  const qs = req.query.toString();
  if (
    rest === `/addresses/${EMPTY_WALLET}` ||
    (m[1] === "pls" && rest.startsWith(`/addresses/${EMPTY_WALLET}/`) && !rest.endsWith("token-balances"))
  ) {
    return { status: 404, json: ex(`${PLS}/addresses/${EMPTY_WALLET}`) };
  }
  if (rest === `/addresses/${EMPTY_WALLET}/token-balances`)
    return { json: ex(`${PLS}/addresses/${EMPTY_WALLET}/token-balances [known address without tokens]`) };
  if (rest === `/addresses/${WALLET}`) return { json: ex(`${base}/addresses/${WALLET}`) };
  if (rest === `/addresses/${WALLET}/token-balances`) return { json: ex(`${base}/addresses/${WALLET}/token-balances`) };
  if (rest === `/addresses/${WALLET}/transactions`) {
    if (!qs) return { json: ex(`${base}/addresses/${WALLET}/transactions`) };
    return base === PLS ? { json: ex(`${PLS}/addresses/${WALLET}/transactions?${qs}`) } : { json: EMPTY_PAGE };
  }
  if (rest === `/addresses/${WALLET}/token-transfers`) {
    if (req.query.get("type") !== "ERC-20") return { status: 422, json: { message: "Invalid parameter(s)" } };
    if (qs === "type=ERC-20") return { json: ex(`${base}/addresses/${WALLET}/token-transfers?type=ERC-20`) };
    return base === PLS ? { json: ex(`${PLS}/addresses/${WALLET}/token-transfers?${qs}`) } : { json: EMPTY_PAGE };
  }
  if (rest === `/addresses/${WALLET}/internal-transactions`) return { json: base === PLS ? OLD_INTERNAL : EMPTY_PAGE };
  if (rest === `/blocks/${INC_MINT_BLOCK_HASH}`) return { json: INC_BLOCK };
  return { status: 404, json: { message: "Not found" } };
}

const pathsOf = (f: Fake) => f.requests.map((r) => `${r.path}${r.query.size ? `?${r.query}` : ""}`);

describe("Blockscout REST /api/v2", () => {
  it("reads PulseChain's older field names (address, tx_hash, block, string log_index, no block number on transfers)", async () => {
    const f = await fake(recorded);
    const { s } = source(f.url);
    const r = await s.fetchTransfers({ chainId: 369, address: WALLET_CHECKSUMMED, fromBlock: 0 });
    expect(r.problems).toEqual([]);
    expect(r.partial).toBe(false);
    expect(
      r.transfers.map((t) => [t.blockNumber, t.logIndex, t.token, t.from, t.amount, t.fee, t.methodId, t.internal]),
    ).toEqual([
      // block found with one /blocks/{hash} request
      [
        21_950_000,
        14,
        "0x2fa878ab3f87cc1c9737fc071108f904c0b0c95d",
        "0x0000000000000000000000000000000000000000",
        "42000000000000000000",
        "0",
        "0x2e1a7d4d",
        false,
      ],
      [22300100, -1, "native", OTHER, "250000000000000000000000", "0", null, false],
      // block from next_page_params (the page's last item)
      [22310451, 3, "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39", OTHER, "1250000000000", "0", null, false],
      [22311002, -1, "native", WALLET, "0", (161342n * 1204587662350000n).toString(), "0x38ed1739", false],
      // block and method id from the wallet's transaction list (same tx hash)
      [
        22311002,
        87,
        "0x95b303987a60c71504d99aa1b13b4da07b0790ab",
        WALLET,
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
        "31250000000000000000000",
        "0",
        "0x38ed1739",
        false,
      ],
      [22311920, 3, "native", WPLS, "31250000000000000000000", "0", null, true],
      [22312555, -1, "native", WALLET, "0", (161342n * 1204587662350000n).toString(), "0x095ea7b3", false],
    ]);
    expect(r.transfers.find((t) => t.logIndex === 89)?.timestamp).toBe(unix("2024-12-28T20:18:10Z"));
    expect(r.transfers.find((t) => t.logIndex === 14)?.txHash).toBe(
      "0x5cf0426ac1dc940fce84ed7b0918a9cd36b40a1693e0bc6780208222706904d2",
    );
    expect(r.toBlock).toBe(22312555);
    const paths = pathsOf(f);
    expect(paths.filter((p) => p.includes("/blocks/"))).toEqual([`/pls/api/v2/blocks/${INC_MINT_BLOCK_HASH}`]);
    expect(paths).toContain(
      `/pls/api/v2/addresses/${WALLET}/token-transfers?type=ERC-20&block_number=22310451&index=3&items_count=50`,
    );
    expect(paths).toContain(
      `/pls/api/v2/addresses/${WALLET}/transactions?block_number=22300100&index=7&items_count=50`,
    );
    expect(paths.some((p) => p.includes("limit="))).toBe(false);
  });

  it("reads current Blockscout field names (address_hash, transaction_hash, block_number) and sends next_page_params back verbatim", async () => {
    const f = await fake(recorded);
    const { s } = source(f.url);
    const r = await s.fetchTransfers({ chainId: 1, address: WALLET, fromBlock: 23_000_000, toBlock: 23_400_000 });
    expect(r).toMatchObject({ partial: false, problems: [], toBlock: 23_400_000 });
    expect(
      r.transfers.map((t) => [t.blockNumber, t.logIndex, t.token, t.from, t.to, t.amount, t.fee, t.methodId]),
    ).toEqual([
      [
        23345120,
        -1,
        "native",
        WALLET,
        "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39",
        "0",
        (20845n * 1402331009n).toString(),
        "0xa9059cbb",
      ],
      [23345120, 211, "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39", OTHER, WALLET, "98000000000", "0", null],
    ]);
    const second = f.requests.find((q) => q.path.endsWith("/transactions") && q.query.size > 0);
    expect(Object.fromEntries(second?.query ?? [])).toEqual({
      block_number: "23345120",
      fee: "29231100212000",
      hash: "0xd72c17ea46bb69f48ed6cc07a14a5f0655e911334324cfb43570f28530bcd24b",
      index: "117",
      inserted_at: "2025-09-12T14:03:19.551203Z",
      items_count: "50",
      value: "0",
    });
  });

  it("stops walking (newest first) once it reaches blocks below fromBlock", async () => {
    const f = await fake(recorded);
    const { s } = source(f.url);
    const r = await s.fetchTransfers({ chainId: 369, address: WALLET, fromBlock: 22_311_000, toBlock: 22_320_000 });
    expect(r.partial).toBe(false);
    expect(r.toBlock).toBe(22_320_000);
    expect(r.transfers.map((t) => t.blockNumber)).toEqual([22311002, 22311002, 22311002, 22311920, 22312555]);
    const paths = pathsOf(f);
    expect(paths.some((p) => p.includes("block_number=22310451"))).toBe(false);
    expect(paths.some((p) => p.includes("/blocks/"))).toBe(false);
  });

  it("an address the older explorer never saw (404 Not found) has an empty, complete history", async () => {
    const f = await fake(recorded);
    const { s } = source(f.url);
    expect(await s.fetchTransfers({ chainId: 369, address: EMPTY_WALLET, fromBlock: 10 })).toEqual({
      transfers: [],
      toBlock: 9,
      partial: false,
      problems: [],
    });
    expect(await s.nativeBalance({ chainId: 369, address: EMPTY_WALLET })).toEqual({ balance: "0", problems: [] });
  });

  it("422 is reported as a problem with its message", async () => {
    const f = await fake((req) =>
      req.path.endsWith("/token-transfers")
        ? { status: 422, json: ex(`${PLS}/addresses/0xnot-an-address`) }
        : recorded(req),
    );
    const { s } = source(f.url);
    const r = await s.fetchTransfers({ chainId: 369, address: WALLET, fromBlock: 0 });
    expect(r.partial).toBe(true);
    expect(r.problems).toEqual(["blockscout-v2 (chain 369) token-transfers: HTTP 422: Invalid address hash"]);
    expect(r.toBlock).toBe(-1);
    expect(r.transfers.filter((t) => t.token === "native")).toHaveLength(4);
  });

  it("429 then success: retried by the client", async () => {
    let n = 0;
    const f = await fake((req) =>
      req.path.endsWith(`${WALLET}/transactions`) && n++ === 0
        ? { status: 429, json: ex(`${PLS}/addresses/${WALLET}/transactions [rate limited]`) }
        : recorded(req),
    );
    const { s } = source(f.url);
    const r = await s.fetchTransfers({ chainId: 369, address: WALLET, fromBlock: 0 });
    expect(r.partial).toBe(false);
    expect(f.requests.filter((q) => q.path.endsWith(`${WALLET}/transactions`) && q.query.size === 0)).toHaveLength(2);
    expect(r.transfers).toHaveLength(8);
  });

  it("timeouts and a down explorer: partial, never a throw", async () => {
    const hang = await fake(() => "hang");
    const t = await source(hang.url, { retries: 1 }).s.fetchTransfers({ chainId: 369, address: WALLET, fromBlock: 0 });
    expect(t.partial).toBe(true);
    expect(t.problems).toHaveLength(3);
    expect(t.problems.every((p) => /timed out/.test(p))).toBe(true);
    const down = source(await closedPortUrl(), { retries: 1 }).s;
    const d = await down.fetchTransfers({ chainId: 369, address: WALLET, fromBlock: 0 });
    expect(d.partial).toBe(true);
    expect(d.problems.every((p) => /unreachable/.test(p))).toBe(true);
    const tokens = await down.discoverTokens({ chainId: 369, address: WALLET });
    expect(tokens).toMatchObject({ tokens: [], partial: true });
  });

  it("walks 25,000 token transfers (500 pages of 50, newest first) and returns each once, oldest first", async () => {
    const rows = Array.from({ length: 25_000 }, (_, i) => ({
      block_number: 23_000_000 + Math.floor(i / 5),
      log_index: i % 5,
      timestamp: isoOf(1_700_000_000 + i * 2),
      from: { hash: i % 2 ? WALLET_CHECKSUMMED : "0x7bD3D113e51FC4c2628A095590287f3A3AEd59eb" },
      to: { hash: i % 2 ? "0x7bD3D113e51FC4c2628A095590287f3A3AEd59eb" : WALLET_CHECKSUMMED },
      token: {
        address_hash: "0x2b591e99afE9f32eAA6214f7B7629768c40Eeb39",
        decimals: "8",
        symbol: "HEX",
        type: "ERC-20",
      },
      token_type: "ERC-20",
      total: { decimals: "8", value: String(i + 1) },
      transaction_hash: synthHash(Math.floor(i / 2), 11),
      method: "transfer",
      type: "token_transfer",
    }));
    const newestFirst = [...rows].reverse();
    const f = await fake((req) => {
      if (!req.path.endsWith("/token-transfers")) return { json: EMPTY_PAGE };
      let start = 0;
      if (req.query.has("block_number")) {
        const b = Number(req.query.get("block_number"));
        const idx = Number(req.query.get("index"));
        start = newestFirst.findIndex((r) => r.block_number === b && r.log_index === idx) + 1;
      }
      const items = newestFirst.slice(start, start + 50);
      const last = items.at(-1);
      const more = start + 50 < newestFirst.length;
      return {
        json: {
          items,
          next_page_params:
            more && last ? { block_number: last.block_number, index: last.log_index, items_count: 50 } : null,
        },
      };
    });
    const { s } = source(f.url);
    const r = await s.fetchTransfers({ chainId: 1, address: WALLET, fromBlock: 0 });
    expect(r.problems).toEqual([]);
    expect(r.transfers).toHaveLength(25_000);
    expect(new Set(r.transfers.map(transferId)).size).toBe(25_000);
    expect(r.transfers.map((t) => t.amount)).toEqual(rows.map((x) => x.total.value));
    expect(f.requests.filter((q) => q.path.endsWith("/token-transfers"))).toHaveLength(500);
    expect(r.toBlock).toBe(23_004_999);
  });

  it("discovers ERC-20 tokens from /token-balances in both generations (NFTs left out) and reads coin_balance", async () => {
    const f = await fake(recorded);
    const { s } = source(f.url);
    const old = await s.discoverTokens({ chainId: 369, address: WALLET });
    expect(old.partial).toBe(false);
    expect(old.tokens.map((t) => [t.address, t.symbol, t.decimals, t.balance])).toEqual([
      ["0x95b303987a60c71504d99aa1b13b4da07b0790ab", "PLSX", 18, "2500000000000000000000000"],
      ["0x2b591e99afe9f32eaa6214f7b7629768c40eeb39", "HEX", 8, "1250000000000"],
      [WPLS, "WPLS", 18, "800000000000000000000000"],
      ["0xefd766ccb38eaf1dfd701853bfce31359239f305", "DAI", 18, "150000000000000000000"],
      ["0x2fa878ab3f87cc1c9737fc071108f904c0b0c95d", "INC", 18, "42000000000000000000"],
    ]);
    const current = await s.discoverTokens({ chainId: 1, address: WALLET });
    expect(current.tokens.map((t) => [t.address, t.name, t.balance])).toEqual([
      ["0x2b591e99afe9f32eaa6214f7b7629768c40eeb39", "HEX", "98000000000"],
      ["0x6b175474e89094c44da98b954eedeac495271d0f", "Dai Stablecoin", "250000000000000000000"],
    ]);
    expect(await s.discoverTokens({ chainId: 369, address: EMPTY_WALLET })).toEqual({
      tokens: [],
      partial: false,
      problems: [],
    });
    expect(await s.nativeBalance({ chainId: 1, address: WALLET })).toEqual({
      balance: "412000000000000000",
      problems: [],
    });
  });
});
