import { transferId } from "@pulsemanager/core";
import { afterEach, describe, expect, it } from "vitest";
import { EtherscanV2Source } from "../../src/chain/explorers/etherscan-v2.ts";
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
} from "./fake-http.ts";

const file = loadProviderFile("etherscan-v2.json");
const ex = (q: string) => example(file, `GET https://api.etherscan.io/v2/api?${q}`);

const TXLIST = ex(
  `chainid=1&module=account&action=txlist&address=${WALLET}&startblock=0&endblock=99999999&page=1&offset=100&sort=asc&apikey=YourApiKeyToken`,
);
const TOKENTX = ex(
  `chainid=1&module=account&action=tokentx&address=${WALLET}&startblock=0&endblock=99999999&page=1&offset=100&sort=asc&apikey=YourApiKeyToken`,
);
const NOTHING = ex(
  `chainid=1&module=account&action=txlist&address=${EMPTY_WALLET}&startblock=0&endblock=99999999&page=1&offset=100&sort=asc&apikey=YourApiKeyToken`,
);
const NOTHING_TOKENTX = ex(
  `chainid=1&module=account&action=tokentx&address=${EMPTY_WALLET}&page=1&offset=100&sort=asc&apikey=YourApiKeyToken`,
);
const BAD_KEY = ex(`chainid=1&module=account&action=txlist&address=${WALLET}&apikey=BADKEY`);
const PER_SECOND = ex(
  `chainid=1&module=account&action=tokentx&address=${WALLET}&page=1&offset=100&sort=asc&apikey=YourApiKeyToken [rate limited]`,
);
const DAILY = ex(
  `chainid=1&module=account&action=txlist&address=${WALLET}&apikey=YourApiKeyToken [daily quota exhausted]`,
);
const WINDOW = ex(
  `chainid=1&module=account&action=txlist&address=${WALLET}&page=11&offset=1000&apikey=YourApiKeyToken`,
);

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

function source(baseUrl: string, opts: { apiKey?: string; retries?: number; pageSize?: number } = {}) {
  const { upstream } = testUpstream(opts.retries !== undefined ? { retries: opts.retries } : {});
  return new EtherscanV2Source({
    upstream,
    apiKey: opts.apiKey ?? "YourApiKeyToken",
    baseUrl: `${baseUrl}/v2/api`,
    pageSize: opts.pageSize,
    safetyMarginBlocks: 0,
    sleep: noSleep,
  });
}

const actionOf = (r: FakeRequest) => r.query.get("action");

function recorded(req: FakeRequest): FakeReply {
  if (req.path !== "/v2/api") return { status: 404, text: "not found" };
  if (req.query.get("apikey") !== "YourApiKeyToken") return { json: BAD_KEY };
  if (req.query.get("chainid") !== "1")
    return { json: ex(`module=account&action=balance&address=${WALLET}&apikey=YourApiKeyToken`) };
  if (req.query.get("address") === EMPTY_WALLET)
    return { json: actionOf(req) === "tokentx" ? NOTHING_TOKENTX : NOTHING };
  if (actionOf(req) === "txlist") return { json: TXLIST };
  if (actionOf(req) === "tokentx") return { json: TOKENTX };
  return { json: NOTHING }; // txlistinternal: Etherscan says "No transactions found" there too
}

describe("Etherscan API v2", () => {
  it("normalises txlist and tokentx with chainid and apikey; the fee only on the wallet's own transactions", async () => {
    const f = await fake(recorded);
    const r = await source(f.url).fetchTransfers({ chainId: 1, address: WALLET, fromBlock: 0 });
    expect(r).toMatchObject({ partial: false, problems: [], toBlock: 23350002 });
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
      // tokentx "input": "deprecated": the method id comes from the transaction of the same hash
      [23345120, 0, "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39", WALLET, OTHER, "98000000000", "0", "0xa9059cbb"],
      [23349870, 0, "0x6b175474e89094c44da98b954eedeac495271d0f", OTHER, WALLET, "250000000000000000000", "0", null],
      [23350002, -1, "native", WALLET, OTHER, "100000000000000000", (21000n * 1311200044n).toString(), null],
    ]);
    expect(r.transfers[0]?.timestamp).toBe(1757685791);
    for (const q of f.requests) {
      expect(q.query.get("chainid")).toBe("1");
      expect(q.query.get("apikey")).toBe("YourApiKeyToken");
      expect(q.query.get("sort")).toBe("asc");
    }
    expect(f.requests.map(actionOf).sort()).toEqual(["tokentx", "txlist", "txlistinternal"]);
  });

  it('"No transactions found" is empty and complete', async () => {
    const f = await fake(recorded);
    const r = await source(f.url).fetchTransfers({
      chainId: 1,
      address: EMPTY_WALLET,
      fromBlock: 20_000_000,
      toBlock: 23_000_000,
    });
    expect(r).toEqual({ transfers: [], toBlock: 23_000_000, partial: false, problems: [] });
  });

  it("an invalid key (NOTOK) is a problem, not an empty history", async () => {
    const f = await fake(recorded);
    const r = await source(f.url, { apiKey: "BADKEY" }).fetchTransfers({ chainId: 1, address: WALLET, fromBlock: 0 });
    expect(r.partial).toBe(true);
    expect(r.transfers).toEqual([]);
    expect(r.problems).toHaveLength(3);
    for (const p of r.problems) expect(p).toContain("Invalid API Key (#err2)|8");
    expect(f.requests).toHaveLength(3);
  });

  it('"Max calls per sec rate limit reached" (HTTP 200, NOTOK) is retried with backoff, then succeeds', async () => {
    let tokentxCalls = 0;
    const f = await fake((req) =>
      actionOf(req) === "tokentx" && tokentxCalls++ === 0 ? { json: PER_SECOND } : recorded(req),
    );
    const r = await source(f.url).fetchTransfers({ chainId: 1, address: WALLET, fromBlock: 0 });
    expect(r.partial).toBe(false);
    expect(f.requests.filter((q) => actionOf(q) === "tokentx")).toHaveLength(2);
    expect(r.transfers).toHaveLength(4);
  });

  it("a rate limit that persists beyond the retries is reported", async () => {
    const f = await fake((req) => (actionOf(req) === "tokentx" ? { json: PER_SECOND } : recorded(req)));
    const r = await source(f.url, { retries: 2 }).fetchTransfers({ chainId: 1, address: WALLET, fromBlock: 0 });
    expect(r.partial).toBe(true);
    expect(r.problems).toEqual(["etherscan-v2 (chain 1) tokentx: Max calls per sec rate limit reached (3/sec)"]);
    expect(f.requests.filter((q) => actionOf(q) === "tokentx")).toHaveLength(3);
  });

  it("the exhausted daily quota is not retried", async () => {
    const f = await fake((req) => (actionOf(req) === "txlist" ? { json: DAILY } : recorded(req)));
    const r = await source(f.url).fetchTransfers({ chainId: 1, address: WALLET, fromBlock: 0 });
    expect(r.partial).toBe(true);
    expect(r.problems).toEqual(["etherscan-v2 (chain 1) txlist: Max daily rate limit reached"]);
    expect(f.requests.filter((q) => actionOf(q) === "txlist")).toHaveLength(1);
  });

  it("walks 25,000 txlist rows past the 10,000-record window, each once, oldest first", async () => {
    const template = TXLIST.result[1];
    const rows = Array.from({ length: 25_000 }, (_, i) => ({
      ...template,
      blockNumber: String(18_000_000 + Math.floor(i / 3)),
      timeStamp: String(1_700_000_000 + i),
      hash: synthHash(i, 3),
      value: String(i + 1),
      from: i % 2 ? WALLET : OTHER,
      to: i % 2 ? OTHER : WALLET,
    }));
    const f = await fake((req) => {
      if (actionOf(req) !== "txlist") return { json: NOTHING };
      const page = Number(req.query.get("page"));
      const offset = Number(req.query.get("offset"));
      if (page * offset > 10_000) return { json: WINDOW };
      const start = Number(req.query.get("startblock"));
      const end = req.query.has("endblock") ? Number(req.query.get("endblock")) : Number.POSITIVE_INFINITY;
      const slice = rows
        .filter((r) => Number(r.blockNumber) >= start && Number(r.blockNumber) <= end)
        .slice((page - 1) * offset, page * offset);
      return { json: slice.length ? { status: "1", message: "OK", result: slice } : NOTHING };
    });
    const r = await source(f.url).fetchTransfers({
      chainId: 1,
      address: WALLET,
      fromBlock: 18_000_000,
      toBlock: 19_000_000,
    });
    expect(r.problems).toEqual([]);
    expect(r.transfers).toHaveLength(25_000);
    expect(new Set(r.transfers.map(transferId)).size).toBe(25_000);
    expect(r.transfers.map((t) => t.amount)).toEqual(rows.map((x) => x.value));
    expect(r.transfers.filter((t) => t.fee !== "0")).toHaveLength(12_500);
    expect(r.toBlock).toBe(19_000_000);
    expect(f.requests.every((q) => q.query.get("endblock") === "19000000")).toBe(true);
  });

  it("timeouts and a down provider give partial results, never a throw", async () => {
    const hang = await fake(() => "hang");
    const t = await source(hang.url, { retries: 1 }).fetchTransfers({ chainId: 1, address: WALLET, fromBlock: 0 });
    expect(t.partial).toBe(true);
    expect(t.problems.every((p) => /timed out/.test(p))).toBe(true);
    const d = await source(await closedPortUrl(), { retries: 1 }).fetchTransfers({
      chainId: 1,
      address: WALLET,
      fromBlock: 0,
    });
    expect(d.partial).toBe(true);
    expect(d.problems.every((p) => /unreachable/.test(p))).toBe(true);
  });

  it("needs a key and serves only its chains", async () => {
    const { upstream } = testUpstream();
    expect(() => new EtherscanV2Source({ upstream, apiKey: "" })).toThrow(/ETHERSCAN_API_KEY/);
    const s = new EtherscanV2Source({ upstream, apiKey: "k" });
    expect(s.supportsChain(1)).toBe(true);
    expect(s.supportsChain(369)).toBe(false);
    await expect(s.fetchTransfers({ chainId: 369, address: WALLET, fromBlock: 0 })).rejects.toThrow(
      /does not serve chain 369/,
    );
  });
});
