import { transferId } from "@pulsemanager/core";
import { afterEach, describe, expect, it } from "vitest";
import { BlockscoutEtherscanSource } from "../../src/chain/explorers/blockscout-etherscan.ts";
import { type Row, walkBlockRanges } from "../../src/chain/explorers/etherscan-format.ts";
import {
  closedPortUrl,
  EMPTY_WALLET,
  example,
  type Fake,
  type FakeReply,
  type FakeRequest,
  loadProviderFile,
  noSleep,
  OTHER,
  startFake,
  synthHash,
  testUpstream,
  WALLET,
  WALLET_CHECKSUMMED,
} from "./fake-http.ts";

const file = loadProviderFile("blockscout-etherscan-api.json");
const ex = (key: string) => example(file, `GET /api?${key}`);

const TOKENTX = ex(
  `module=account&action=tokentx&address=${WALLET}&startblock=22000000&endblock=99999999&page=1&offset=100&sort=asc`,
);
const TOKENTX_V9 = ex(
  `module=account&action=tokentx&address=${WALLET}&contractaddress=0x95b303987a60c71504d99aa1b13b4da07b0790ab&page=1&offset=100&sort=asc [Blockscout >= v9 item shape]`,
);
const TXLIST = ex(
  `module=account&action=txlist&address=${WALLET}&startblock=0&endblock=99999999&page=1&offset=100&sort=asc`,
);
const INTERNAL = ex(
  `module=account&action=txlistinternal&address=${WALLET}&startblock=0&endblock=99999999&page=1&offset=100&sort=asc`,
);
const EMPTY = {
  tokentx: ex(`module=account&action=tokentx&address=${EMPTY_WALLET}&page=1&offset=100&sort=asc`),
  txlist: ex(
    `module=account&action=txlist&address=${EMPTY_WALLET}&startblock=0&endblock=99999999&page=1&offset=100&sort=asc`,
  ),
  txlistinternal: ex(`module=account&action=txlistinternal&address=${EMPTY_WALLET}&page=1&offset=100&sort=asc`),
  tokenlist: ex(`module=account&action=tokenlist&address=${EMPTY_WALLET}`),
};
const RATE_LIMITED = ex(`module=account&action=txlist&address=${WALLET}&page=1&offset=100&sort=asc [rate limited]`);
const SERVER_ERROR = ex(`module=account&action=tokentx&address=${WALLET}&page=1&offset=100 [server error]`);
const INVALID_ADDRESS = ex("module=account&action=txlist&address=0xnot-an-address");

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
  opts: { pageSize?: number; timeoutMs?: number; retries?: number; margin?: number } = {},
) {
  const { upstream, calls } = testUpstream({
    ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
    ...(opts.retries !== undefined ? { retries: opts.retries } : {}),
  });
  const s = new BlockscoutEtherscanSource({
    upstream,
    instances: { 369: { baseUrl: `${baseUrl}/api`, provider: "blockscout-pulsechain" } },
    pageSize: opts.pageSize,
    safetyMarginBlocks: opts.margin ?? 0,
    sleep: noSleep,
  });
  return { s, calls };
}

/** Answers the recorded bodies for the example wallet and the empty one. */
function recorded(req: FakeRequest): FakeReply {
  const action = req.query.get("action") ?? "";
  const address = req.query.get("address");
  if (address === EMPTY_WALLET)
    return { json: EMPTY[action as keyof typeof EMPTY] ?? { message: "Unknown action", result: null, status: "0" } };
  const body: Record<string, unknown> = {
    tokentx: TOKENTX,
    txlist: TXLIST,
    txlistinternal: INTERNAL,
    tokenlist: ex(`module=account&action=tokenlist&address=${WALLET}`),
    balance: ex(`module=account&action=balance&address=${WALLET}`),
  };
  return action in body
    ? { json: body[action] }
    : { status: 400, json: ex(`module=account&action=nosuchaction&address=${WALLET}`) };
}

const actionOf = (r: FakeRequest) => r.query.get("action");

describe("Blockscout Etherscan-compatible /api", () => {
  it("normalises tokentx, txlist and txlistinternal (pre-v9 rows): amounts, addresses, fee only for the sender, method ids, internal flag", async () => {
    const f = await fake(recorded);
    const { s } = source(f.url);
    const r = await s.fetchTransfers({ chainId: 369, address: WALLET_CHECKSUMMED, fromBlock: 0 });
    expect(r.partial).toBe(false);
    expect(r.problems).toEqual([]);
    expect(r.toBlock).toBe(22312555);
    const rows = r.transfers.map((t) => [t.blockNumber, t.logIndex, t.token, t.amount, t.fee, t.methodId, t.internal]);
    expect(rows).toEqual([
      [22300100, -1, "native", "250000000000000000000000", "0", null, false],
      [22310451, 3, "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39", "1250000000000", "0", "0x38ed1739", false],
      [22311002, -1, "native", "0", (161342n * 1204587662350000n).toString(), "0x38ed1739", false],
      [
        22311002,
        87,
        "0x95b303987a60c71504d99aa1b13b4da07b0790ab",
        "500000000000000000000000",
        "0",
        "0x38ed1739",
        false,
      ],
      [22311002, 89, "0xa1077a294dde1b09bb078844df40758a5d0f9a27", "31250000000000000000000", "0", "0x38ed1739", false],
      [22311920, 3, "native", "31250000000000000000000", "0", null, true],
      // the failed approve moved nothing but cost its fee
      [22312555, -1, "native", "0", (48211n * 1198000000000000n).toString(), "0x095ea7b3", false],
    ]);
    const incoming = r.transfers[0];
    expect(incoming).toMatchObject({
      chainId: 369,
      txHash: "0x15d97c0557a550978705f98113e77ce4e0ae8c2b0fcf2463aef6058d4d1c9137",
      from: OTHER,
      to: WALLET,
      timestamp: 1735312345,
    });
    const internal = r.transfers[5];
    expect(internal).toMatchObject({
      from: "0xa1077a294dde1b09bb078844df40758a5d0f9a27",
      to: WALLET,
      timestamp: 1735426990,
    });
    // the ERC-721 row (tokenID, no value) is not an ERC-20 transfer
    expect(r.transfers.some((t) => t.token === "0x37bc5f6900876ac6436b3a172f862584fa333da2")).toBe(false);
    for (const req of f.requests) {
      expect(req.query.get("sort")).toBe("asc");
      expect(req.query.get("startblock")).toBe("0");
      expect(req.query.get("endblock")).toBeNull();
      expect(req.query.get("page")).toBe("1");
      expect(req.query.get("offset")).toBe("1000");
      expect(req.query.get("address")).toBe(WALLET);
    }
    expect(f.requests.map(actionOf).sort()).toEqual(["tokentx", "txlist", "txlistinternal"]);
  });

  it("reads v9 tokentx rows (no logIndex, methodId given): the position within the transaction stands in for the log index", async () => {
    const f = await fake((req) =>
      actionOf(req) === "tokentx" ? { json: TOKENTX_V9 } : { json: EMPTY[actionOf(req) as "txlist"] },
    );
    const { s } = source(f.url);
    const r = await s.fetchTransfers({ chainId: 369, address: WALLET, fromBlock: 22_000_000, toBlock: 22_400_000 });
    expect(r).toMatchObject({ partial: false, problems: [], toBlock: 22_400_000 });
    expect(r.transfers).toHaveLength(1);
    expect(r.transfers[0]).toMatchObject({
      logIndex: 0,
      from: WALLET,
      to: "0x1b45b9148791d3a104184cd5dfe5ce57193a3ee9",
      amount: "500000000000000000000000",
      methodId: "0x38ed1739",
      fee: "0",
    });
  });

  it('"No transactions found" / "No token transfers found" / "No internal transactions found" are an empty, complete answer', async () => {
    const f = await fake(recorded);
    const { s } = source(f.url);
    const r = await s.fetchTransfers({ chainId: 369, address: EMPTY_WALLET, fromBlock: 100 });
    expect(r).toEqual({ transfers: [], toBlock: 99, partial: false, problems: [] });
    const bounded = await s.fetchTransfers({ chainId: 369, address: EMPTY_WALLET, fromBlock: 100, toBlock: 5000 });
    expect(bounded).toEqual({ transfers: [], toBlock: 5000, partial: false, problems: [] });
  });

  it("an error body (status 0, result null) makes the result partial with the error text; the other streams still count", async () => {
    const f = await fake((req) => (actionOf(req) === "txlist" ? { json: INVALID_ADDRESS } : recorded(req)));
    const { s } = source(f.url);
    const r = await s.fetchTransfers({ chainId: 369, address: WALLET, fromBlock: 0, toBlock: 22_400_000 });
    expect(r.partial).toBe(true);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toContain("txlist");
    expect(r.problems[0]).toContain("Invalid address format");
    expect(r.toBlock).toBe(-1);
    expect(r.transfers.filter((t) => t.token !== "native")).toHaveLength(3);
    expect(r.transfers.filter((t) => t.internal)).toHaveLength(1);
  });

  it("keeps a safety margin below the end of the range so late-indexed blocks are read again", async () => {
    const f = await fake(recorded);
    const { s } = source(f.url, { margin: 600 });
    expect((await s.fetchTransfers({ chainId: 369, address: WALLET, fromBlock: 0 })).toBlock).toBe(22312555 - 600);
    expect((await s.fetchTransfers({ chainId: 369, address: WALLET, fromBlock: 0, toBlock: 22_400_000 })).toBlock).toBe(
      22_399_400,
    );
    expect(
      (await s.fetchTransfers({ chainId: 369, address: EMPTY_WALLET, fromBlock: 100, toBlock: 300 })).toBlock,
    ).toBe(99);
  });

  it("HTTP 500 'Something went wrong.' is retried, then reported (never thrown)", async () => {
    const f = await fake((req) => (actionOf(req) === "tokentx" ? { status: 500, json: SERVER_ERROR } : recorded(req)));
    const { s } = source(f.url);
    const r = await s.fetchTransfers({ chainId: 369, address: WALLET, fromBlock: 0 });
    expect(r.partial).toBe(true);
    expect(r.problems[0]).toMatch(/tokentx: failed: .*HTTP 500/);
    expect(f.requests.filter((q) => actionOf(q) === "tokentx")).toHaveLength(3);
    expect(r.transfers.filter((t) => t.token === "native")).toHaveLength(4);
  });

  it("429 then success: the client retried and the answer is complete", async () => {
    let txlistCalls = 0;
    const f = await fake((req) => {
      if (actionOf(req) === "txlist" && txlistCalls++ === 0) return { status: 429, json: RATE_LIMITED };
      return recorded(req);
    });
    const { s, calls } = source(f.url);
    const r = await s.fetchTransfers({ chainId: 369, address: WALLET, fromBlock: 0 });
    expect(r.partial).toBe(false);
    expect(f.requests.filter((q) => actionOf(q) === "txlist")).toHaveLength(2);
    expect(r.transfers).toHaveLength(7);
    expect(calls.find((c) => c.endpoint === "txlist")).toMatchObject({ attempts: 2, outcome: "ok" });
  });

  it("a provider that never answers: partial after the timeout, no throw", async () => {
    const f = await fake(() => "hang");
    const { s } = source(f.url, { retries: 1 });
    const r = await s.fetchTransfers({ chainId: 369, address: WALLET, fromBlock: 5 });
    expect(r.partial).toBe(true);
    expect(r.transfers).toEqual([]);
    expect(r.toBlock).toBe(4);
    expect(r.problems).toHaveLength(3);
    for (const p of r.problems) expect(p).toMatch(/timed out/);
  });

  it("a provider that is down (connection refused): partial, no throw", async () => {
    const { s } = source(await closedPortUrl(), { retries: 1 });
    const r = await s.fetchTransfers({ chainId: 369, address: WALLET, fromBlock: 0 });
    expect(r.partial).toBe(true);
    expect(r.problems).toHaveLength(3);
    for (const p of r.problems) expect(p).toMatch(/unreachable/);
    const d = await s.discoverTokens({ chainId: 369, address: WALLET });
    expect(d).toMatchObject({ tokens: [], partial: true });
    expect(d.problems[0]).toMatch(/tokenlist: unreachable/);
  });

  it("bad input and unknown chains are programming errors and throw", async () => {
    const { s } = source("http://127.0.0.1:9");
    await expect(s.fetchTransfers({ chainId: 369, address: "0xnot-an-address", fromBlock: 0 })).rejects.toThrow(
      /not an address/,
    );
    await expect(s.fetchTransfers({ chainId: 369, address: WALLET, fromBlock: -1 })).rejects.toThrow(RangeError);
    await expect(s.fetchTransfers({ chainId: 56, address: WALLET, fromBlock: 0 })).rejects.toThrow(
      /does not serve chain 56/,
    );
  });

  it("an aborted read throws the abort reason", async () => {
    const f = await fake(() => "hang");
    const { s } = source(f.url, { timeoutMs: 5_000 });
    const controller = new AbortController();
    const pending = s.fetchTransfers({ chainId: 369, address: WALLET, fromBlock: 0, signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user cancelled")), 30);
    await expect(pending).rejects.toThrow("user cancelled");
  });

  it("discovers ERC-20 tokens with tokenlist (NFTs left out, empty decimals -> null) and reads the native balance", async () => {
    const f = await fake(recorded);
    const { s } = source(f.url);
    const d = await s.discoverTokens({ chainId: 369, address: WALLET_CHECKSUMMED });
    expect(d.partial).toBe(false);
    expect(d.tokens.map((t) => [t.address, t.symbol, t.decimals, t.balance])).toEqual([
      ["0x95b303987a60c71504d99aa1b13b4da07b0790ab", "PLSX", 18, "2500000000000000000000000"],
      ["0x2b591e99afe9f32eaa6214f7b7629768c40eeb39", "HEX", 8, "1250000000000"],
      ["0xa1077a294dde1b09bb078844df40758a5d0f9a27", "WPLS", 18, "800000000000000000000000"],
      ["0xefd766ccb38eaf1dfd701853bfce31359239f305", "DAI", 18, "150000000000000000000"],
      ["0x2fa878ab3f87cc1c9737fc071108f904c0b0c95d", "INC", 18, "42000000000000000000"],
    ]);
    expect(await s.discoverTokens({ chainId: 369, address: EMPTY_WALLET })).toEqual({
      tokens: [],
      partial: false,
      problems: [],
    });
    expect(await s.nativeBalance({ chainId: 369, address: WALLET })).toEqual({
      balance: "1523400000000000000000000",
      problems: [],
    });
  });
});

/** A Blockscout-like tokentx endpoint over generated rows: block filters, asc order, page/offset, 10,000 window. */
function syntheticTokentx(rows: Row[]) {
  return (req: FakeRequest): FakeReply => {
    const action = actionOf(req);
    if (action !== "tokentx") return { json: EMPTY[action as "txlist"] };
    const start = Number(req.query.get("startblock") ?? 0);
    const end = req.query.has("endblock") ? Number(req.query.get("endblock")) : Number.POSITIVE_INFINITY;
    const page = Number(req.query.get("page"));
    const offset = Number(req.query.get("offset"));
    if (offset > 10_000 || page * offset > 10_000) {
      return {
        json: {
          message: "Result window is too large, PageNo x Offset size must be less than or equal to 10000",
          result: null,
          status: "0",
        },
      };
    }
    const inRange = rows.filter((r) => Number(r.blockNumber) >= start && Number(r.blockNumber) <= end);
    const slice = inRange.slice((page - 1) * offset, page * offset);
    return { json: slice.length ? { message: "OK", result: slice, status: "1" } : EMPTY.tokentx };
  };
}

function generateRows(count: number): Row[] {
  const template = TOKENTX.result[0];
  const rows: Row[] = [];
  let block = 1000;
  let inBlock = 0;
  for (let i = 0; i < count; i++) {
    // mostly 4 transfers a block, and one heavy block of 2,500 (more than a page of 1,000)
    const heavy = block === 3000;
    if (inBlock >= (heavy ? 2500 : 4)) {
      block++;
      inBlock = 0;
    }
    rows.push({
      ...template,
      blockNumber: String(block),
      timeStamp: String(1_700_000_000 + block * 10),
      hash: synthHash(Math.floor(i / 2), 7),
      logIndex: String(inBlock),
      from: i % 3 === 0 ? WALLET : OTHER,
      to: i % 3 === 0 ? OTHER : WALLET,
      value: String(i + 1),
    });
    inBlock++;
  }
  return rows;
}

describe("Blockscout /api pagination", () => {
  const rows = generateRows(25_000);

  it.each([1000, 10_000])(
    "returns all 25,000 rows once, oldest first, past the 10,000-record window (page size %i)",
    async (pageSize) => {
      const f = await fake(syntheticTokentx(rows));
      const { s } = source(f.url, { pageSize });
      const r = await s.fetchTransfers({ chainId: 369, address: WALLET, fromBlock: 0 });
      expect(r.problems).toEqual([]);
      expect(r.partial).toBe(false);
      expect(r.transfers).toHaveLength(25_000);
      expect(new Set(r.transfers.map(transferId)).size).toBe(25_000);
      expect(r.transfers.map((t) => t.amount)).toEqual(rows.map((x) => x.value));
      expect(r.toBlock).toBe(Number(rows.at(-1)?.blockNumber));
      const tokentx = f.requests.filter((q) => actionOf(q) === "tokentx");
      expect(tokentx.length).toBeGreaterThan(25_000 / pageSize);
      // the heavy block was paged on its own (startblock = endblock)
      if (pageSize === 1000)
        expect(
          tokentx.some(
            (q) =>
              q.query.get("startblock") === "3000" && q.query.get("endblock") === "3000" && q.query.get("page") === "3",
          ),
        ).toBe(true);
    },
  );

  it("a page failing midway keeps what was read and reports coverage up to the block before it", async () => {
    let n = 0;
    const inner = syntheticTokentx(rows);
    const f = await fake((req) =>
      actionOf(req) === "tokentx" && ++n === 4 ? { status: 503, text: "<html>Bad gateway</html>" } : inner(req),
    );
    const { s } = source(f.url, { pageSize: 1000, retries: 0 });
    const r = await s.fetchTransfers({ chainId: 369, address: WALLET, fromBlock: 0, toBlock: 10_000_000 });
    expect(r.partial).toBe(true);
    expect(r.problems[0]).toMatch(/tokentx: failed: .*HTTP 503/);
    // three pages of 1,000, each minus its last (re-read) block of 4 rows
    expect(r.transfers).toHaveLength(3 * 996);
    expect(r.toBlock).toBe(Number(r.transfers.at(-1)?.blockNumber));
    expect(r.transfers.map((t) => t.amount)).toEqual(rows.slice(0, 3 * 996).map((x) => x.value));
  });
});

describe("walkBlockRanges", () => {
  const row = (block: number, i: number): Row => ({ blockNumber: String(block), i });

  it("reports a block holding more records than the provider's window", async () => {
    const all = Array.from({ length: 30 }, (_, i) => row(i < 25 ? 7 : 8, i));
    const r = await walkBlockRanges({
      fromBlock: 7,
      pageSize: 5,
      maxWindow: 20,
      fetchPage: async ({ startBlock, endBlock, page, offset }) =>
        all
          .filter((x) => Number(x.blockNumber) >= startBlock && Number(x.blockNumber) <= (endBlock ?? 99))
          .slice((page - 1) * offset, page * offset),
    });
    expect(r.covered).toBe(6);
    expect(r.problem).toMatch(/more than 20 records in block 7/);
  });

  it("refuses rows that are not in ascending order instead of skipping data", async () => {
    const r = await walkBlockRanges({
      fromBlock: 0,
      pageSize: 3,
      maxWindow: 30,
      fetchPage: async () => [row(9, 0), row(5, 1), row(1, 2)],
    });
    expect(r).toMatchObject({ covered: -1, rows: [] });
    expect(r.problem).toMatch(/ascending/);
  });
});
