/**
 * Chain ids beyond the database's integer, negative or written as text ("1e3", "0x171") and names made
 * only of invisible or direction characters get a clear 400, never a 500 or a stored row.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedUser } from "./support/accounts.ts";
import type { HttpClient } from "./support/http-client.ts";
import { OFFLINE } from "./support/offline.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

const TOKEN = "0x95b303987a60c71504d99aa1b13b4da07b0790ab";
const INVESTMENT = {
  name: "PLSX bag",
  symbol: "PLSX",
  quantity: "1",
  purchaseDate: "2024-02-29",
  purchasePriceUsd: "1500.10",
  currentValueUsd: "2999.99",
  tokenAddress: TOKEN,
};
const BAD_CHAIN_IDS: unknown[] = [2_147_483_648, 1e12, -1, 0, 1.5, "1e3", "0x171", "369"];
const INVISIBLE_NAMES = ["\u200b", "\u200e\u200f", "\u202a\u202e", "\u2060\u2066\u2069", "\ufeff \u200d", "\u3164"];

let t: TestServer;
let me: HttpClient;
beforeAll(async () => {
  t = await startTestServer({ env: OFFLINE });
  me = await confirmedUser(t, "bad-input@example.de", "BadInput1");
});
afterAll(async () => {
  await t?.close();
});

async function expect400(method: string, path: string, body: unknown, field: string) {
  const res = await me.request(method, path, body);
  expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
  expect(res.json.error.code).toBe("VALIDATION_ERROR");
  expect(typeof res.json.error.fields[field], JSON.stringify(res.json.error)).toBe("string");
}

describe("chain ids out of range or written as text", () => {
  it.each(BAD_CHAIN_IDS.map((id) => [JSON.stringify(id), id]))("%s", async (_name, chainId) => {
    await expect400("POST", "/api/investments", { ...INVESTMENT, chainId }, "chainId");
    await expect400("PUT", "/api/income-choices", { chainId, address: TOKEN, income: true }, "chainId");
    await expect400("PUT", "/api/token-choices", { chainId, address: TOKEN, include: true }, "chainId");
    await expect400("POST", "/api/watchlist", { chainId, address: TOKEN }, "chainId");
  });

  it("query strings and paths take decimal digits only", async () => {
    for (const id of ["2147483648", "1e3", "0x171", "-1"]) {
      const nft = await me.get(`/api/nft-image?chainId=${id}&contract=${TOKEN}&tokenId=1`);
      expect(nft.status, id).toBe(400);
      expect((await me.get(`/api/market/pairs?chainId=${id}`)).status, id).toBe(400);
      expect((await me.get(`/api/market/movers?chainId=${id}`)).status, id).toBe(400);
      const page = await me.get(`/api/market/tokens/${id}/${TOKEN}`);
      expect(page.status, id).toBe(400);
      expect(page.json.error.code).toBe("INVALID_ADDRESS");
    }
  });

  it("nothing was stored, and the largest valid chain id is still taken", async () => {
    expect((await me.get("/api/investments")).json.investments).toEqual([]);
    expect((await me.get("/api/watchlist")).json.tokens).toEqual([]);
    const edge = await me.request("PUT", "/api/token-choices", {
      chainId: 2_147_483_647,
      address: TOKEN,
      include: true,
    });
    expect(edge.status).toBe(200);
  });
});

describe("names made only of invisible characters", () => {
  it.each(INVISIBLE_NAMES.map((name) => [JSON.stringify(name), name]))("%s", async (_label, name) => {
    const investment = await me.post("/api/investments", { ...INVESTMENT, name });
    expect(investment.status).toBe(400);
    expect(investment.json.error.fields.name).toBe("investments.errors.nameInvisible");
    const wallet = await me.post("/api/wallet-management", {
      address: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
      nickname: name,
    });
    expect(wallet.status).toBe(400);
    expect(wallet.json.error.fields.nickname).toBe("wallet.nicknameInvisible");
  });

  it("a name with a visible character among invisible ones is kept", async () => {
    const res = await me.post("/api/investments", { ...INVESTMENT, name: "\u200bPLSX\u200e" });
    expect(res.status).toBe(201);
  });
});
