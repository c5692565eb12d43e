/**
 * The transaction inspector on the devchain: user 2's PLSX transfers (printer payouts from the
 * distributor, the look-alike reward drop, trades) listed page by page from the synced history with
 * the income rule's verdict per row, the simple diagnostic per chain and for the history, and the
 * history sources compared (the devchain has only its node: one live source, said so). Only the
 * signed-in user's own saved wallets can be inspected; bad input is a 400 with a message key.
 */
import {
  INSPECTOR_PAGE_SIZE,
  type InspectorPage,
  type InspectorTransaction,
  inspectorCompareSchema,
  inspectorDiagnosticSchema,
  inspectorPageSchema,
} from "@pulsemanager/core";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Devchain, startDevchain, transfersOf } from "../../../../tools/devchain/src/index.ts";
import { requireSession } from "../../src/access/require-session.ts";
import type { Auth } from "../../src/auth/auth.ts";
import { readDevchainFile } from "../../src/chain/services.ts";
import { createDb, type Db } from "../../src/db/client.ts";
import { syncState } from "../../src/db/schema.ts";
import { inspectorRoutes } from "../../src/debug/inspector-routes.ts";
import { createLogger } from "../../src/logger.ts";
import { FixedWindowLimiter } from "../../src/rate-limit/fixed-window.ts";
import { type Fake, type FakeRequest, startFake } from "../providers/fake-http.ts";
import { confirmedUser } from "../support/accounts.ts";
import type { HttpClient } from "../support/http-client.ts";
import type { TestServer } from "../support/test-server.ts";
import { startDevchainApp, writeDevchainFile } from "./support/devchain-app.ts";

let devchain: Devchain;
let t: TestServer;
let me: HttpClient;
let stranger: HttpClient;
let inspector: Hono;
let db: Db;
let wallet: string;
let plsx: string;
let distributor: string;
let rewardDrop: string;
/** A Blockscout stand-in for chain 369 built from the devchain's record: /api lacks the first transfer, /api/v2 has one more. */
let explorer: Fake;
const EXTRA_HASH = `0x${"e".repeat(64)}`;

/** The signed-in user's session as the running app sees it (the test mounts the routes itself). */
function sessionOf(server: TestServer): Auth {
  return {
    api: {
      getSession: async ({ headers }: { headers: Headers }) => {
        const res = await server.running.app.fetch(new Request(`${server.baseUrl}/api/auth/get-session`, { headers }));
        return res.ok ? await res.json() : null;
      },
    },
  } as unknown as Auth;
}

async function get(client: HttpClient | null, path: string): Promise<{ status: number; json: any }> {
  const res = await inspector.request(path, { headers: client ? { cookie: client.cookieHeader() } : {} });
  return { status: res.status, json: await res.json() };
}

const SMALL_PAGE = 5;
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

beforeAll(async () => {
  devchain = await startDevchain({ chains: [369, 1], bulkTokens: 3 });
  t = await startDevchainApp(devchain);
  me = await confirmedUser(t, "inspector@example.de", "InspectPass1");
  stranger = await confirmedUser(t, "stranger@example.de", "StrangerPass1");
  const c = devchain.chain(369).contracts;
  wallet = (devchain.chain(369).wallets.users[2] as string).toLowerCase();
  plsx = c.plsx.toLowerCase();
  distributor = c.distributor.toLowerCase();
  rewardDrop = c.rewardDrop.toLowerCase();
  expect((await me.post("/api/wallet-management", { address: wallet, nickname: "Printers" })).status).toBe(200);

  explorer = await startFake(fakeExplorer);
  db = createDb(t.running.database.pool);
  const deps = {
    db,
    chain: t.running.chain,
    chainConfig: { deployments: readDevchainFile(writeDevchainFile(devchain)), blockscoutUrls: {}, history: {} },
    logger: createLogger("silent"),
    limiter: new FixedWindowLimiter(db),
  };
  // The session guard the app mounts from its route table, here in front of every copy of the routes.
  inspector = new Hono()
    .use("*", requireSession(sessionOf(t)))
    .route("/api/debug/transactions", inspectorRoutes(deps))
    // The story's history is short: pages of 5 walk the cursor through it.
    .route("/small-pages", inspectorRoutes({ ...deps, pageSize: SMALL_PAGE }))
    // Chain 369 as a mainnet installation sees it: its Blockscout (/api and /api/v2) and its node.
    .route(
      "/mainnet-like",
      inspectorRoutes({
        ...deps,
        chainConfig: {
          deployments: [],
          blockscoutUrls: { 369: `${explorer.url}/api` },
          history: { 369: "blockscout" },
        },
      }),
    );
}, 240_000);

afterAll(async () => {
  await explorer?.close();
  await t?.close();
  await devchain?.stop();
});

/** The devchain's record of the wallet's PLSX transfers. */
function seededPlsx() {
  return transfersOf(devchain.seeded, 369, wallet).filter((x) => x.token === plsx);
}

/** Blockscout's two APIs over the devchain's record of the wallet's PLSX transfers (each with a flaw). */
function fakeExplorer(req: FakeRequest) {
  const seeded = seededPlsx();
  if (req.path === "/api" && req.query.get("action") === "tokentx") {
    if (req.query.get("contractaddress") !== plsx)
      return { json: { status: "0", message: "No token transfers found", result: [] } };
    // The older item shape (with logIndex), the first transfer missing.
    const result = seeded.slice(1).map((x) => ({
      blockNumber: String(x.blockNumber),
      timeStamp: String(x.timestamp),
      hash: x.txHash,
      from: x.from,
      to: x.to,
      contractAddress: x.token,
      value: x.amount,
      logIndex: String(x.logIndex),
      tokenDecimal: "18",
      tokenSymbol: "PLSX",
      tokenName: "PulseX",
    }));
    return { json: { status: "1", message: "OK", result } };
  }
  if (req.path === `/api/v2/addresses/${wallet}/token-transfers`) {
    // Current items, newest first, 8 a page; one payout more than the chain has.
    const checksum = (a: string) => a.toUpperCase().replace(/^0X/, "0x");
    const last = seeded.at(-1);
    const all = [
      ...seeded,
      {
        txHash: EXTRA_HASH,
        from: distributor,
        to: wallet,
        amount: "1000",
        logIndex: 0,
        blockNumber: (last?.blockNumber ?? 0) + 1,
        timestamp: (last?.timestamp ?? 0) + 10,
      },
    ]
      .reverse()
      .map((x) => ({
        block_number: x.blockNumber,
        log_index: x.logIndex,
        timestamp: new Date(x.timestamp * 1000).toISOString(),
        transaction_hash: x.txHash,
        from: { hash: checksum(x.from) },
        to: { hash: checksum(x.to) },
        token: { address_hash: checksum(plsx), type: "ERC-20", symbol: "PLSX", decimals: "18" },
        token_type: "ERC-20",
        total: { decimals: "18", value: x.amount },
        type: "token_transfer",
      }));
    const skip = Number(req.query.get("items_count") ?? 0);
    const items = all.slice(skip, skip + 8);
    const next =
      skip + 8 < all.length
        ? { block_number: items.at(-1)?.block_number, index: items.at(-1)?.log_index, items_count: skip + 8 }
        : null;
    return { json: { items, next_page_params: next } };
  }
  return { status: 404, json: { message: "Not found" } };
}

/** The rule's verdict as the story made it: payouts from the distributor into the wallet. */
function expectVerdicts(rows: InspectorTransaction[]) {
  for (const r of rows) expect(r.roiIncome, r.hash).toBe(r.from === distributor && r.to === wallet);
}

describe("the transaction inspector on the devchain", () => {
  it("the simple diagnostic: each chain asked live, the synced history, a sample of 5", async () => {
    // Runs first: nothing of the wallet is synced yet, the verdicts must not depend on an earlier sync.
    expect(await db.select().from(syncState).where(eq(syncState.address, wallet))).toEqual([]);
    const res = await get(
      me,
      `/api/debug/transactions/diagnostic?${query({ address: wallet, chainId: "369", token: plsx })}`,
    );
    expect(res.status).toBe(200);
    const d = inspectorDiagnosticSchema.parse(res.json);
    const seeded = seededPlsx();
    expect(d.chains.map((c) => c.chainId).sort()).toEqual([1, 369]);
    const pulse = d.chains.find((c) => c.chainId === 369);
    expect(pulse).toMatchObject({ source: "rpc", success: true, error: null });
    expect(pulse?.count).toBe(Math.min(seeded.length, 100));
    expect(pulse?.hasMore).toBe(seeded.length > 100);
    expect(pulse?.total).toBe(seeded.length > 100 ? null : seeded.length);
    expect(pulse?.sample.length).toBe(Math.min(5, seeded.length));
    expect(pulse?.sample.every((r) => r.timestamp !== null && r.tokenSymbol === "PLSX")).toBe(true);
    expectVerdicts(pulse?.sample ?? []);
    // The same address on the other chain is asked too (it may hold nothing there).
    expect(d.chains.find((c) => c.chainId === 1)?.success).toBe(true);

    expect(d.history).toMatchObject({ chainId: 369, source: "stored", success: true, total: seeded.length });
    expect(d.history.sample.length).toBe(Math.min(5, seeded.length));
    expectVerdicts(d.history.sample);
    expect(d.token.symbol).toBe("PLSX");
    expect(d.combined.total).toBe(d.chains.reduce((s, c) => s + c.count, 0) + d.history.count);
    // The chain's live read and the synced history are the same transfers.
    expect(d.combined.unique).toBe(Math.min(seeded.length, 100) + (d.chains.find((c) => c.chainId === 1)?.count ?? 0));
  });

  it("lists the wallet's PLSX transfers page by page, payouts from the distributor as ROI income", async () => {
    const rows: InspectorTransaction[] = [];
    let cursor: string | null = null;
    let first: InspectorPage | undefined;
    let pages = 0;
    do {
      const res = await get(
        me,
        `/small-pages?${query({ address: wallet, chainId: "369", token: plsx, ...(cursor ? { cursor } : {}) })}`,
      );
      expect(res.status).toBe(200);
      const page = inspectorPageSchema.parse(res.json);
      first ??= page;
      expect(page.transactions.length).toBeLessThanOrEqual(SMALL_PAGE);
      rows.push(...page.transactions);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 100);

    const seeded = seededPlsx();
    expect(seeded.length).toBeGreaterThan(0);
    expect(first?.total).toBe(seeded.length);
    expect(rows.length).toBe(seeded.length);
    expect(pages).toBe(Math.ceil(seeded.length / SMALL_PAGE));
    expect(pages).toBeGreaterThan(1);
    expect(new Set(rows.map((r) => `${r.hash}:${r.logIndex}`)).size).toBe(rows.length);
    // The real page size holds it in one page.
    const whole = await get(me, `/api/debug/transactions?${query({ address: wallet, chainId: "369", token: plsx })}`);
    expect(whole.json.transactions.length).toBe(Math.min(seeded.length, INSPECTOR_PAGE_SIZE));
    expect(first?.token).toMatchObject({ address: plsx, symbol: "PLSX", decimals: 18 });
    expect(first?.partial).toBe(false);
    expect(rows.map((r) => r.hash).sort()).toEqual(seeded.map((s) => s.txHash).sort());
    // Oldest first, every row the wallet's and the token's.
    const blocks = rows.map((r) => r.blockNumber as number);
    expect(blocks).toEqual([...blocks].sort((a, b) => a - b));
    for (const r of rows) {
      expect(r.chainId).toBe(369);
      expect(r.tokenSymbol).toBe("PLSX");
      expect(r.from === wallet || r.to === wallet).toBe(true);
      expect(r.direction).toBe(r.to === wallet ? (r.from === wallet ? "self" : "in") : "out");
      expect(r.timestamp).toBeGreaterThan(0);
    }

    expectVerdicts(rows);
    const payouts = rows.filter((r) => r.roiIncome);
    expect(payouts.length).toBeGreaterThan(0);
    expect(first?.roiIncomeTotal).toBe(payouts.length);
    expect(payouts.length).toBe(seeded.filter((s) => s.from === distributor && s.to === wallet).length);
    // The look-alike drop pays PLSX too, and is not income; neither are trades.
    const drops = rows.filter((r) => r.from === rewardDrop);
    expect(drops.length).toBeGreaterThan(0);
    expect(drops.every((r) => !r.roiIncome)).toBe(true);
    expect(rows.some((r) => r.direction === "out" && !r.roiIncome)).toBe(true);
  });

  it("the user's own word on a sender wins, as in the ROI tracker", async () => {
    const choose = (income: boolean | null) =>
      me.request("PUT", "/api/income-choices", { chainId: 369, address: rewardDrop, income });
    expect((await choose(true)).status).toBe(200);
    try {
      const res = await get(me, `/api/debug/transactions?${query({ address: wallet, chainId: "369", token: plsx })}`);
      const page = inspectorPageSchema.parse(res.json);
      const drops = page.transactions.filter((r) => r.from === rewardDrop);
      expect(drops.length).toBeGreaterThan(0);
      expect(drops.every((r) => r.roiIncome)).toBe(true);
      expect(page.roiIncomeTotal).toBe(page.transactions.filter((r) => r.roiIncome).length);
    } finally {
      expect((await choose(null)).status).toBe(200);
    }
  });

  it("compares the history sources: the synced history against the node; one live source, said so", async () => {
    const res = await get(
      me,
      `/api/debug/transactions/compare?${query({ address: wallet, chainId: "369", token: plsx })}`,
    );
    expect(res.status).toBe(200);
    const cmp = inspectorCompareSchema.parse(res.json);
    const seeded = seededPlsx();
    expect(cmp.singleSource).toBe(true);
    expect(cmp.sources.map((s) => s.source)).toEqual(["stored", "rpc"]);
    for (const s of cmp.sources) {
      expect(s).toMatchObject({ success: true, count: seeded.length, missing: 0, onlyHereTotal: 0, error: null });
      expect(s.onlyHere).toEqual([]);
    }
    expect(cmp.inAll).toBe(seeded.length);
    expect(cmp.token.symbol).toBe("PLSX");
  });

  it("compares Blockscout /api, /api/v2, the node and the synced history: what only one of them has", async () => {
    const res = await get(me, `/mainnet-like/compare?${query({ address: wallet, chainId: "369", token: plsx })}`);
    expect(res.status).toBe(200);
    const cmp = inspectorCompareSchema.parse(res.json);
    const seeded = seededPlsx();
    const n = seeded.length;
    expect(cmp.singleSource).toBe(false);
    const by = Object.fromEntries(cmp.sources.map((s) => [s.source, s]));
    expect(cmp.sources.map((s) => s.source)).toEqual(["stored", "blockscout-api", "blockscout-v2", "rpc"]);
    for (const s of cmp.sources) expect(s.success, s.source).toBe(true);
    expect(by.stored).toMatchObject({ count: n, missing: 1, onlyHereTotal: 0 });
    expect(by.rpc).toMatchObject({ count: n, missing: 1, onlyHereTotal: 0 });
    // /api lacks the first transfer (all others have it: not "only one has"), and the extra one.
    expect(by["blockscout-api"]).toMatchObject({ count: n - 1, missing: 2, onlyHereTotal: 0 });
    // /api/v2 alone has the extra payout: shown, with the rule's verdict (the distributor paid it).
    expect(by["blockscout-v2"]).toMatchObject({ count: n + 1, missing: 0, onlyHereTotal: 1 });
    expect(by["blockscout-v2"]?.onlyHere).toEqual([
      expect.objectContaining({
        hash: EXTRA_HASH,
        from: distributor,
        to: wallet,
        direction: "in",
        roiIncome: true,
        amount: "0.000000000000001",
      }),
    ]);
    expect(cmp.inAll).toBe(n - 1);
    // The v2 walk followed next_page_params to the end.
    expect(explorer.requests.filter((r) => r.path.endsWith("/token-transfers")).length).toBeGreaterThan(1);
    expect(explorer.requests.every((r) => r.path !== "/api" || r.query.get("contractaddress") === plsx)).toBe(true);
  });

  it("the diagnostic asks the chain's configured source (Blockscout /api) live", async () => {
    const res = await get(me, `/mainnet-like/diagnostic?${query({ address: wallet, chainId: "369", token: plsx })}`);
    expect(res.status).toBe(200);
    const d = inspectorDiagnosticSchema.parse(res.json);
    const n = seededPlsx().length;
    expect(d.chains.find((c) => c.chainId === 369)).toMatchObject({
      source: "blockscout-api",
      success: true,
      count: n - 1,
      total: n - 1,
      hasMore: false,
    });
    expect(d.history).toMatchObject({ source: "stored", total: n });
    expectVerdicts(d.chains.find((c) => c.chainId === 369)?.sample ?? []);
  });

  it("a source that fails is named with its reason, without its URL", async () => {
    const broken = await startFake(() => ({
      status: 400,
      json: { message: "Unknown action", result: null, status: "0" },
    }));
    const app = new Hono().use("*", requireSession(sessionOf(t))).route(
      "/",
      inspectorRoutes({
        db,
        chain: t.running.chain,
        chainConfig: { deployments: [], blockscoutUrls: { 369: `${broken.url}/api` }, history: { 369: "blockscout" } },
        logger: createLogger("silent"),
      }),
    );
    try {
      const res = await app.request(`/compare?${query({ address: wallet, chainId: "369", token: plsx })}`, {
        headers: { cookie: me.cookieHeader() },
      });
      expect(res.status).toBe(200);
      const cmp = inspectorCompareSchema.parse(await res.json());
      const api = cmp.sources.find((s) => s.source === "blockscout-api");
      expect(api?.success).toBe(false);
      expect(api?.error).toContain("Unknown action");
      expect(JSON.stringify(cmp)).not.toContain(broken.url);
      expect(cmp.sources.find((s) => s.source === "rpc")?.success).toBe(true);
    } finally {
      await broken.close();
    }
  });

  it("answers never carry a URL", async () => {
    for (const path of ["", "/diagnostic", "/compare"]) {
      const res = await get(
        me,
        `/api/debug/transactions${path}?${query({ address: wallet, chainId: "369", token: plsx })}`,
      );
      expect(JSON.stringify(res.json)).not.toMatch(/https?:\/\//);
    }
  });

  it("refuses bad input with a message key (400)", async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ address: "0x123", chainId: "369", token: plsx }, "address", "inspector.invalidAddress"],
      [{ address: wallet, chainId: "56", token: plsx }, "chainId", "inspector.invalidChain"],
      [{ address: wallet, chainId: "369", token: "wgep" }, "token", "inspector.invalidToken"],
      [{ address: wallet, chainId: "369", token: plsx, cursor: "-1" }, "cursor", "inspector.invalidCursor"],
      [{ chainId: "369", token: plsx }, "address", "inspector.invalidAddress"],
    ];
    for (const [params, field, key] of cases) {
      for (const path of ["", "/diagnostic", "/compare"]) {
        if (field === "cursor" && path !== "") continue;
        const res = await get(me, `/api/debug/transactions${path}?${query(params)}`);
        expect(res.status, `${path} ${field}`).toBe(400);
        expect(res.json.error.code).toBe("VALIDATION_ERROR");
        expect(res.json.error.fields[field]).toBe(key);
      }
    }
  });

  it("needs a session, and shows only the user's own saved wallets (404 otherwise)", async () => {
    const params = query({ address: wallet, chainId: "369", token: plsx });
    expect((await get(null, `/api/debug/transactions?${params}`)).status).toBe(401);
    // The wallet's history is in the database (the first user synced it), yet another user gets nothing.
    for (const path of ["", "/diagnostic", "/compare"]) {
      const res = await get(stranger, `/api/debug/transactions${path}?${params}`);
      expect(res.status, path).toBe(404);
      expect(res.json.error.code).toBe("NOT_FOUND");
      expect(JSON.stringify(res.json)).not.toContain(wallet.slice(2));
    }
    // Nor a wallet the user never saved.
    const other = (devchain.chain(369).wallets.users[3] as string).toLowerCase();
    const res = await get(me, `/api/debug/transactions?${query({ address: other, chainId: "369", token: plsx })}`);
    expect(res.status).toBe(404);
  });
});
