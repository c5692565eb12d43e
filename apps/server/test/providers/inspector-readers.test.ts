/**
 * The transaction inspector's live token reads against the recorded Blockscout answers: `/api` tokentx
 * filtered by contract, `/api/v2` token transfers in PulseChain's older item shape (paged by
 * next_page_params, other tokens on the page left out), failures named without a URL or key, the read
 * deadline, and which sources a chain has.
 */
import type { PublicClient } from "viem";
import { afterEach, describe, expect, it } from "vitest";
import {
  BlockscoutApiTokenReader,
  BlockscoutV2TokenReader,
  inspectorSources,
  safeText,
  type TokenQuery,
} from "../../src/chain/inspector/token-transfer-readers.ts";
import {
  example,
  type Fake,
  type FakeRequest,
  loadProviderFile,
  startFake,
  testUpstream,
  WALLET,
} from "./fake-http.ts";

const api = loadProviderFile("blockscout-etherscan-api.json");
const v2 = loadProviderFile("blockscout-v2-api.json");
const PLSX = "0x95b303987a60c71504d99aa1b13b4da07b0790ab";
const WPLS = "0xa1077a294dde1b09bb078844df40758a5d0f9a27";
const PLS_V2 = "https://api.scan.pulsechain.com/api/v2";

const q = (token: string, deadline = Date.now() + 10_000): TokenQuery => ({
  chainId: 369,
  wallet: WALLET,
  token,
  deadline,
});

let fake: Fake | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe("Blockscout /api (tokentx by contract)", () => {
  const answer = (req: FakeRequest) =>
    req.query.get("action") === "tokentx" && req.query.get("contractaddress") === PLSX
      ? {
          json: example(
            api,
            `GET /api?module=account&action=tokentx&address=${WALLET}&contractaddress=${PLSX}&page=1&offset=100&sort=asc [Blockscout >= v9 item shape]`,
          ),
        }
      : { json: { status: "0", message: "No token transfers found", result: [] } };

  it("reads the token's transfers, asking with the contract address", async () => {
    fake = await startFake(answer);
    const reader = new BlockscoutApiTokenReader(testUpstream().upstream, `${fake.url}/api`, "blockscout-pulsechain");
    const first = await reader.firstPage(q(PLSX));
    expect(first.error).toBeNull();
    expect(first.hasMore).toBe(false);
    expect(first.rows).toEqual([
      expect.objectContaining({
        from: WALLET,
        to: "0x1b45b9148791d3a104184cd5dfe5ce57193a3ee9",
        amount: "500000000000000000000000",
        blockNumber: 22311002,
      }),
    ]);
    const all = await reader.all(q(PLSX));
    expect(all.rows).toEqual(first.rows);
    for (const r of fake.requests) {
      expect(r.query.get("contractaddress")).toBe(PLSX);
      expect(r.query.get("address")).toBe(WALLET);
      expect(r.query.get("sort")).toBe("asc");
    }
    expect(fake.requests[0]?.query.get("offset")).toBe("100");
  });

  it("names a failure without the URL, and keeps to the deadline", async () => {
    fake = await startFake(() => ({
      status: 400,
      json: { status: "0", message: "Unknown action", result: null },
    }));
    const reader = new BlockscoutApiTokenReader(
      testUpstream().upstream,
      `${fake.url}/api?apikey=SECRET123`,
      "blockscout-pulsechain",
    );
    const failed = await reader.all(q(PLSX));
    expect(failed.rows).toEqual([]);
    expect(failed.error).toContain("Unknown action");
    expect(failed.error).not.toContain(fake.url);
    expect(failed.error).not.toContain("SECRET123");

    const before = fake.requests.length;
    const late = await reader.all(q(PLSX, Date.now() - 1));
    expect(late.error).toMatch(/time limit/);
    expect(fake.requests.length).toBe(before);
  });
});

describe("Blockscout /api/v2 (token transfers)", () => {
  it("walks the pages and keeps only the token's transfers (older item shape without block numbers)", async () => {
    fake = await startFake((req) => {
      const path = `${PLS_V2}/addresses/${WALLET}/token-transfers`;
      const key = req.query.get("block_number")
        ? `GET ${path}?type=ERC-20&block_number=22310451&index=3&items_count=50`
        : `GET ${path}?type=ERC-20`;
      return { json: example(v2, key) };
    });
    const reader = new BlockscoutV2TokenReader(testUpstream().upstream, `${fake.url}/api/v2`, "blockscout-pulsechain");

    const first = await reader.firstPage(q(WPLS));
    expect(first.hasMore).toBe(true);
    expect(first.rows).toEqual([
      expect.objectContaining({
        from: "0x1b45b9148791d3a104184cd5dfe5ce57193a3ee9",
        to: WALLET,
        amount: "31250000000000000000000",
        logIndex: 89,
        blockNumber: null,
      }),
    ]);
    expect(first.rows[0]?.timestamp).toBeGreaterThan(1_700_000_000);

    const all = await reader.all(q(PLSX));
    expect(all.error).toBeNull();
    expect(all.rows.map((r) => r.amount)).toEqual(["500000000000000000000000"]);
    expect(fake.requests.map((r) => r.query.get("token"))).toEqual([WPLS, PLSX, PLSX]);
    expect(fake.requests.every((r) => r.query.get("type") === "ERC-20")).toBe(true);
    expect(fake.requests[2]?.query.get("items_count")).toBe("50");
  });

  it("an address the explorer never saw has nothing; an error is named", async () => {
    fake = await startFake((req) =>
      req.path.includes(WALLET) ? { status: 404, json: { message: "Not found" } } : { status: 500, json: {} },
    );
    const reader = new BlockscoutV2TokenReader(
      testUpstream({ retries: 0 }).upstream,
      `${fake.url}/api/v2`,
      "blockscout-pulsechain",
    );
    expect(await reader.all(q(PLSX))).toEqual({ rows: [], hasMore: false, error: null });
    const broken = await reader.firstPage({ ...q(PLSX), wallet: "0x00000000000000000000000000000000deadbeef" });
    expect(broken.error).toMatch(/500/);
    expect(broken.error).not.toContain(fake.url);
  });
});

describe("the sources of a chain", () => {
  const { upstream } = testUpstream();
  const clients = new Map([
    [369, {} as PublicClient],
    [1, {} as PublicClient],
  ]);

  it("a mainnet chain: its Blockscout's two APIs and its node; the configured one is asked first", () => {
    const config = {
      deployments: [],
      blockscoutUrls: { 369: "https://api.scan.pulsechain.com/api", 1: "https://eth.blockscout.com/api" },
      history: { 369: "blockscout-v2" as const, 1: "etherscan" as const },
    };
    const pulse = inspectorSources(config, { upstream, clients }, 369);
    expect(pulse.readers.map((r) => r.name)).toEqual(["blockscout-api", "blockscout-v2", "rpc"]);
    expect(pulse.primary?.name).toBe("blockscout-v2");
    // A history kind the inspector cannot ask per token (Etherscan, Moralis): Blockscout's /api instead.
    expect(inspectorSources(config, { upstream, clients }, 1).primary?.name).toBe("blockscout-api");
  });

  it("a chain on this machine (the devchain) has only its node", () => {
    const config = {
      deployments: [{ chainId: 369, rpcUrl: "http://127.0.0.1:8545", contracts: {}, tokens: [] }],
      blockscoutUrls: { 369: "https://api.scan.pulsechain.com/api" },
      history: {},
    };
    const s = inspectorSources(config, { upstream, clients }, 369);
    expect(s.readers.map((r) => r.name)).toEqual(["rpc"]);
    expect(s.primary?.name).toBe("rpc");
  });

  it("an explorer switched off leaves the node", () => {
    const s = inspectorSources(
      { deployments: [], blockscoutUrls: { 1: "off" }, history: {} },
      { upstream, clients },
      1,
    );
    expect(s.readers.map((r) => r.name)).toEqual(["rpc"]);
  });
});

describe("texts that leave the server", () => {
  it("carry no URL and no key", () => {
    expect(safeText("rpc-369: HTTP request failed. URL: https://rpc.example/v3/abcdef Details: nope")).toBe(
      "rpc-369: HTTP request failed. URL: <url> Details: nope",
    );
    expect(safeText("failed: GET /api?module=account&apikey=XYZ&x=1")).toBe(
      "failed: GET /api?module=account&apikey=<hidden>&x=1",
    );
  });
});
