import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedUser } from "./support/accounts.ts";
import { type BillingTestServer, startBillingServer } from "./support/billing.ts";
import { HttpClient } from "./support/http-client.ts";
import { OFFLINE } from "./support/offline.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

const A = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const B = "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: OFFLINE });
});
afterAll(async () => {
  await t?.close();
});

describe("wallet management API", () => {
  it("needs a login", async () => {
    const anon = new HttpClient(t.baseUrl);
    expect((await anon.get("/api/wallet-management")).status).toBe(401);
    expect((await anon.post("/api/wallet-management", { address: A, nickname: "x" })).status).toBe(401);
    expect((await anon.request("DELETE", "/api/wallet-management", { id: "x" })).status).toBe(401);
  });

  it("adds a wallet (checksummed input stored lower-case), answers a duplicate with updated_existing, lists and removes", async () => {
    const me = await confirmedUser(t, "wally@example.de", "WallyPass1");
    const add = await me.post("/api/wallet-management", {
      address: A,
      nickname: "  Hauptwallet ",
      blockchain: "pulsechain",
    });
    expect(add.status).toBe(200);
    expect(add.json).toMatchObject({
      status: "created",
      error: null,
      data: { address: A.toLowerCase(), chain_id: 369, nickname: "Hauptwallet", is_active: true },
    });

    const again = await me.post("/api/wallet-management", { address: A.toLowerCase(), nickname: "Neu benannt" });
    expect(again.json.status).toBe("updated_existing");
    // The answer's words are in the request's language (the app sends its language with every call).
    expect(again.json.message).toBe("Die Wallet war schon gespeichert und wurde aktualisiert");
    expect(again.json.data.id).toBe(add.json.data.id);

    const eth = await me.post("/api/wallet-management", { address: A, nickname: "ETH", blockchain: "ethereum" });
    expect(eth.json).toMatchObject({ status: "created", data: { chain_id: 1 } });

    const list = await me.get("/api/wallet-management?user_id=someone-else");
    expect(list.status).toBe(200);
    expect(list.json.data.map((w: { nickname: string }) => w.nickname).sort()).toEqual(["ETH", "Neu benannt"]);

    const del = await me.request("DELETE", "/api/wallet-management", { id: eth.json.data.id });
    expect(del.json).toEqual({ error: null });
    expect((await me.get("/api/wallet-management")).json.data).toHaveLength(1);
    // Removed means inactive: adding it again re-activates the same row.
    const back = await me.post("/api/wallet-management", { address: A, nickname: "ETH", blockchain: "ethereum" });
    expect(back.json).toMatchObject({ status: "updated_existing", data: { id: eth.json.data.id, is_active: true } });
  });

  it.each([
    [{ address: "0x123", nickname: "x" }, "INVALID_ADDRESS"],
    [{ address: `${A}00`, nickname: "x" }, "INVALID_ADDRESS"],
    [{ address: "0xZZ97970C51812dc3A010C7d01b50e0d17dc79C8", nickname: "x" }, "INVALID_ADDRESS"],
    // A's checksum with one letter's case changed (C to c): a mistyped address, not someone else's wallet.
    [{ address: "0x70997970c51812dc3A010C7d01b50e0d17dc79C8", nickname: "x" }, "ADDRESS_CHECKSUM_MISMATCH"],
    [{ address: A, nickname: "   " }, "NICKNAME_REQUIRED"],
    [{ address: A }, "NICKNAME_REQUIRED"],
    [{ address: A, nickname: "x", blockchain: "solana" }, "VALIDATION_ERROR"],
  ])("refuses %j with %s", async (body, code) => {
    const me = await confirmedUser(
      t,
      `bad-${code.toLowerCase()}-${Math.random().toString(36).slice(2, 7)}@example.de`,
      "BadInput1",
    );
    const res = await me.post("/api/wallet-management", body);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe(code);
  });

  it("answers in one language per request: the app's language decides every message", async () => {
    const en = await confirmedUser(t, "lang.en@example.de", "LangPass12", "en");
    const added = await en.post("/api/wallet-management", { address: A, nickname: "Main" });
    expect(added.json.message).toBe("Wallet added");
    const bad = await en.post("/api/wallet-management", { address: "0x123", nickname: "x" });
    expect(bad.json.error.message).toBe("Please enter a valid wallet address (0x...)");
    const de = await confirmedUser(t, "lang.de@example.de", "LangPass12", "de");
    expect((await de.post("/api/wallet-management", { address: A, nickname: "Haupt" })).json.message).toBe(
      "Wallet hinzugefügt",
    );
    const schlecht = await de.post("/api/wallet-management", { address: A, nickname: "   " });
    expect(schlecht.json.error.message).toBe("Bitte gib einen Namen für die Wallet ein");
  });

  it("a browser wallet without a nickname is named after its chain", async () => {
    const me = await confirmedUser(t, "browser@example.de", "Browser11");
    const res = await me.post("/api/wallet-management", {
      address: B,
      blockchain: "pulsechain",
      wallet_type: "MetaMask",
    });
    expect(res.json.data).toMatchObject({ nickname: "PulseChain Mainnet Wallet", wallet_type: "MetaMask" });
    expect(res.json.data.last_connected).not.toBeNull();
  });

  it("another user's wallet id answers 404 and stays untouched", async () => {
    const owner = await confirmedUser(t, "owner@example.de", "OwnerPass1");
    const thief = await confirmedUser(t, "thief@example.de", "ThiefPass1");
    const w = await owner.post("/api/wallet-management", { address: B, nickname: "Mine" });
    const res = await thief.request("DELETE", "/api/wallet-management", { id: w.json.data.id });
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe("NOT_FOUND");
    expect((await owner.get("/api/wallet-management")).json.data).toHaveLength(1);
    expect((await thief.get("/api/wallet-management")).json.data).toEqual([]);
    // The owner's data export holds the wallet; the other user's does not.
    expect((await owner.get("/api/account/export")).json.wallets).toHaveLength(1);
    expect((await thief.get("/api/account/export")).json.wallets).toEqual([]);
  });
});

describe("Basic plan", () => {
  let billing: BillingTestServer;
  beforeAll(async () => {
    billing = await startBillingServer({ env: OFFLINE });
  });
  afterAll(async () => {
    await billing?.close();
  });

  it("keeps one wallet; a second needs Premium once the trial has ended", async () => {
    const me = await confirmedUser(billing, "basic@example.de", "BasicPass1");
    // During the trial: two wallets are fine.
    expect((await me.post("/api/wallet-management", { address: A, nickname: "one" })).status).toBe(200);
    billing.clock.advance(4 * 86_400_000);
    const second = await me.post("/api/wallet-management", { address: B, nickname: "two" });
    expect(second.status).toBe(403);
    expect(second.json.error.code).toBe("PREMIUM_REQUIRED");
    // Renaming the one wallet stays possible.
    expect((await me.post("/api/wallet-management", { address: A, nickname: "renamed" })).json.status).toBe(
      "updated_existing",
    );
  });
});
