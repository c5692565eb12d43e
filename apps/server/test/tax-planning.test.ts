/**
 * The tax planning over the API: GET /api/tax/open-lots lists the open lots of the stored history with
 * their tax-free dates and the year's room, POST /api/tax/what-if says what a sale would mean, and a
 * wallet report of the year with that sale added as a manual entry gives the same figures. Bad input
 * is refused with the field and a sentence in the user's language. Stored transfers on PulseChain
 * after the fork; explorer and node are local fakes with nothing new; prices come from a stablecoin
 * and stored euro rates.
 */
import { dayOfIso, holdingPeriodEnd, isoDate, openLotsResponseSchema, whatIfResponseSchema } from "@pulsemanager/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../src/db/client.ts";
import { transfers } from "../src/db/schema.ts";
import type { Fake } from "./providers/fake-http.ts";
import { confirmedUser } from "./support/accounts.ts";
import { HttpClient } from "./support/http-client.ts";
import {
  quietExplorerEnv,
  runReport,
  startQuietExplorer,
  storeEurRates,
  transferRows,
} from "./support/stored-history.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

const ANNA = "0x00000000000000000000000000000000000a0011";
const BEN = "0x00000000000000000000000000000000000b0011";
const CARL = "0x00000000000000000000000000000000000e0011";
const OUTSIDE = "0x00000000000000000000000000000000000c0011";
const POOL = "0x00000000000000000000000000000000000c0012";
/** A token without a price source: its cost comes from the stablecoin paid for it. */
const TOKEN = "0x00000000000000000000000000000000000d0011";
/** PulseChain's bridged USDC: a real stablecoin, 1 USD (6 decimals). */
const USDC = "0x15d38573d2feeb82e7ad5187ab8c1d52810b1f07";
const E18 = 10n ** 18n;
const DAY = 86_400_000;

const today = new Date();
const dayAgo = (n: number) => new Date(today.getTime() - n * DAY).toISOString().slice(0, 10);
/** The older buy is past its year, the newer one is not. */
const OLD = dayAgo(500);
const NEW = dayAgo(60);
const THIS_YEAR = Number(isoDate(dayOfIso(today.toISOString().slice(0, 10))).slice(0, 4));
const taxFreeFrom = (day: string) => isoDate(holdingPeriodEnd(dayOfIso(day)) + 1);

const transfer = transferRows(17_400_000);

/** A buy of `amount` TOKEN for `usdc` USDC in one transaction. */
function buy(tx: number, day: string, amount: bigint, usdc: bigint) {
  return [
    transfer(tx, day, ANNA, POOL, USDC, usdc * 10n ** 6n, 0),
    transfer(tx, day, POOL, ANNA, TOKEN, amount * E18, 1),
  ];
}

// 1000 USDC arrive; 100 TOKEN for 110 USDC (100 EUR) 500 days ago, 100 for 220 USDC (200 EUR) 60 days ago.
const ROWS = [
  transfer(1, dayAgo(520), OUTSIDE, ANNA, USDC, 1000n * 10n ** 6n),
  ...buy(2, OLD, 100n, 110n),
  ...buy(3, NEW, 100n, 220n),
];

let explorer: Fake;
let t: TestServer;
let anna: HttpClient;
let ben: HttpClient;

beforeAll(async () => {
  // Carl's history cannot be read: the explorer fails for his address.
  explorer = await startQuietExplorer(CARL);
  t = await startTestServer({ env: quietExplorerEnv(explorer) });
  const db = createDb(t.running.database.pool);
  await db.insert(transfers).values(ROWS);
  // 1.10 USD per EUR on every day of the story, up to tomorrow.
  await storeEurRates(db, today.getTime() - 530 * DAY, today.getTime() + DAY);
  anna = await confirmedUser(t, "anna.plan@example.de", "AnnaPlan1");
  ben = await confirmedUser(t, "ben.plan@example.de", "BenPlan12", "en");
  expect((await anna.post("/api/wallet-management", { address: ANNA, nickname: "Anna" })).status).toBe(200);
  expect((await ben.post("/api/wallet-management", { address: BEN, nickname: "Ben" })).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await explorer?.close();
});

async function whatIf(client: HttpClient, body: Record<string, unknown>) {
  return client.post("/api/tax/what-if", { wallet: ANNA, chainId: 369, token: TOKEN, ...body });
}

describe("open lots", () => {
  it("lists each open lot with its cost, tax-free date and the days until then; per token the amount tax-free today", async () => {
    const res = await anna.get("/api/tax/open-lots");
    expect(res.status).toBe(200);
    const plan = openLotsResponseSchema.parse(res.json);
    expect(plan.at).toBe(isoDate(dayOfIso(plan.at)));
    const tokenLots = plan.lots.filter((l) => l.token === TOKEN);
    expect(tokenLots).toEqual([
      expect.objectContaining({
        wallet: ANNA,
        chainId: 369,
        amount: "100",
        acquired: OLD,
        cost: "100.00",
        value: null,
        gain: null,
        taxFreeFrom: taxFreeFrom(OLD),
        daysUntilTaxFree: 0,
      }),
      expect.objectContaining({ amount: "100", acquired: NEW, cost: "200.00", taxFreeFrom: taxFreeFrom(NEW) }),
    ]);
    expect(tokenLots[1]?.daysUntilTaxFree).toBe(dayOfIso(taxFreeFrom(NEW)) - dayOfIso(plan.at));
    expect(plan.tokens.find((x) => x.token === TOKEN)).toMatchObject({
      amount: "200",
      taxFreeAmount: "100",
      cost: "300.00",
      nextTaxFree: taxFreeFrom(NEW),
    });
    // The stablecoin left (670 USDC) is valued at 1 USD = 1/1.1 EUR; its cost is unknown (it came from outside).
    expect(plan.lots.find((l) => l.token === USDC)).toMatchObject({
      amount: "670",
      value: "609.09",
      cost: null,
      gap: "unknown-cost",
    });
    expect(plan.timeline).toEqual([expect.objectContaining({ date: taxFreeFrom(NEW), token: TOKEN, amount: "100" })]);
    expect(plan.unpriced.map((u) => u.asset)).toEqual([`369:${TOKEN}`]);
    expect(plan.room).toMatchObject({ year: THIS_YEAR, freigrenze23: "1000.00", freigrenze22: "256.00" });
  });

  it("at a day before the second buy lists only the first lot; refuses a day in the future", async () => {
    const plan = openLotsResponseSchema.parse((await anna.get(`/api/tax/open-lots?at=${dayAgo(100)}`)).json);
    expect(plan.lots.filter((l) => l.token === TOKEN).map((l) => l.acquired)).toEqual([OLD]);
    const future = await anna.get(`/api/tax/open-lots?at=${dayAgo(-2)}`);
    expect(future.status).toBe(400);
    expect(future.json.error.message).toBe("Das Datum darf nicht in der Zukunft liegen.");
  });

  it("gives no Freigrenze verdict while a chain's history could not be read to the end", async () => {
    const carl = await confirmedUser(t, "carl.plan@example.de", "CarlPlan12");
    expect((await carl.post("/api/wallet-management", { address: CARL, nickname: "Carl" })).status).toBe(200);
    const plan = openLotsResponseSchema.parse((await carl.get("/api/tax/open-lots")).json);
    expect(plan.incompleteChains).toContain(369);
    expect(plan.room.state).toBe("unknown");
    // Anna's history reads: her figures are final or provisional, never unknown.
    const annas = openLotsResponseSchema.parse((await anna.get("/api/tax/open-lots")).json);
    expect(annas.incompleteChains).toEqual([]);
    expect(annas.room.state).not.toBe("unknown");
  });

  it("needs a session; another user sees only their own wallets", async () => {
    expect((await new HttpClient(t.baseUrl).get("/api/tax/open-lots")).status).toBe(401);
    const bens = openLotsResponseSchema.parse((await ben.get("/api/tax/open-lots")).json);
    expect(bens.lots).toEqual([]);
  });
});

describe("what a sale would mean", () => {
  it("uses the old lot first (tax-free), then the new one (taxable), and says from when the sale would be tax-free", async () => {
    const res = await whatIf(anna, { amount: "150", priceEur: "5" });
    expect(res.status).toBe(200);
    const outcome = whatIfResponseSchema.parse(res.json);
    expect(outcome.proceeds).toBe("750.00");
    expect(outcome.lots).toEqual([
      expect.objectContaining({
        acquired: OLD,
        amount: "100",
        cost: "100.00",
        proceeds: "500.00",
        gain: "400.00",
        taxFree: true,
      }),
      expect.objectContaining({
        acquired: NEW,
        amount: "50",
        cost: "100.00",
        proceeds: "250.00",
        gain: "150.00",
        taxFree: false,
      }),
    ]);
    expect(outcome).toMatchObject({ gainTaxable: "150.00", gainTaxFree: "400.00", priceSource: "input" });
    expect(Number(outcome.after.gainTaxable) - Number(outcome.before.gainTaxable)).toBeCloseTo(150, 6);
    expect(outcome.taxFreeFrom).toBe(taxFreeFrom(NEW));
  });

  it("gives the figures a report of the year with the same sale added gives", async () => {
    const outcome = whatIfResponseSchema.parse((await whatIf(anna, { amount: "150", priceEur: "5" })).json);
    const sale = {
      time: new Date().toISOString(),
      wallet: ANNA,
      type: "sell",
      asset: `369:${TOKEN}`,
      amount: "150",
      eur: "750",
    };
    const { result } = await runReport(anna, { scope: "all", taxYear: THIS_YEAR, manualEntries: [sale] });
    const year = result.years[String(THIS_YEAR)];
    expect(year?.gainTaxable).toBe(outcome.after.gainTaxable);
    expect(year?.freigrenze23Crossed).toBe(outcome.after.crossed23);
  }, 90_000);

  it("warns when the sale takes the year's gains over the Freigrenze", async () => {
    // The new lot at 12 EUR: 1200 - 200 = 1000 EUR taxable, the Freigrenze reached.
    const outcome = whatIfResponseSchema.parse((await whatIf(anna, { amount: "200", priceEur: "12" })).json);
    expect(outcome.after.crossed23).toBe(true);
    expect(outcome.crossesFreigrenze).toBe(!outcome.before.crossed23);
  });

  it("refuses bad input with the field and a sentence in the user's language", async () => {
    const above = await whatIf(anna, { amount: "200,5", priceEur: "1" });
    expect(above.status).toBe(400);
    expect(above.json.error).toMatchObject({ code: "PLANNING_AMOUNT_ABOVE_HOLDING" });
    expect(above.json.error.message).toMatch(/^Die Menge ist größer als dein Bestand in dieser Wallet \(200 \S+\)\.$/);
    expect(Object.keys(above.json.error.fields)).toEqual(["amount"]);
    const noPrice = await whatIf(anna, { amount: "1" });
    expect(noPrice.status).toBe(422);
    expect(noPrice.json.error.code).toBe("PLANNING_NO_PRICE");
    const badPrice = await whatIf(anna, { amount: "1", priceEur: "-3" });
    expect(badPrice.status).toBe(400);
    expect(badPrice.json.error.fields).toEqual({ priceEur: "planning.errors.price" });
    expect(badPrice.json.error.message).toBe("Bitte gib einen Preis in Euro größer als 0 ein, z. B. 0,0042.");
    const unknown = await ben.post("/api/tax/what-if", { wallet: BEN, chainId: 369, token: TOKEN, amount: "1" });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toMatchObject({
      code: "PLANNING_UNKNOWN_TOKEN",
      message: "This wallet does not hold this token.",
    });
    // Anna's wallet is not Ben's to plan with.
    const foreign = await ben.post("/api/tax/what-if", { wallet: ANNA, chainId: 369, token: TOKEN, amount: "1" });
    expect(foreign.status).toBe(404);
  });
});
