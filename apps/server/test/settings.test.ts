import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedUser } from "./support/accounts.ts";
import { HttpClient } from "./support/http-client.ts";
import { OFFLINE } from "./support/offline.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: OFFLINE });
});
afterAll(async () => {
  await t?.close();
});

describe("the display currency setting", () => {
  it("is not chosen at first, is stored per user, and can go back to the language's default", async () => {
    const anna = await confirmedUser(t, "anna.settings@example.de", "AnnaPass1");
    const ben = await confirmedUser(t, "ben.settings@example.de", "BenPass12", "en");
    expect((await anna.get("/api/settings")).json).toEqual({
      displayCurrency: null,
      language: null,
      forkCost: "zero",
      monthlyArchive: false,
    });

    const chosen = await anna.request("PUT", "/api/settings", { displayCurrency: "USD" });
    expect(chosen.status).toBe(200);
    expect(chosen.json).toEqual({ displayCurrency: "USD", language: null, forkCost: "zero", monthlyArchive: false });
    expect((await anna.get("/api/settings")).json).toEqual({
      displayCurrency: "USD",
      language: null,
      forkCost: "zero",
      monthlyArchive: false,
    });
    // Another user's setting is untouched; each user reaches only their own.
    expect((await ben.get("/api/settings")).json).toEqual({
      displayCurrency: null,
      language: null,
      forkCost: "zero",
      monthlyArchive: false,
    });
    await ben.request("PUT", "/api/settings", { displayCurrency: "EUR" });
    expect((await anna.get("/api/settings")).json).toEqual({
      displayCurrency: "USD",
      language: null,
      forkCost: "zero",
      monthlyArchive: false,
    });

    // In the personal data export too.
    expect((await anna.get("/api/account/export")).json.settings).toEqual({
      displayCurrency: "USD",
      language: null,
      forkCost: "zero",
      monthlyArchive: false,
    });

    expect((await anna.request("PUT", "/api/settings", { displayCurrency: null })).json).toEqual({
      displayCurrency: null,
      language: null,
      forkCost: "zero",
      monthlyArchive: false,
    });
    expect((await anna.get("/api/settings")).json).toEqual({
      displayCurrency: null,
      language: null,
      forkCost: "zero",
      monthlyArchive: false,
    });
  });

  it("refuses other currencies, unknown fields, no session and a foreign origin", async () => {
    const carl = await confirmedUser(t, "carl.settings@example.de", "CarlPass1");
    for (const body of [
      { displayCurrency: "GBP" },
      { displayCurrency: "eur" },
      {},
      { displayCurrency: "EUR", x: 1 },
      { language: "fr" },
    ]) {
      const res = await carl.request("PUT", "/api/settings", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe("VALIDATION_ERROR");
    }
    expect((await carl.get("/api/settings")).json).toEqual({
      displayCurrency: null,
      language: null,
      forkCost: "zero",
      monthlyArchive: false,
    });

    const anonymous = new HttpClient(t.baseUrl);
    expect((await anonymous.get("/api/settings")).status).toBe(401);
    expect((await anonymous.request("PUT", "/api/settings", { displayCurrency: "EUR" })).status).toBe(401);
    const forged = await carl.request(
      "PUT",
      "/api/settings",
      { displayCurrency: "EUR" },
      { origin: "http://evil.example" },
    );
    expect(forged.status).toBe(403);
    expect((await carl.get("/api/settings")).json).toEqual({
      displayCurrency: null,
      language: null,
      forkCost: "zero",
      monthlyArchive: false,
    });
  });
});

describe("the language setting", () => {
  it("is kept with the account: a login on another browser reads it, the currency stays as chosen", async () => {
    const dora = await confirmedUser(t, "dora.settings@example.de", "DoraPass1");
    await dora.request("PUT", "/api/settings", { displayCurrency: "USD" });
    const saved = await dora.request("PUT", "/api/settings", { language: "en" });
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ displayCurrency: "USD", language: "en", forkCost: "zero", monthlyArchive: false });

    // A second browser: a new login of the same account.
    const elsewhere = new HttpClient(t.baseUrl, "de");
    const login = await elsewhere.post("/api/auth/sign-in/email", {
      email: "dora.settings@example.de",
      password: "DoraPass1",
    });
    expect(login.status).toBe(200);
    expect((await elsewhere.get("/api/settings")).json).toEqual({
      displayCurrency: "USD",
      language: "en",
      forkCost: "zero",
      monthlyArchive: false,
    });

    expect((await elsewhere.request("PUT", "/api/settings", { language: null })).json).toEqual({
      displayCurrency: "USD",
      language: null,
      forkCost: "zero",
      monthlyArchive: false,
    });
  });
});

describe("the fork cost setting", () => {
  it("is 0 EUR until the user chooses to split, is kept, and leaves the other settings alone", async () => {
    const fiona = await confirmedUser(t, "fiona.settings@example.de", "FionaPass1");
    expect((await fiona.get("/api/settings")).json.forkCost).toBe("zero");
    await fiona.request("PUT", "/api/settings", { displayCurrency: "USD" });
    const split = await fiona.request("PUT", "/api/settings", { forkCost: "split" });
    expect(split.status).toBe(200);
    expect(split.json).toEqual({ displayCurrency: "USD", language: null, forkCost: "split", monthlyArchive: false });
    expect((await fiona.get("/api/settings")).json).toEqual({
      displayCurrency: "USD",
      language: null,
      forkCost: "split",
      monthlyArchive: false,
    });
    // Another setting's change keeps it.
    await fiona.request("PUT", "/api/settings", { language: "en" });
    expect((await fiona.get("/api/settings")).json.forkCost).toBe("split");
    const back = await fiona.request("PUT", "/api/settings", { forkCost: "zero" });
    expect(back.json.forkCost).toBe("zero");
  });

  it("refuses another value with the reason in the user's language", async () => {
    const gustav = await confirmedUser(t, "gustav.settings@example.de", "GustavPass1");
    const german = await gustav.request("PUT", "/api/settings", { forkCost: "half" });
    expect(german.status).toBe(400);
    expect(german.json.error).toMatchObject({
      code: "VALIDATION_ERROR",
      message: "Bitte wähle, wie die Kopien der Abspaltung bewertet werden: 0 EUR oder aufgeteilt.",
      fields: { forkCost: "settings.invalidForkCost" },
    });
    const hanna = await confirmedUser(t, "hanna.settings@example.de", "HannaPass1", "en");
    for (const forkCost of ["half", null, 1]) {
      const english = await hanna.request("PUT", "/api/settings", { forkCost });
      expect(english.status, String(forkCost)).toBe(400);
      expect(english.json.error.message).toBe("Please choose how the fork copies are costed: 0 EUR or split.");
    }
    expect((await hanna.get("/api/settings")).json.forkCost).toBe("zero");
  });
});
