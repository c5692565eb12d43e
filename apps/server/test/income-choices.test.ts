import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedUser } from "./support/accounts.ts";
import { HttpClient } from "./support/http-client.ts";
import { OFFLINE } from "./support/offline.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

const SENDER = "0x2222222222222222222222222222222222222222";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: OFFLINE });
});
afterAll(async () => {
  await t?.close();
});

describe("is this income? per sender", () => {
  it("is stored per user, per chain and sender, either way, and can be taken back", async () => {
    const anna = await confirmedUser(t, "anna.income@example.de", "AnnaPass1");
    const ben = await confirmedUser(t, "ben.income@example.de", "BenPass12");
    expect((await anna.get("/api/income-choices")).json).toEqual({ choices: [] });
    const put = await anna.request("PUT", "/api/income-choices", {
      chainId: 369,
      address: SENDER.toUpperCase().replace("0X", "0x"),
      income: false,
    });
    expect(put.status).toBe(200);
    expect(put.json).toEqual({ choices: [{ chainId: 369, address: SENDER, income: false }] });
    await anna.request("PUT", "/api/income-choices", { chainId: 369, address: SENDER, income: true });
    expect((await anna.get("/api/income-choices")).json.choices).toEqual([
      { chainId: 369, address: SENDER, income: true },
    ]);
    expect((await ben.get("/api/income-choices")).json.choices).toEqual([]);
    expect((await anna.get("/api/account/export")).json.incomeChoices).toHaveLength(1);
    await anna.request("PUT", "/api/income-choices", { chainId: 369, address: SENDER, income: null });
    expect((await anna.get("/api/income-choices")).json.choices).toEqual([]);
  });

  it("refuses bad input, no session and a foreign origin", async () => {
    const carl = await confirmedUser(t, "carl.income@example.de", "CarlPass1");
    for (const body of [
      { chainId: 369, address: "0x12", income: true },
      { chainId: 0, address: SENDER, income: true },
      { chainId: 369, address: SENDER, income: "no" },
    ]) {
      const res = await carl.request("PUT", "/api/income-choices", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe("VALIDATION_ERROR");
    }
    expect((await new HttpClient(t.baseUrl).get("/api/income-choices")).status).toBe(401);
    const forged = await carl.request(
      "PUT",
      "/api/income-choices",
      { chainId: 369, address: SENDER, income: true },
      { origin: "http://evil.example" },
    );
    expect(forged.status).toBe(403);
  });
});
