/**
 * Answers the route-preload script asked for while the app loaded (lib/early-answers.ts): the app's
 * first GET of such a path takes it, once, in its language, within EARLY_ANSWER_MS; a change the app
 * sends drops those not taken; later requests ask the server again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "../src/i18n/index.ts";
import { api } from "../src/lib/api.ts";
import { EARLY_ANSWER_MS, EARLY_ANSWERS } from "../src/lib/early-answers.ts";

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });

/** The server's answers: each request gets the next number. */
let served: { path: string; method: string }[] = [];

beforeEach(async () => {
  await i18n.changeLanguage("de");
  served = [];
  vi.stubGlobal("fetch", async (path: string, init: { method?: string }) => {
    served.push({ path, method: init.method ?? "GET" });
    return json({ from: "server", n: served.length });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete (globalThis as Record<string, unknown>)[EARLY_ANSWERS];
});

function askedEarly(answers: Record<string, { ageMs?: number; language?: string }>): void {
  (globalThis as Record<string, unknown>)[EARLY_ANSWERS] = Object.fromEntries(
    Object.entries(answers).map(([path, a]) => [
      path,
      {
        at: Date.now() - (a.ageMs ?? 0),
        language: a.language ?? "de",
        response: Promise.resolve(json({ from: "early", path })),
      },
    ]),
  );
}

describe("answers asked for early", () => {
  it("are taken by the first GET of their path, once; the next one asks the server", async () => {
    askedEarly({ "/api/settings": {} });
    expect(await api("/api/settings")).toEqual({ from: "early", path: "/api/settings" });
    expect(served).toEqual([]);
    expect(await api("/api/settings")).toEqual({ from: "server", n: 1 });
  });

  it("are not served when they came back as an error or failed: the server is asked", async () => {
    (globalThis as Record<string, unknown>)[EARLY_ANSWERS] = {
      "/api/roi": { at: Date.now(), language: "de", response: Promise.resolve(new Response("{}", { status: 403 })) },
      "/api/news": { at: Date.now(), language: "de", response: Promise.reject(new TypeError("offline")) },
    };
    expect(await api("/api/roi")).toEqual({ from: "server", n: 1 });
    expect(await api("/api/news")).toEqual({ from: "server", n: 2 });
  });

  it("are not served after EARLY_ANSWER_MS or in another language", async () => {
    askedEarly({ "/api/news": { ageMs: EARLY_ANSWER_MS + 1 }, "/api/roi": { language: "en" } });
    expect(await api("/api/news")).toEqual({ from: "server", n: 1 });
    expect(await api("/api/roi")).toEqual({ from: "server", n: 2 });
  });

  it("match the page's language while i18next is still starting (the session's first request)", async () => {
    const language = i18n.language;
    i18n.language = undefined as unknown as string;
    vi.stubGlobal("document", { documentElement: { lang: "en" } });
    try {
      askedEarly({ "/api/me": { language: "en" } });
      expect(await api("/api/me")).toEqual({ from: "early", path: "/api/me" });
      expect(served).toEqual([]);
    } finally {
      i18n.language = language;
    }
  });

  it("are dropped when the app sends a change: what it then reads comes from the server", async () => {
    askedEarly({ "/api/market/movers?scope=holdings&timeframe=24h": {}, "/api/wallet-management": {} });
    await api("/api/wallet-management", { method: "POST", body: { address: "0x1" } });
    expect(await api("/api/market/movers?scope=holdings&timeframe=24h")).toEqual({ from: "server", n: 2 });
    expect(await api("/api/wallet-management")).toEqual({ from: "server", n: 3 });
    expect(served.map((s) => s.method)).toEqual(["POST", "GET", "GET"]);
  });
});
