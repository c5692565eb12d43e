/**
 * The user's declarations and the year's open points over the API: GET /api/tax/unknowns lists what
 * the year's disposals used of lots of unknown acquisition (from the newest all-wallets report),
 * PUT / DELETE /api/tax/declarations store and take back the user's word on them, refusing bad input
 * with the reason in the user's language and another user's or an unknown transaction with 404.
 * Reports run as jobs on stored transfers (seeded here, on PulseChain after the fork); explorer and
 * node are local fakes with nothing new, prices come from a stablecoin and stored euro rates.
 */
import { taxUnknownsResponseSchema } from "@pulsemanager/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../src/db/client.ts";
import { transfers } from "../src/db/schema.ts";
import type { Fake } from "./providers/fake-http.ts";
import { confirmedUser } from "./support/accounts.ts";
import type { HttpClient } from "./support/http-client.ts";
import {
  quietExplorerEnv,
  runReport,
  startQuietExplorer,
  storeEurRates,
  transferRows,
  txHash,
} from "./support/stored-history.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

const ANNA = "0x00000000000000000000000000000000000a0001";
const BEN = "0x00000000000000000000000000000000000b0001";
const OUTSIDE = "0x00000000000000000000000000000000000c0001";
const POOL = "0x00000000000000000000000000000000000c0002";
/** A token nobody knows (its cost is what the user declares). */
const TOKEN = "0x00000000000000000000000000000000000d0001";
const GIFT = "0x00000000000000000000000000000000000d0002";
/** PulseChain's bridged USDC: a real stablecoin, 1 USD (6 decimals). */
const USDC = "0x15d38573d2feeb82e7ad5187ab8c1d52810b1f07";
const E18 = 10n ** 18n;

let explorer: Fake;
let t: TestServer;
let anna: HttpClient;
let ben: HttpClient;

const hash = txHash;
// PulseChain blocks after the fork (block 17,233,000): the records are the user's own.
const transfer = transferRows(17_300_000);

/** A sale of `amount` TOKEN for `usdc` USDC in one transaction (two legs). */
function sale(tx: number, day: string, amount: bigint, usdc: bigint) {
  return [
    transfer(tx, day, ANNA, POOL, TOKEN, amount * E18, 0),
    transfer(tx, day, POOL, ANNA, USDC, usdc * 10n ** 6n, 1),
  ];
}

// Anna's history: 100 TOKEN in (tx 1) sold in 2023 (tx 2); 1000 TOKEN in (tx 3), 400 of them sold in
// 2024 (tx 4); a gift of GIFT (tx 5) never sold. Ben has a transfer of his own (tx 9).
const ROWS = [
  transfer(1, "2023-06-01", OUTSIDE, ANNA, TOKEN, 100n * E18),
  ...sale(2, "2023-08-01", 100n, 55n),
  transfer(3, "2023-09-01", OUTSIDE, ANNA, TOKEN, 1000n * E18),
  ...sale(4, "2024-03-01", 400n, 220n),
  transfer(5, "2024-05-01", OUTSIDE, ANNA, GIFT, 50n * E18),
  transfer(9, "2024-02-01", OUTSIDE, BEN, TOKEN, 7n * E18),
];
const arrival = (tx: number, token = TOKEN, wallet = ANNA) => ({ chainId: 369, txHash: hash(tx), token, wallet });

beforeAll(async () => {
  explorer = await startQuietExplorer();
  t = await startTestServer({ env: quietExplorerEnv(explorer) });
  const db = createDb(t.running.database.pool);
  await db.insert(transfers).values(ROWS);
  // 1.10 USD per EUR on every day of the story.
  await storeEurRates(db, "2023-05-01", "2024-12-31");

  anna = await confirmedUser(t, "anna.decl@example.de", "AnnaPass1");
  ben = await confirmedUser(t, "ben.decl@example.de", "BenPass12", "en");
  expect((await anna.post("/api/wallet-management", { address: ANNA, nickname: "Anna" })).status).toBe(200);
  expect((await ben.post("/api/wallet-management", { address: BEN, nickname: "Ben" })).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await explorer?.close();
});

/** Runs an all-wallets report of the year to the end; its id and result. */
const report = (client: HttpClient, year: number) => runReport(client, { scope: "all", taxYear: year });

async function unknowns(client: HttpClient, year: number) {
  const res = await client.get(`/api/tax/unknowns?year=${year}`);
  expect(res.status).toBe(200);
  return taxUnknownsResponseSchema.parse(res.json);
}

const put = (client: HttpClient, declarations: unknown[]) =>
  client.request("PUT", "/api/tax/declarations", { declarations });

describe("the open points of a year", () => {
  it("are the disposals of that year only: each arrival once, with what was sold of it", async () => {
    expect(await unknowns(anna, 2024)).toEqual({
      year: 2024,
      report: null,
      groups: [],
      declarations: [],
      complete: false,
    });

    const made = await report(anna, 2024);
    expect(made.result.meta.incompleteChains).toEqual([]);
    expect(made.result.meta.declarationsVersion).toBe("");
    expect(made.result.meta.forkCost).toBe("zero");
    const list = await unknowns(anna, 2024);
    expect(list.report).toEqual({ id: made.id, generatedAt: made.result.meta.generatedAt, stale: false });
    // The 2024 sale used the September arrival; the June one was sold in 2023, the gift never.
    expect(list.groups).toEqual([
      expect.objectContaining({
        chainId: 369,
        token: TOKEN,
        arrivalKind: "from-outside",
        arrivals: [
          expect.objectContaining({
            txHash: hash(3),
            wallet: ANNA,
            arrivedOn: "2023-09-01",
            amount: "1000",
            disposedAmount: "400",
            eurAtStake: "200.00",
          }),
        ],
        eurAtStake: "200.00",
      }),
    ]);
    expect(list.complete).toBe(false);
    expect(made.result.unknowns).toEqual(list.groups);

    await report(anna, 2023);
    const before = await unknowns(anna, 2023);
    expect(before.groups.flatMap((g) => g.arrivals.map((a) => a.txHash))).toEqual([hash(1)]);
    // Ben sees none of it.
    expect(await unknowns(ben, 2024)).toMatchObject({ report: null, groups: [], declarations: [] });
  }, 120_000);

  it("refuses a year that is not one", async () => {
    const res = await anna.get("/api/tax/unknowns?year=1999");
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("INVALID_TAX_YEAR");
  });
});

describe("declarations", () => {
  const tomorrow = () => new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
  const bad = () =>
    [
      [{ ...arrival(3), kind: "cost", eur: "-5", acquiredOn: "2023-09-01" }, "declarations.0.eur", "eur"],
      [{ ...arrival(3), kind: "cost", eur: "zwölf", acquiredOn: "2023-09-01" }, "declarations.0.eur", "eur"],
      [{ ...arrival(3), kind: "cost", eur: "12.345", acquiredOn: "2023-09-01" }, "declarations.0.eur", "eur"],
      [{ ...arrival(3), kind: "cost", eur: "12", acquiredOn: tomorrow() }, "declarations.0.acquiredOn", "dateInFuture"],
      [
        { ...arrival(3), kind: "cost", eur: "12", acquiredOn: "2008-12-31" },
        "declarations.0.acquiredOn",
        "dateTooEarly",
      ],
      [{ ...arrival(3), kind: "cost", eur: "12", acquiredOn: "2023-02-30" }, "declarations.0.acquiredOn", "date"],
      [{ ...arrival(3), txHash: "0x1234", kind: "zero" }, "declarations.0.txHash", "transaction"],
      [{ ...arrival(3), kind: "guess" }, "declarations.0.kind", "kind"],
      [{ ...arrival(3), chainId: -1, kind: "zero" }, "declarations.0.chainId", "chain"],
      [{ ...arrival(3), token: "PLS", kind: "zero" }, "declarations.0.token", "token"],
    ] as const;
  const GERMAN: Record<string, string> = {
    eur: "Bitte gib einen Betrag in Euro ein, z. B. 120,50 (nicht negativ, höchstens 2 Nachkommastellen).",
    dateInFuture: "Das Datum darf nicht in der Zukunft liegen.",
    dateTooEarly: "Das Datum darf nicht vor 2009 liegen.",
    date: "Bitte gib ein gültiges Datum ein.",
    transaction: "Unbekannte Transaktion.",
    kind: "Bitte wähle eine Antwort.",
    chain: "Unbekannte Blockchain.",
    token: "Unbekannter Token.",
  };
  const ENGLISH: Record<string, string> = {
    eur: "Please enter an amount in euros, e.g. 120.50 (not negative, at most 2 decimals).",
    dateInFuture: "The date must not be in the future.",
    dateTooEarly: "The date must not be before 2009.",
    date: "Please enter a valid date.",
    transaction: "Unknown transaction.",
    kind: "Please choose an answer.",
    chain: "Unknown blockchain.",
    token: "Unknown token.",
  };

  it("refuses a bad amount, date, transaction or kind, naming the field, in German", async () => {
    for (const [declaration, field, reason] of bad()) {
      const res = await put(anna, [declaration]);
      expect(res.status, JSON.stringify(declaration)).toBe(400);
      expect(res.json.error).toEqual({
        code: "VALIDATION_ERROR",
        message: GERMAN[reason],
        fields: { [field]: `declarations.errors.${reason}` },
      });
    }
    const empty = await put(anna, []);
    expect(empty.status).toBe(400);
    expect(empty.json.error).toEqual({
      code: "VALIDATION_ERROR",
      message: "Diese Angabe ist ungültig. Bitte prüfe sie.",
      fields: { declarations: "declarations.errors.invalid" },
    });
    expect((await unknowns(anna, 2024)).declarations).toEqual([]);
    const takeBack = await anna.request("DELETE", "/api/tax/declarations", {
      arrivals: [{ ...arrival(3), txHash: "0x12" }],
    });
    expect(takeBack.status).toBe(400);
    expect(takeBack.json.error).toEqual({
      code: "VALIDATION_ERROR",
      message: GERMAN.transaction,
      fields: { "arrivals.0.txHash": "declarations.errors.transaction" },
    });
  });

  it("and in English for a user of the English app", async () => {
    for (const [declaration, field, reason] of bad()) {
      const res = await put(ben, [
        { ...declaration, wallet: BEN, txHash: declaration.txHash === hash(3) ? hash(9) : declaration.txHash },
      ]);
      expect(res.status, JSON.stringify(declaration)).toBe(400);
      expect(res.json.error.message).toBe(ENGLISH[reason]);
      expect(res.json.error.fields[field]).toBe(`declarations.errors.${reason}`);
    }
    const takeBack = await ben.request("DELETE", "/api/tax/declarations", {
      arrivals: [{ ...arrival(9, "PLS", BEN) }],
    });
    expect(takeBack.status).toBe(400);
    expect(takeBack.json.error.message).toBe("Unknown token.");
    expect(takeBack.json.error.fields).toEqual({ "arrivals.0.token": "declarations.errors.token" });
  });

  it("answers 404 alike for someone else's transaction and for one that is not in the history", async () => {
    const attempts = [
      // Ben's own transfer, declared by Anna (as Ben's wallet, and as if it were hers).
      { ...arrival(9, TOKEN, BEN), kind: "zero" },
      { ...arrival(9, TOKEN, ANNA), kind: "zero" },
      // A transaction nobody has, and Anna's transaction with a token it did not move.
      { ...arrival(77), kind: "zero" },
      { ...arrival(3, GIFT), kind: "zero" },
      { ...arrival(3), chainId: 1, kind: "zero" },
    ];
    for (const declaration of attempts) {
      const res = await put(anna, [{ ...arrival(5, GIFT), kind: "zero" }, declaration]);
      expect(res.status, JSON.stringify(declaration)).toBe(404);
      expect(res.json.error).toEqual({
        code: "NOT_FOUND",
        message: "Diese Transaktion ist in der Historie deiner Wallets nicht zu finden.",
      });
    }
    const english = await put(ben, [{ ...arrival(3), kind: "zero" }]);
    expect(english.status).toBe(404);
    expect(english.json.error.message).toBe("This transaction is not in the history of your wallets.");
    // Nothing of a refused request was stored.
    const empty = await put(anna, []);
    expect(empty.status).toBe(400);
    expect(empty.json.error).toEqual({
      code: "VALIDATION_ERROR",
      message: "Diese Angabe ist ungültig. Bitte prüfe sie.",
      fields: { declarations: "declarations.errors.invalid" },
    });
    expect((await unknowns(anna, 2024)).declarations).toEqual([]);
    const takeBack = await ben.request("DELETE", "/api/tax/declarations", { arrivals: [arrival(3)] });
    expect(takeBack.status).toBe(404);
  });

  it("stores two answers sent at the same time, both; a report made before them says it is stale", async () => {
    const made = await report(anna, 2024);
    const [cost, gift] = await Promise.all([
      put(anna, [{ ...arrival(3), kind: "cost", eur: "150.5", acquiredOn: "2023-08-30" }]),
      put(anna, [{ ...arrival(5, GIFT), kind: "zero" }]),
    ]);
    expect([cost.status, gift.status]).toEqual([200, 200]);
    // The same arrival answered twice at once: one answer stands, neither request fails.
    const [first, second] = await Promise.all([
      put(anna, [{ ...arrival(1), kind: "income" }]),
      put(anna, [{ ...arrival(1), kind: "zero" }]),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);

    const list = await unknowns(anna, 2024);
    expect(list.declarations.map((d) => [d.txHash, d.kind])).toEqual([
      [hash(1), expect.stringMatching(/^(income|zero)$/)],
      [hash(3), "cost"],
      [hash(5), "zero"],
    ]);
    expect(list.declarations[1]).toMatchObject({
      eur: "150.50",
      acquiredOn: "2023-08-30",
      declaredAt: expect.any(String),
    });
    // The declared arrival is off the list at once; the report says it was made before.
    expect(list.groups).toEqual([]);
    expect(list.report).toMatchObject({ id: made.id, stale: true });
    expect((await anna.get(`/api/wallet-report/${made.id}`)).json.stale).toBe(true);
    expect(list.complete).toBe(true);

    // Made again, the report applies them: the sale's cost is the declared one.
    const again = await report(anna, 2024);
    expect(again.result.unknowns).toEqual([]);
    expect(again.result.meta.declarations?.map((d) => d.txHash)).toEqual([hash(1), hash(3), hash(5)]);
    expect(again.result.meta.declarationsVersion).not.toBe("");
    const sold = again.result.transactions.find((r) => r.hash === hash(4));
    expect(sold?.lots[0]).toMatchObject({ acquired: "2023-08-30", cost: "60.2" });
    expect((await unknowns(anna, 2024)).report).toMatchObject({ id: again.id, stale: false });
    expect((await anna.get(`/api/wallet-report/${again.id}`)).json.stale).toBe(false);
  }, 120_000);

  it("can be taken back, which makes the report stale; deleting reports leaves them", async () => {
    const res = await anna.request("DELETE", "/api/tax/declarations", { arrivals: [arrival(5, GIFT)] });
    expect(res.status).toBe(200);
    expect(res.json.declarations.map((d: { txHash: string }) => d.txHash)).toEqual([hash(1), hash(3)]);
    const list = await unknowns(anna, 2024);
    expect(list.report?.stale).toBe(true);

    for (const job of (await anna.get("/api/wallet-report")).json.jobs)
      expect((await anna.request("DELETE", `/api/wallet-report/${job.id}`)).status).toBe(204);
    const after = await unknowns(anna, 2024);
    expect(after.report).toBeNull();
    expect(after.declarations.map((d) => d.txHash)).toEqual([hash(1), hash(3)]);
    // In the personal data export too.
    const exported = (await anna.get("/api/account/export")).json.taxDeclarations;
    expect(exported.map((d: { txHash: string }) => d.txHash)).toEqual([hash(1), hash(3)]);
  });

  it("a report made with another fork cost method is stale too; made again, it names the method", async () => {
    const made = await report(anna, 2024);
    expect((await unknowns(anna, 2024)).report).toMatchObject({ id: made.id, stale: false });
    expect((await anna.request("PUT", "/api/settings", { forkCost: "split" })).status).toBe(200);
    expect((await unknowns(anna, 2024)).report).toMatchObject({ id: made.id, stale: true });
    const again = await report(anna, 2024);
    expect(again.result.meta.forkCost).toBe("split");
    expect((await unknowns(anna, 2024)).report).toMatchObject({ id: again.id, stale: false });
  }, 60_000);
});
