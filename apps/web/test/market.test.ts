import type { MarketToken, MoversResponse, WatchlistResponse } from "@pulsemanager/core";
import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { marketApi } from "../src/features/market/market-api.ts";
import { changeOrDash, priceOrDash, staleLabel, usdOrDash } from "../src/features/market/market-figures.ts";
import { SEARCH_DEBOUNCE_MS } from "../src/features/market/market-page.tsx";
import { nextMarketSort, sortMarketTokens } from "../src/features/market/market-sort.ts";
import { parseTokenParams } from "../src/features/market/token-address.ts";
import { dexName } from "../src/features/market/token-pools.tsx";
import { isWatched, toggledWatchlist } from "../src/features/market/watchlist.ts";
import { type WatchToggle, watchlistApi, watchToggleOptions } from "../src/features/market/watchlist-api.ts";
import { debounce } from "../src/lib/debounce.ts";
import { marketTokenPath } from "../src/lib/paths.ts";
import { WATCHLIST_QUERY_KEY } from "../src/lib/query-keys.ts";
import { translator } from "./market-i18n.ts";

const PLSX = "0x95b303987a60c71504d99aa1b13b4da07b0790ab";
const HEX = "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39";
const INC = "0x2fa878ab3f87cc1c9737fc071108f904c0b0c95d";

function token(symbol: string, address: string, figures: Partial<MarketToken> = {}): MarketToken {
  return {
    chainId: 369,
    address,
    symbol,
    name: `${symbol} token`,
    priceUsd: null,
    change24h: null,
    volume24hUsd: null,
    liquidityUsd: null,
    marketCapUsd: null,
    known: true,
    ...figures,
  };
}

const ROWS = [
  token("PLSX", PLSX, { priceUsd: "0.00002", change24h: "-3.5", volume24hUsd: "900000", marketCapUsd: "1500000000" }),
  token("HEX", HEX, { priceUsd: "0.0051", change24h: "12.25", volume24hUsd: "2500000", marketCapUsd: "3000000000" }),
  token("INC", INC, { priceUsd: "1.2", change24h: null, volume24hUsd: "100", marketCapUsd: null }),
];
const symbols = (rows: readonly MarketToken[]) => rows.map((r) => r.symbol);

describe("market overview sorting", () => {
  it("sorts by every column, both ways, exactly (no float rounding)", () => {
    expect(symbols(sortMarketTokens(ROWS, null))).toEqual(["PLSX", "HEX", "INC"]);
    expect(symbols(sortMarketTokens(ROWS, { key: "marketCapUsd", direction: "desc" }))).toEqual(["HEX", "PLSX", "INC"]);
    expect(symbols(sortMarketTokens(ROWS, { key: "priceUsd", direction: "desc" }))).toEqual(["INC", "HEX", "PLSX"]);
    expect(symbols(sortMarketTokens(ROWS, { key: "priceUsd", direction: "asc" }))).toEqual(["PLSX", "HEX", "INC"]);
    expect(symbols(sortMarketTokens(ROWS, { key: "change24h", direction: "desc" }))).toEqual(["HEX", "PLSX", "INC"]);
    expect(symbols(sortMarketTokens(ROWS, { key: "volume24hUsd", direction: "asc" }))).toEqual(["INC", "PLSX", "HEX"]);
    expect(symbols(sortMarketTokens(ROWS, { key: "symbol", direction: "asc" }))).toEqual(["HEX", "INC", "PLSX"]);
    expect(symbols(sortMarketTokens(ROWS, { key: "name", direction: "desc" }))).toEqual(["PLSX", "INC", "HEX"]);
    const close = [token("A", PLSX, { priceUsd: "0.100000000000000001" }), token("B", HEX, { priceUsd: "0.1" })];
    expect(symbols(sortMarketTokens(close, { key: "priceUsd", direction: "desc" }))).toEqual(["A", "B"]);
  });
  it("puts a row without the figure last whichever the direction", () => {
    for (const direction of ["asc", "desc"] as const) {
      expect(symbols(sortMarketTokens(ROWS, { key: "marketCapUsd", direction })).at(-1)).toBe("INC");
      expect(symbols(sortMarketTokens(ROWS, { key: "change24h", direction })).at(-1)).toBe("INC");
    }
  });
  it("keeps the server's order (known tokens first) until a column is clicked", () => {
    expect(nextMarketSort(null, "marketCapUsd")).toEqual({ key: "marketCapUsd", direction: "desc" });
  });
  it("flips the direction on the same column; a new column starts high first (texts A to Z)", () => {
    const byCap = { key: "marketCapUsd", direction: "desc" } as const;
    expect(nextMarketSort(byCap, "marketCapUsd")).toEqual({ key: "marketCapUsd", direction: "asc" });
    expect(nextMarketSort(byCap, "volume24hUsd")).toEqual({ key: "volume24hUsd", direction: "desc" });
    expect(nextMarketSort(byCap, "name")).toEqual({ key: "name", direction: "asc" });
  });
});

describe("the search asks the server once per typing pause", () => {
  const asked: string[] = [];
  beforeEach(() => {
    asked.length = 0;
    vi.useFakeTimers();
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        asked.push(url);
        return new Response(
          JSON.stringify({ asOf: "2026-11-24T03:00:00Z", source: "chain", stale: false, ageSeconds: 0, tokens: [] }),
          {
            status: 200,
          },
        );
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("sends only the last text after the pause, encoded", async () => {
    const search = debounce((q: string) => void marketApi.search(q), SEARCH_DEBOUNCE_MS);
    for (const q of ["p", "pl", "pls", "pls x"]) {
      search(q);
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50);
    }
    expect(asked).toEqual([]);
    vi.advanceTimersByTime(50);
    expect(asked).toEqual(["/api/market/tokens?q=pls%20x"]);
  });
  it("sends nothing for a pause that was cancelled (the page was left)", () => {
    const search = debounce((q: string) => void marketApi.search(q), SEARCH_DEBOUNCE_MS);
    search("hex");
    search.cancel();
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2);
    expect(asked).toEqual([]);
  });
});

describe("the watchlist star", () => {
  const empty: WatchlistResponse = { tokens: [], asOf: null };
  const now = new Date("2026-11-24T03:00:00Z");
  const plsx = ROWS[0] as MarketToken;

  it("adds a token at once, and removes it on the second click (same chain and contract, any case)", () => {
    const added = toggledWatchlist(empty, plsx, now);
    expect(added.tokens).toEqual([{ ...plsx, addedAt: "2026-11-24T03:00:00.000Z" }]);
    expect(isWatched(added, { chainId: 369, address: PLSX.toUpperCase().replace("0X", "0x") })).toBe(true);
    expect(isWatched(added, { chainId: 1, address: PLSX })).toBe(false);
    const removed = toggledWatchlist(added, { ...plsx, address: PLSX.toUpperCase().replace("0X", "0x") }, now);
    expect(removed.tokens).toEqual([]);
    expect(toggledWatchlist(undefined, plsx, now).tokens).toHaveLength(1);
  });

  describe("asks the server with the token's chain and contract", () => {
    const calls: Array<{ url: string; method: string; body: unknown }> = [];
    beforeEach(() => {
      calls.length = 0;
      vi.stubGlobal(
        "fetch",
        vi.fn(async (url: string, init: RequestInit) => {
          calls.push({ url, method: init.method ?? "GET", body: init.body ? JSON.parse(String(init.body)) : null });
          if (init.method === "POST" && calls.length > 1) {
            return new Response(JSON.stringify({ error: { code: "WATCHLIST_FULL", message: "full" } }), {
              status: 409,
            });
          }
          return new Response(JSON.stringify({ tokens: [{ ...plsx, addedAt: now.toISOString() }], asOf: null }), {
            status: init.method === "POST" ? 201 : 200,
          });
        }),
      );
    });
    afterEach(() => vi.unstubAllGlobals());

    it("POST to add, DELETE to remove, the answer is the new list; a full list is an error with its code", async () => {
      const list = await watchlistApi.add(369, PLSX);
      expect(list.tokens[0]?.symbol).toBe("PLSX");
      await expect(watchlistApi.add(369, HEX)).rejects.toMatchObject({ code: "WATCHLIST_FULL" });
      await watchlistApi.remove(369, PLSX);
      expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
        ["POST", "/api/watchlist", { chainId: 369, address: PLSX }],
        ["POST", "/api/watchlist", { chainId: 369, address: HEX }],
        ["DELETE", "/api/watchlist", { chainId: 369, address: PLSX }],
      ]);
    });
  });

  describe("clicked: the list changes at once, then takes the server's answer or goes back", () => {
    afterEach(() => vi.unstubAllGlobals());
    const hex = ROWS[1] as MarketToken;

    /** A star click through the real mutation options; the server answers after `release()`. */
    function click(queryClient: QueryClient, answer: () => Response, toggle: WatchToggle) {
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => {
          await gate;
          return answer();
        }),
      );
      const done: WatchToggle[] = [];
      const failed: unknown[] = [];
      const observer = new MutationObserver(
        queryClient,
        watchToggleOptions(queryClient, { done: (t) => done.push(t), failed: (e) => failed.push(e) }),
      );
      const settled = observer.mutate(toggle).catch(() => undefined);
      return { release, settled, done, failed };
    }
    const list = (queryClient: QueryClient) =>
      (queryClient.getQueryData(WATCHLIST_QUERY_KEY) as WatchlistResponse | undefined)?.tokens.map((t) => t.symbol);

    it("adds at once and keeps the server's list; says it was added", async () => {
      const queryClient = new QueryClient();
      queryClient.setQueryData(WATCHLIST_QUERY_KEY, { tokens: [{ ...plsx, addedAt: now.toISOString() }], asOf: null });
      const server = {
        tokens: [plsx, hex].map((t) => ({ ...t, addedAt: now.toISOString() })),
        asOf: now.toISOString(),
      };
      const star = click(queryClient, () => new Response(JSON.stringify(server), { status: 201 }), {
        token: hex,
        watched: false,
      });
      await vi.waitFor(() => expect(list(queryClient)).toEqual(["PLSX", "HEX"]));
      star.release();
      await star.settled;
      expect(queryClient.getQueryData(WATCHLIST_QUERY_KEY)).toEqual(server);
      expect(star.done).toEqual([{ token: hex, watched: false }]);
      expect(star.failed).toEqual([]);
    });

    it("removes at once, and puts the token back when the server refuses", async () => {
      const queryClient = new QueryClient();
      const before = { tokens: [plsx, hex].map((t) => ({ ...t, addedAt: now.toISOString() })), asOf: null };
      queryClient.setQueryData(WATCHLIST_QUERY_KEY, before);
      const refused = () =>
        new Response(JSON.stringify({ error: { code: "MARKET_UNAVAILABLE", message: "down" } }), { status: 503 });
      const star = click(queryClient, refused, { token: plsx, watched: true });
      await vi.waitFor(() => expect(list(queryClient)).toEqual(["HEX"]));
      star.release();
      await star.settled;
      expect(queryClient.getQueryData(WATCHLIST_QUERY_KEY)).toEqual(before);
      expect(star.done).toEqual([]);
      expect(star.failed).toMatchObject([{ code: "MARKET_UNAVAILABLE" }]);
    });
  });

  it("says so in the original product's words", async () => {
    expect((await translator("de"))("market:watch.added")).toBe("Zur Watchlist hinzugefügt");
    expect((await translator("en"))("market:watch.added")).toBe("Added to watchlist");
  });
});

describe("market figures", () => {
  it('show a missing figure as "–", never as 0', () => {
    for (const lang of ["de", "en"]) {
      expect(usdOrDash(null, lang)).toBe("–");
      expect(priceOrDash(null, lang)).toBe("–");
      expect(changeOrDash(null, lang)).toBe("–");
    }
    expect(usdOrDash("0", "en")).toBe("$0.00");
    const plain = (text: string) => text.replace(/\s/g, " ");
    expect(plain(usdOrDash("1234.5", "de"))).toBe("1.234,50 $");
    expect(changeOrDash("12.25", "en")).toBe("+12.25%");
    expect(plain(changeOrDash("-3.5", "de"))).toBe("-3,50 %");
    expect(priceOrDash("0.00002", "en")).toBe("$0.00002000");
  });

  it("say that the market cannot be reached when a list is empty for that reason", () => {
    expect(staleLabel({ stale: true, asOf: new Date().toISOString(), unavailable: true }, "de")).toEqual({
      key: "unavailable",
      values: {},
    });
  });

  it("label a stale answer with its time in the user's language, a fresh one not at all", async () => {
    const asOf = "2026-11-24T02:55:00Z";
    expect(staleLabel({ stale: false, asOf }, "de")).toBeNull();
    const de = staleLabel({ stale: true, asOf }, "de");
    const en = staleLabel({ stale: true, asOf }, "en");
    if (!de || !en) throw new Error("no label");
    expect((await translator("de"))(`market:${de.key}`, de.values)).toMatch(/^Stand: .*2026.*, wird aktualisiert$/);
    expect((await translator("en"))(`market:${en.key}`, en.values)).toMatch(/^As of .*2026.*, refreshing$/);
  });

  it("state the market cap's rule in both languages", async () => {
    expect((await translator("de"))("market:columns.marketCap")).toBe("Marktkap. (Preis × (Angebot − verbrannt))");
    expect((await translator("en"))("market:marketCapLegend")).toBe("Market cap = price × (supply − burned)");
  });
});

describe("the token page's address and the dashboard's movers", () => {
  it("reads a token from the URL, or none", () => {
    expect(parseTokenParams("369", PLSX.toUpperCase().replace("0X", "0x"))).toEqual({ chainId: 369, address: PLSX });
    expect(parseTokenParams("369", "0x123")).toBeNull();
    expect(parseTokenParams("pulse", PLSX)).toBeNull();
    expect(parseTokenParams(undefined, undefined)).toBeNull();
    expect(marketTokenPath(369, PLSX)).toBe(`/market/369/${PLSX}`);
    expect(dexName("pulsex-v2")).toBe("PulseX v2");
    expect(dexName("uniswap_v3")).toBe("uniswap_v3");
  });

  it("asks the server for the movers among the user's own tokens (the server prices them by chain and contract)", async () => {
    const urls: string[] = [];
    const answer = { asOf: new Date().toISOString(), source: "chain", stale: false, ageSeconds: 0, timeframe: "24h" };
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        urls.push(url);
        return new Response(JSON.stringify({ ...answer, gainers: [], losers: [] }), { status: 200 });
      }),
    );
    try {
      const held = await marketApi.heldMovers("24h");
      expect(urls).toEqual(["/api/market/movers?scope=holdings&timeframe=24h"]);
      expect(held).toMatchObject({ gainers: [], losers: [], timeframe: "24h" });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
