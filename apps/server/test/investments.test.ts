import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedUser } from "./support/accounts.ts";
import { OFFLINE } from "./support/offline.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: OFFLINE });
  // Offline: the FX service reads the stored ECB rates only (2024-02-29 a Thursday, 2024-03-01 a Friday).
  await t.running.database.pool.query(
    "insert into fx_rates (day, usd_per_eur, source) values ('2024-02-29', '1.0812', 'ecb'), ('2024-03-01', '1.0830', 'ecb'), ($1, '1.2500', 'ecb')",
    [berlinToday()],
  );
});

function berlinToday(): string {
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin" }).format(t.clock.now());
}
afterAll(async () => {
  await t?.close();
});

const VALID = {
  name: "PLSX bag",
  symbol: "PLSX",
  quantity: "1234567.000000000000000001",
  purchaseDate: "2024-02-29",
  purchasePrice: "1500.10",
  currentValue: "2999.999999",
};

describe("manual investments", () => {
  it("adds, lists, edits and deletes exactly as entered, per user", async () => {
    const anna = await confirmedUser(t, "anna.invest@example.de", "AnnaPass1");
    const ben = await confirmedUser(t, "ben.invest@example.de", "BenPass12");
    expect((await anna.get("/api/investments")).json).toEqual({ investments: [] });

    const added = await anna.post("/api/investments", {
      ...VALID,
      chainId: 369,
      tokenAddress: "0x95B303987A60C71504D99Aa1b13B4DA07b0790ab",
    });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({
      ...VALID,
      chainId: 369,
      tokenAddress: "0x95b303987a60c71504d99aa1b13b4da07b0790ab",
      currency: "USD",
      note: "",
      // No chain to read here: the entered current value stands.
      liveValueUsd: null,
    });
    const id = added.json.id as string;
    await anna.post("/api/investments", { ...VALID, name: "Older", purchaseDate: "2023-05-01", quantity: "" });
    const list = (await anna.get("/api/investments")).json.investments;
    expect(list.map((i: { name: string }) => i.name)).toEqual(["Older", "PLSX bag"]);
    expect(list[0].quantity).toBe("");
    expect((await ben.get("/api/investments")).json.investments).toEqual([]);

    const edited = await anna.request("PUT", `/api/investments/${id}`, { ...VALID, currentValue: "0" });
    expect(edited.status).toBe(200);
    expect(edited.json.currentValue).toBe("0");
    // Another user's id is not found, and stays as it was.
    expect((await ben.request("PUT", `/api/investments/${id}`, VALID)).status).toBe(404);
    expect((await ben.request("DELETE", `/api/investments/${id}`)).status).toBe(404);
    expect((await anna.request("DELETE", `/api/investments/${id}`)).status).toBe(204);
    expect((await anna.request("DELETE", `/api/investments/${id}`)).status).toBe(404);
    expect((await anna.get("/api/investments")).json.investments).toHaveLength(1);
  });

  it("refuses what the form would refuse, naming the field and the message key", async () => {
    const carl = await confirmedUser(t, "carl.invest@example.de", "CarlPass1");
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...VALID, name: "  " }, "name", "investments.errors.nameRequired"],
      [{ ...VALID, purchaseDate: "" }, "purchaseDate", "investments.errors.purchaseDateRequired"],
      [{ ...VALID, purchaseDate: "2023-02-29" }, "purchaseDate", "investments.errors.purchaseDateInvalid"],
      [{ ...VALID, purchasePrice: "-1" }, "purchasePrice", "investments.errors.purchasePriceNonNegative"],
      [{ ...VALID, currentValue: "1e5" }, "currentValue", "NUMBER_INVALID"],
      [{ ...VALID, currentValue: "1.23.4" }, "currentValue", "NUMBER_GROUPING"],
      [{ ...VALID, purchaseDate: "2999-01-01" }, "purchaseDate", "investments.errors.purchaseDateFuture"],
      [{ ...VALID, currency: "GBP" }, "currency", "investments.errors.currencyInvalid"],
      [{ ...VALID, quantity: "0" }, "quantity", "investments.errors.quantityPositive"],
      [{ ...VALID, tokenAddress: "0x12" }, "tokenAddress", "investments.errors.tokenAddressInvalid"],
    ];
    for (const [body, field, key] of cases) {
      const res = await carl.post("/api/investments", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe("VALIDATION_ERROR");
      // A request that names no language is answered in German, the app's first language.
      expect(res.json.error.message).toBe("Bitte prüfe die markierten Felder.");
      expect(res.json.error.fields[field]).toBe(key);
    }
    expect((await carl.post("/api/investments", { ...VALID, extra: 1 })).status).toBe(400);
    expect((await carl.get("/api/investments")).json.investments).toEqual([]);
  });

  it("reads amounts typed with thousands separators and a decimal comma exactly", async () => {
    const dora = await confirmedUser(t, "dora.invest@example.de", "DoraPass1");
    const res = await dora.post("/api/investments", {
      ...VALID,
      quantity: "1.234.567,000000000000000001",
      purchasePrice: "1.500,10",
      currentValue: "2999,999999",
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      quantity: "1234567.000000000000000001",
      purchasePrice: "1500.10",
      currentValue: "2999.999999",
    });
  });

  it("refuses a purchase date after today and accepts today", async () => {
    const emil = await confirmedUser(t, "emil.invest@example.de", "EmilPass1");
    const tomorrow = new Date(t.clock.now().getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    const future = await emil.post("/api/investments", { ...VALID, purchaseDate: tomorrow });
    expect(future.status).toBe(400);
    expect(future.json.error.fields.purchaseDate).toBe("investments.errors.purchaseDateFuture");
    expect((await emil.post("/api/investments", { ...VALID, purchaseDate: berlinToday() })).status).toBe(201);
  });

  it("stores a EUR investment as entered and converts it to USD with the ECB rates for the returns", async () => {
    const frieda = await confirmedUser(t, "frieda.invest@example.de", "FriedaPass1");
    const added = await frieda.post("/api/investments", {
      ...VALID,
      currency: "EUR",
      purchasePrice: "1000",
      currentValue: "1200.50",
    });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ currency: "EUR", purchasePrice: "1000", currentValue: "1200.50" });
    const [listed] = (await frieda.get("/api/investments")).json.investments;
    // Purchase at the rate of 2024-02-29, the value now at today's rate.
    expect(listed).toMatchObject({
      currency: "EUR",
      purchasePrice: "1000",
      currentValue: "1200.50",
      purchasePriceUsd: "1081.2",
      currentValueUsd: "1500.625",
    });
    await frieda.post("/api/investments", { ...VALID, name: "Dollars" });
    const dollars = (await frieda.get("/api/investments")).json.investments.find(
      (i: { name: string }) => i.name === "Dollars",
    );
    expect(dollars).toMatchObject({ currency: "USD", purchasePriceUsd: "1500.10", currentValueUsd: "2999.999999" });
  });
});
