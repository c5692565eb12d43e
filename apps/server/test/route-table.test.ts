/**
 * Every route the app registers, checked the same way: no session -> 401 (unless public), another
 * user's ids -> 404, a foreign origin on a mutating method -> 403, NUL and malformed bodies -> 4xx.
 * The routes and their levels are the app's own route table (src/access/route-table.ts); a route
 * missing from it (or listed there but gone from the app) fails the first test.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAccessGuard } from "../src/access/mount-guards.ts";
import { API_ROUTES, type ApiRoute } from "../src/access/route-table.ts";
import { EXPOSED_AUTH_ENDPOINTS } from "../src/auth/guarded-endpoints.ts";
import { type Fake, startFake } from "./providers/fake-http.ts";
import { confirmedUser } from "./support/accounts.ts";
import { type BillingTestServer, startBillingServer } from "./support/billing.ts";
import { HttpClient } from "./support/http-client.ts";

interface RouteSpec extends RouteChecks {
  /** Reachable without a session (and what it answers then is the route's own business). */
  public?: true;
}
interface RouteChecks {
  /** The route takes a JSON body: malformed JSON must be a 4xx. */
  body?: true;
  /** Not called from a browser page, so no Origin is expected (it has its own proof: a signature). */
  noOrigin?: true;
  /** Builds the path (or body) with ids of another user's data; the answer must be 404. */
  foreign?: (ids: ForeignIds) => { path: string; body?: unknown };
}
interface ForeignIds {
  reportId: string;
  walletId: string;
  investmentId: string;
  importId: string;
}
/** A KuCoin order-history export of one fill: the owner's imported account. */
const KUCOIN_EXPORT =
  "tradeCreatedAt,symbol,side,price,size,funds,fee,feeCurrency\n2022-04-28 12:36:00,XRP-USDT,buy,0.65,100,65,0.065,USDT\n";
const INVESTMENT = {
  name: "HEX stake",
  symbol: "HEX",
  quantity: "1000",
  purchaseDate: "2024-03-01",
  purchasePrice: "50",
  currentValue: "80.5",
};

/** The routes reachable without a session: changing the table's level of one means changing this list too. */
const PUBLIC = [
  "GET /api/health",
  "GET /api/config",
  "GET /api/dev/outbox",
  "POST /api/billing/webhook",
  "POST /api/auth/sign-up/email",
  "POST /api/auth/sign-in/email",
  "POST /api/auth/sign-out",
  "GET /api/auth/get-session",
  "GET /api/auth/verify-email",
  "POST /api/auth/send-verification-email",
  "POST /api/auth/request-password-reset",
  "POST /api/auth/reset-password",
  "GET /api/notifications/unsubscribe",
  "POST /api/notifications/unsubscribe",
];

/** What checking a route needs beyond its level: whether it takes a body, expects no Origin, takes ids. */
const CHECKS: Partial<Record<ApiRoute, RouteChecks>> = {
  "POST /api/billing/webhook": { noOrigin: true, body: true },
  "POST /api/auth/sign-up/email": { body: true },
  "POST /api/auth/sign-in/email": { body: true },
  "POST /api/auth/send-verification-email": { body: true },
  "POST /api/auth/request-password-reset": { body: true },
  "POST /api/auth/reset-password": { body: true },
  "POST /api/auth/change-password": { body: true },
  "POST /api/account/delete": { body: true },
  "POST /api/wallet-management": { body: true },
  "DELETE /api/wallet-management": {
    body: true,
    foreign: (ids) => ({ path: "/api/wallet-management", body: { id: ids.walletId } }),
  },
  "GET /api/nft-image": {
    foreign: () => ({ path: `/api/nft-image?chainId=369&contract=${WALLET}&tokenId=1` }),
  },
  "PUT /api/settings": { body: true },
  "PUT /api/notifications/settings": { body: true },
  "POST /api/notifications/read": { body: true },
  // A mail's one-click unsubscribe comes from the mail client, not a page: its proof is the signed link.
  "POST /api/notifications/unsubscribe": { noOrigin: true, body: true },
  "POST /api/debug/alerts": { body: true },
  "POST /api/watchlist": { body: true },
  "DELETE /api/watchlist": { body: true },
  "GET /api/debug/transactions": {
    foreign: () => ({ path: `/api/debug/transactions?address=${WALLET}&chainId=369&token=${WALLET}` }),
  },
  "GET /api/debug/transactions/diagnostic": {
    foreign: () => ({ path: `/api/debug/transactions/diagnostic?address=${WALLET}&chainId=369&token=${WALLET}` }),
  },
  "GET /api/debug/transactions/compare": {
    foreign: () => ({ path: `/api/debug/transactions/compare?address=${WALLET}&chainId=369&token=${WALLET}` }),
  },
  "PUT /api/income-choices": { body: true },
  "POST /api/investments": { body: true },
  "PUT /api/investments/:id": {
    body: true,
    foreign: (ids) => ({ path: `/api/investments/${ids.investmentId}`, body: INVESTMENT }),
  },
  "DELETE /api/investments/:id": { foreign: (ids) => ({ path: `/api/investments/${ids.investmentId}` }) },
  "PUT /api/token-choices": { body: true },
  "POST /api/wallet-report": { body: true },
  "GET /api/wallet-report/:id": { foreign: (ids) => ({ path: `/api/wallet-report/${ids.reportId}` }) },
  "GET /api/wallet-report/:id/events": { foreign: (ids) => ({ path: `/api/wallet-report/${ids.reportId}/events` }) },
  "GET /api/wallet-report/:id/result": { foreign: (ids) => ({ path: `/api/wallet-report/${ids.reportId}/result` }) },
  "DELETE /api/wallet-report/:id": { foreign: (ids) => ({ path: `/api/wallet-report/${ids.reportId}` }) },
  "POST /api/wallet-report-direct": { body: true },
  "PUT /api/tax/declarations": {
    body: true,
    foreign: () => ({ path: "/api/tax/declarations", body: { declarations: [{ ...ARRIVAL, kind: "zero" }] } }),
  },
  "DELETE /api/tax/declarations": {
    body: true,
    foreign: () => ({ path: "/api/tax/declarations", body: { arrivals: [ARRIVAL] } }),
  },
  "POST /api/imports/preview": { body: true },
  "POST /api/imports": {
    body: true,
    foreign: (ids) => ({ path: `/api/imports?accountId=${ids.importId}`, body: KUCOIN_EXPORT }),
  },
  "GET /api/imports/:id/rows": { foreign: (ids) => ({ path: `/api/imports/${ids.importId}/rows` }) },
  "PATCH /api/imports/:id": {
    body: true,
    foreign: (ids) => ({ path: `/api/imports/${ids.importId}`, body: { name: "X" } }),
  },
  "DELETE /api/imports/:id": { foreign: (ids) => ({ path: `/api/imports/${ids.importId}` }) },
};

/** Every route of the app's table, public where the table says so. */
const ROUTES: Record<string, RouteSpec> = Object.fromEntries(
  Object.entries(API_ROUTES).map(([key, level]) => {
    const checks = CHECKS[key as ApiRoute] ?? {};
    return [key, level === "public" ? { ...checks, public: true as const } : checks];
  }),
);

/** Wildcard entries that are middleware (headers, limits, body checks) or the better-auth hand-over expanded below. */
const MIDDLEWARE = new Set([
  "ALL /*",
  "ALL /api/*",
  "ALL /api/billing/webhook/*",
  "ALL /api/market/*",
  "ALL /api/debug/transactions/*",
  "ALL /api/auth/*",
]);
const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const DAY = 86_400_000;
const WALLET = "0x1111111111111111111111111111111111111111";
/** An arrival in the owner's wallet (another user may neither declare it nor take it back). */
const ARRIVAL = { chainId: 369, txHash: `0x${"ab".repeat(32)}`, token: "native", wallet: WALLET };

let t: BillingTestServer;
let explorer: Fake;
let owner: HttpClient;
let other: HttpClient;
let ids: ForeignIds;

function registered(): string[] {
  const keys = new Set<string>();
  for (const r of t.running.app.routes) {
    const key = `${r.method} ${r.path}`;
    if (key === "ALL /api/auth/*") {
      for (const [path, methods] of Object.entries(EXPOSED_AUTH_ENDPOINTS))
        for (const m of methods) keys.add(`${m} ${path}`);
    }
    if (!MIDDLEWARE.has(key) && !isAccessGuard(r.handler)) keys.add(key);
  }
  return [...keys].sort();
}

function concretePath(path: string): string {
  return path.replace(/:id/g, "00000000-0000-4000-8000-000000000000");
}

beforeAll(async () => {
  explorer = await startFake(async (req) => {
    if (req.query.get("action") === "eth_block_number") return { json: { jsonrpc: "2.0", id: 1, result: "0x64" } };
    return { json: { status: "0", message: "No transactions found", result: [] } };
  });
  t = await startBillingServer({
    env: {
      PULSECHAIN_RPC_URL: "http://127.0.0.1:9",
      ETHEREUM_RPC_URL: "http://127.0.0.1:9",
      PULSECHAIN_BLOCKSCOUT_URL: `${explorer.url}/api`,
      ETHEREUM_BLOCKSCOUT_URL: `${explorer.url}/api`,
      DEFILLAMA_URL: "off",
      ECB_URL: "off",
    },
  });
  owner = await confirmedUser(t, "owner@example.de", "OwnerPass1");
  other = await confirmedUser(t, "other@example.de", "OtherPass1");
  const wallet = await owner.post("/api/wallet-management", { address: WALLET, nickname: "Owner's" });
  const report = await owner.post("/api/wallet-report", { walletAddress: WALLET, taxYear: 2024 });
  expect(report.status).toBe(202);
  const investment = await owner.post("/api/investments", INVESTMENT);
  expect(investment.status).toBe(201);
  const csv = { "content-type": "text/csv" };
  const imported = await owner.request("POST", "/api/imports?name=kucoin.csv", KUCOIN_EXPORT, csv);
  expect(imported.status).toBe(200);
  ids = {
    walletId: wallet.json.data.id,
    reportId: report.json.jobId,
    investmentId: investment.json.id,
    importId: imported.json.account.id,
  };
});
afterAll(async () => {
  await t?.close();
  await explorer?.close();
});

describe("the route table", () => {
  it("covers exactly the routes the app registers", () => {
    expect(registered()).toEqual(Object.keys(ROUTES).sort());
  });

  it("lets in without a session exactly the public routes", () => {
    const open = Object.entries(ROUTES).filter(([, spec]) => spec.public);
    expect(open.map(([key]) => key).sort()).toEqual([...PUBLIC].sort());
  });

  const entries = Object.entries(ROUTES);

  it.each(entries.filter(([, spec]) => !spec.public))("%s: no session -> 401", async (key) => {
    const [method, path] = key.split(" ") as [string, string];
    const anon = new HttpClient(t.baseUrl);
    const res = await anon.request(method, concretePath(path), MUTATING.has(method) ? {} : undefined);
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe("UNAUTHENTICATED");
  });

  it.each(entries.filter(([, spec]) => spec.foreign))("%s: another user's id -> 404", async (key, spec) => {
    const method = key.split(" ")[0] as string;
    const { path, body } = (spec.foreign as NonNullable<RouteSpec["foreign"]>)(ids);
    const res = await other.request(method, path, body);
    expect(res.status).toBe(404);
    // The owner still has it.
    expect((await owner.get(`/api/wallet-report/${ids.reportId}`)).status).toBe(200);
    expect((await owner.get("/api/wallet-management")).json.data).toHaveLength(1);
    expect((await owner.get("/api/investments")).json.investments).toEqual([
      expect.objectContaining({ id: ids.investmentId, name: INVESTMENT.name, currentValue: "80.5" }),
    ]);
    expect((await owner.get("/api/imports")).json.accounts).toEqual([
      expect.objectContaining({ id: ids.importId, name: "KuCoin", rowCount: 1 }),
    ]);
  });

  it.each(entries.filter(([key, spec]) => MUTATING.has(key.split(" ")[0] as string) && !spec.noOrigin))(
    "%s: a foreign origin -> 403",
    async (key) => {
      const [method, path] = key.split(" ") as [string, string];
      const res = await other.request(method, concretePath(path), {}, { origin: "http://evil.example" });
      expect(res.status).toBe(403);
      expect(res.json.error.code).toBe("INVALID_ORIGIN");
    },
  );

  it.each(entries.filter(([key]) => MUTATING.has(key.split(" ")[0] as string)))(
    "%s: NUL and malformed bodies -> 4xx",
    async (key, spec) => {
      const [method, path] = key.split(" ") as [string, string];
      const nul = await other.request(method, concretePath(path), { text: "a\u0000b", email: "x@y.de\u0000" });
      expect(nul.status, "NUL").toBeGreaterThanOrEqual(400);
      expect(nul.status, "NUL").toBeLessThan(500);
      if (spec.body) {
        const broken = await other.request(method, concretePath(path), "{not json", {
          "content-type": "application/json",
        });
        expect(broken.status, "malformed").toBeGreaterThanOrEqual(400);
        expect(broken.status, "malformed").toBeLessThan(500);
      }
    },
  );

  it.each(entries.filter(([key]) => key.includes(":id")))("%s: NUL and malformed ids -> 4xx", async (key) => {
    const [method, path] = key.split(" ") as [string, string];
    for (const id of ["%00", "not-a-uuid", "1'%20or%20'1'='1"]) {
      const res = await other.request(method, path.replace(":id", id));
      expect(res.status, id).toBeGreaterThanOrEqual(400);
      expect(res.status, id).toBeLessThan(500);
    }
  });
});

describe("the premium routes", () => {
  const premium = Object.entries(API_ROUTES).filter(([, level]) => level === "premium");

  // Last in the file: the clock moves past every trial here.
  it.each(premium)("%s: a lapsed trial -> 403 PREMIUM_REQUIRED", async (key) => {
    const [method, path] = key.split(" ") as [string, string];
    if ((await other.get("/api/me")).json.access !== "limited") t.clock.advance(3 * DAY + 1000);
    const res = await other.request(method, concretePath(path), MUTATING.has(method) ? {} : undefined);
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe("PREMIUM_REQUIRED");
  });
});
