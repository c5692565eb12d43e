/**
 * Importing exchange exports (docs/product/imports.md): the preview says what a file holds and stores
 * nothing; the import stores it as an account of its own; the same file again adds nothing, an
 * overlapping later export only its new rows; a file that is no export is refused with its reason in
 * the user's language and nothing of it is stored; accounts are renamed and deleted with their rows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedUser } from "./support/accounts.ts";
import type { HttpClient } from "./support/http-client.ts";
import { OFFLINE } from "./support/offline.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: OFFLINE });
});
afterAll(async () => {
  await t?.close();
});

const HEADER = "tradeCreatedAt,symbol,side,price,size,funds,fee,feeCurrency";
const APRIL = `${HEADER}\n2022-04-28 12:36:00,XRP-USDT,buy,0.65,100,65,0.065,USDT\n2022-04-28 15:46:07,XTZ-USDT,sell,2.8,10,28,0.028,USDT\n`;
/** A later export: the two April fills again and one of May. */
const APRIL_AND_MAY = `${APRIL}2022-05-02 09:00:00,XRP-USDT,buy,0.6,50,30,0.03,USDT\n`;
const CSV = { "content-type": "text/csv" };

const upload = (me: HttpClient, path: string, body: string | Uint8Array, headers: Record<string, string> = CSV) =>
  me.request("POST", path, typeof body === "string" ? body : Buffer.from(body).toString("latin1"), headers);

async function storedRows(userId: string): Promise<number> {
  const { rows } = await t.running.database.pool.query(
    "select count(*)::int as n from exchange_rows r join exchange_accounts a on a.id = r.account_id where a.user_id = $1",
    [userId],
  );
  return rows[0].n as number;
}

describe("an exchange export", () => {
  it("is previewed without storing anything, then imported as an account of its own", async () => {
    const me = await confirmedUser(t, "import.first@example.de", "ImportFirst1");
    const userId = (await me.get("/api/me")).json.user.id as string;
    const preview = await upload(me, "/api/imports/preview?name=kucoin-april.csv", APRIL);
    expect(preview.status).toBe(200);
    expect(preview.json).toMatchObject({
      fileName: "kucoin-april.csv",
      format: "kucoin",
      account: "KuCoin",
      accountId: null,
      rows: { trades: 2, deposits: 0, withdrawals: 0, rewards: 0, other: 0 },
      assets: ["USDT", "XRP", "XTZ"],
      from: "2022-04-28T12:36:00",
      to: "2022-04-28T15:46:07",
      warnings: [],
      newRows: 2,
      alreadyImported: false,
    });
    expect(await storedRows(userId)).toBe(0);
    expect((await me.get("/api/imports")).json.accounts).toEqual([]);

    const imported = await upload(me, "/api/imports?name=kucoin-april.csv", APRIL);
    expect(imported.status).toBe(200);
    expect(imported.json).toMatchObject({
      added: 2,
      alreadyThere: 0,
      account: { name: "KuCoin", format: "kucoin", rowCount: 2 },
    });
    expect(imported.json.account.files).toEqual([
      expect.objectContaining({ fileName: "kucoin-april.csv", rowsAdded: 2 }),
    ]);
    const rows = await me.get(`/api/imports/${imported.json.account.id}/rows`);
    expect(
      rows.json.rows.map((r: { operation: string; in?: { asset: string; amount: string } }) => [r.operation, r.in]),
    ).toEqual([
      ["buy", { asset: "XRP", amount: "100" }],
      ["sell", { asset: "USDT", amount: "28" }],
    ]);
  });

  it("adds nothing the second time, and only the new rows of an overlapping later export", async () => {
    const me = await confirmedUser(t, "import.again@example.de", "ImportAgain1");
    const first = await upload(me, "/api/imports?name=april.csv", APRIL);
    const again = await upload(me, "/api/imports?name=april-again.csv", APRIL);
    expect(again.json).toMatchObject({ added: 0, alreadyThere: 2 });
    const preview = await upload(me, "/api/imports/preview?name=may.csv", APRIL_AND_MAY);
    expect(preview.json).toMatchObject({ accountId: first.json.account.id, newRows: 1, alreadyImported: false });
    const later = await upload(me, "/api/imports?name=may.csv", APRIL_AND_MAY);
    expect(later.json).toMatchObject({
      added: 1,
      alreadyThere: 2,
      account: { id: first.json.account.id, rowCount: 3 },
    });
    expect((await me.get("/api/imports")).json.accounts).toHaveLength(1);
  });

  it("is refused whole when it is no export we read, with the reason in the user's language; nothing is stored", async () => {
    const me = await confirmedUser(t, "import.refused@example.de", "ImportRefused1");
    const userId = (await me.get("/api/me")).json.user.id as string;
    const unknown = await upload(
      me,
      "/api/imports?name=bank.csv",
      "Datum;Betrag;Verwendungszweck\n01.01.2025;12,50;Miete\n",
    );
    expect(unknown.status).toBe(422);
    expect(unknown.json.error).toMatchObject({
      code: "IMPORT_FILE_REFUSED",
      problem: "unknown-format",
      detail: "Datum;Betrag;Verwendungszweck",
    });
    expect(unknown.json.error.message).toMatch(/Dieses Format kennen wir nicht/);
    const binary = await upload(me, "/api/imports?name=export.xlsx", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]));
    expect(binary.json.error.problem).toBe("not-text");
    const empty = await upload(me, "/api/imports?name=empty.csv", "", {
      "content-type": "text/csv",
      "content-length": "0",
    });
    expect(empty.status).toBeGreaterThanOrEqual(400);
    expect(empty.status).toBeLessThan(500);
    const huge = await upload(me, "/api/imports?name=huge.csv", `${HEADER}\n${"x".repeat(11 * 1024 * 1024)}`);
    expect(huge.status).toBe(413);
    expect(await storedRows(userId)).toBe(0);
    expect((await me.get("/api/imports")).json.accounts).toEqual([]);
  });

  it("is refused as text/plain (a type another site's form may send)", async () => {
    const me = await confirmedUser(t, "import.plain@example.de", "ImportPlain1");
    const res = await upload(me, "/api/imports?name=a.csv", APRIL, { "content-type": "text/plain" });
    expect(res.status).toBe(415);
  });
});

describe("an imported account", () => {
  it("is renamed and deleted with its rows, by its owner only", async () => {
    const me = await confirmedUser(t, "import.owner@example.de", "ImportOwner1");
    const other = await confirmedUser(t, "import.other@example.de", "ImportOther1");
    const userId = (await me.get("/api/me")).json.user.id as string;
    const { account } = (await upload(me, "/api/imports?name=april.csv", APRIL)).json;
    expect((await other.request("PATCH", `/api/imports/${account.id}`, { name: "Mine" })).status).toBe(404);
    const renamed = await me.request("PATCH", `/api/imports/${account.id}`, { name: "KuCoin Hauptkonto" });
    expect(renamed.json).toMatchObject({ id: account.id, name: "KuCoin Hauptkonto" });
    expect((await me.request("PATCH", `/api/imports/${account.id}`, { name: " " })).status).toBe(400);
    expect((await other.request("DELETE", `/api/imports/${account.id}`)).status).toBe(404);
    expect((await me.request("DELETE", `/api/imports/${account.id}`)).json).toEqual({ deleted: account.id });
    expect(await storedRows(userId)).toBe(0);
    expect((await me.get("/api/imports")).json.accounts).toEqual([]);
  });
});

describe("an imported account's name", () => {
  it("is unique among the user's accounts and no wallet address: it is the account's wallet in the report", async () => {
    const me = await confirmedUser(t, "import.names@example.de", "ImportNames1");
    const kucoin = (await upload(me, "/api/imports?name=april.csv", APRIL)).json.account;
    const address = await me.request("PATCH", `/api/imports/${kucoin.id}`, {
      name: "0x00000000000000000000000000000000000000b9",
    });
    expect(address.status).toBe(400);
    expect(address.json.error.message).toBe("Eine Wallet-Adresse kann nicht der Name eines Börsen-Kontos sein.");
    expect((await me.request("PATCH", `/api/imports/${kucoin.id}`, { name: "Bitstamp" })).status).toBe(200);
    // A Bitstamp export now makes a new account that cannot be called "Bitstamp".
    const bitstamp =
      'Type,Datetime,Account,Amount,Value,Rate,Fee,Sub Type\nDeposit,"Jan. 9, 2024, 10:00 AM",Main Account,50.00 EUR,,,,\n';
    const second = await upload(me, "/api/imports?name=bitstamp.csv", bitstamp);
    expect(second.json.account.name).toBe("Bitstamp 2");
    const taken = await me.request("PATCH", `/api/imports/${second.json.account.id}`, { name: "bitstamp" });
    expect(taken.status).toBe(409);
    expect(taken.json.error).toMatchObject({
      code: "IMPORT_ACCOUNT_NAME_TAKEN",
      fields: { name: expect.stringContaining("schon ein Konto") },
    });
  });
});

describe("an imported account's holdings", () => {
  it("are what its rows leave: a coin of a chain with its chain token, fiat apart; a coin below zero is named, not held", async () => {
    const me = await confirmedUser(t, "import.holdings@example.de", "ImportHoldings1");
    const bitstamp = [
      "Type,Datetime,Account,Amount,Value,Rate,Fee,Sub Type",
      'Deposit,"Jan. 9, 2024, 10:00 AM",Main Account,5000.00 EUR,,,,',
      'Market,"Jan. 10, 2024, 11:00 AM",Main Account,1.50000000 ETH,3000.00 EUR,2000.00 EUR,2.00 EUR,Buy',
      'Withdrawal,"Jan. 11, 2024, 11:00 AM",Main Account,0.5 BTC,,,,',
    ].join("\n");
    expect((await upload(me, "/api/imports?name=bitstamp.csv", bitstamp)).status).toBe(200);
    const res = await me.get("/api/imports/holdings");
    expect(res.status).toBe(200);
    expect(res.json.accounts).toEqual([
      expect.objectContaining({
        name: "Bitstamp",
        holdings: [
          // Offline: no price of ETH now, so no value (never a made-up 0).
          { ticker: "ETH", amount: "1.5", asset: "1:native", valueUsd: null, isFiat: false },
          { ticker: "EUR", amount: "1998", asset: null, valueUsd: null, isFiat: true },
        ],
        short: ["BTC"],
        totalUsd: null,
      }),
    ]);
  });
});
