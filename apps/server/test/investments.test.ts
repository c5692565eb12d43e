import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedUser } from "./support/accounts.ts";
import { OFFLINE } from "./support/offline.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: OFFLINE });
});
afterAll(async () => {
  await t?.close();
});

const VALID = {
  name: "PLSX bag",
  symbol: "PLSX",
  quantity: "1234567.000000000000000001",
  purchaseDate: "2024-02-29",
  purchasePriceUsd: "1500.10",
  currentValueUsd: "2999.999999",
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

    const edited = await anna.request("PUT", `/api/investments/${id}`, { ...VALID, currentValueUsd: "0" });
    expect(edited.status).toBe(200);
    expect(edited.json.currentValueUsd).toBe("0");
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
      [{ ...VALID, purchasePriceUsd: "-1" }, "purchasePriceUsd", "investments.errors.purchasePriceNonNegative"],
      [{ ...VALID, currentValueUsd: "1e5" }, "currentValueUsd", "investments.errors.currentValueNonNegative"],
      [{ ...VALID, quantity: "0" }, "quantity", "investments.errors.quantityPositive"],
      [{ ...VALID, tokenAddress: "0x12" }, "tokenAddress", "investments.errors.tokenAddressInvalid"],
    ];
    for (const [body, field, key] of cases) {
      const res = await carl.post("/api/investments", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe("VALIDATION_ERROR");
      expect(res.json.error.message).toBe("Please check the form for errors.");
      expect(res.json.error.fields[field]).toBe(key);
    }
    expect((await carl.post("/api/investments", { ...VALID, extra: 1 })).status).toBe(400);
    expect((await carl.get("/api/investments")).json.investments).toEqual([]);
  });
});
