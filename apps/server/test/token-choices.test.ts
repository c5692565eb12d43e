import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedUser } from "./support/accounts.ts";
import { HttpClient } from "./support/http-client.ts";
import { OFFLINE } from "./support/offline.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

const TOKEN = "0x1111111111111111111111111111111111111111";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: OFFLINE });
});
afterAll(async () => {
  await t?.close();
});

describe("including an excluded token back", () => {
  it("is stored per user, per chain and address, and can be taken back", async () => {
    const anna = await confirmedUser(t, "anna.choices@example.de", "AnnaPass1");
    const ben = await confirmedUser(t, "ben.choices@example.de", "BenPass12");
    expect((await anna.get("/api/token-choices")).json).toEqual({ choices: [] });

    const put = await anna.request("PUT", "/api/token-choices", {
      chainId: 369,
      address: TOKEN.toUpperCase().replace("0X", "0x"),
      include: true,
    });
    expect(put.status).toBe(200);
    expect(put.json).toEqual({ choices: [{ chainId: 369, address: TOKEN, include: true }] });
    // The same address on Ethereum is another token.
    await anna.request("PUT", "/api/token-choices", { chainId: 1, address: TOKEN, include: true });
    expect((await anna.get("/api/token-choices")).json.choices).toHaveLength(2);
    expect((await ben.get("/api/token-choices")).json).toEqual({ choices: [] });
    expect((await anna.get("/api/account/export")).json.tokenChoices).toHaveLength(2);

    await anna.request("PUT", "/api/token-choices", { chainId: 1, address: TOKEN, include: null });
    expect((await anna.get("/api/token-choices")).json).toEqual({
      choices: [{ chainId: 369, address: TOKEN, include: true }],
    });
  });

  it("refuses bad input in the user's language, no session and a foreign origin", async () => {
    const carl = await confirmedUser(t, "carl.choices@example.de", "CarlPass1");
    for (const body of [
      { chainId: 369, address: "0x12", include: true },
      { chainId: -1, address: TOKEN, include: true },
      { chainId: 369, address: TOKEN, include: "yes" },
      { chainId: 369, address: TOKEN },
    ]) {
      const res = await carl.request("PUT", "/api/token-choices", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe("VALIDATION_ERROR");
    }
    expect((await carl.get("/api/token-choices")).json).toEqual({ choices: [] });
    const anonymous = new HttpClient(t.baseUrl);
    expect((await anonymous.get("/api/token-choices")).status).toBe(401);
    const forged = await carl.request(
      "PUT",
      "/api/token-choices",
      { chainId: 369, address: TOKEN, include: true },
      { origin: "http://evil.example" },
    );
    expect(forged.status).toBe(403);
    expect((await carl.get("/api/token-choices")).json).toEqual({ choices: [] });
  });
});
