import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { TokenHolding } from "@pulsemanager/core";
import { describe, expect, it } from "vitest";
import {
  CU_KEEP,
  type CuEntry,
  cuBand,
  estimateComputeUnits,
  pushEntry,
} from "../src/features/portfolio/cu-monitor-store.ts";
import { isDebugShortcut } from "../src/features/portfolio/debug-shortcut.ts";
import { distributionOf } from "../src/features/portfolio/distribution.ts";
import {
  addHiddenToken,
  hiddenTokenId,
  hiddenTokensStorageKey,
  parseHiddenTokens,
  readHiddenTokens,
  writeHiddenTokens,
} from "../src/features/portfolio/hidden-tokens.ts";
import { stakeTitleValues } from "../src/features/portfolio/positions-section.tsx";
import { sourceLabelKey } from "../src/features/portfolio/price-source-badge.tsx";
import { emptyTableKey, readFailureLines } from "../src/features/portfolio/read-failures.ts";
import {
  availableAtOfResult,
  isStale,
  laterOf,
  refreshAvailability,
  refreshButtonState,
  retryAfterSecondsOf,
} from "../src/features/portfolio/refresh-state.ts";
import { DEFAULT_FILTER, filterTokens } from "../src/features/portfolio/token-filter.ts";
import { DEFAULT_SORT, nextSort, sortTokens } from "../src/features/portfolio/token-sort.ts";
import { priceProblem } from "../src/features/portfolio/token-table.tsx";
import { explorerAddressUrl, hueOf, shortAddress, tokenInitials } from "../src/lib/address.ts";
import { ApiError, NetworkError } from "../src/lib/api.ts";
import {
  formatDateTime,
  formatDay,
  formatExact,
  formatFixed,
  formatPercent,
  formatPrice,
  formatSharePercent,
  formatTokenBalance,
  formatUsd,
  formatWalletBalance,
  usdDecimals,
} from "../src/lib/format-number.ts";

// Non-breaking spaces in Intl output are normalised so the expectations stay readable.
const n = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("number formatting", () => {
  it("formats USD values with 2 decimals, 6 under 0.01, by language", () => {
    expect(n(formatUsd("1234.5", "de"))).toBe("1.234,50 $");
    expect(n(formatUsd("1234.5", "en"))).toBe("$1,234.50");
    expect(n(formatUsd("0.004321", "de"))).toBe("0,004321 $");
    expect(n(formatUsd("0.004321", "en"))).toBe("$0.004321");
    expect(n(formatUsd("0", "de"))).toBe("0,00 $");
    expect(n(formatUsd("0.01", "en"))).toBe("$0.01");
    expect(usdDecimals("0.0099")).toBe(6);
    expect(usdDecimals("0.01")).toBe(2);
    expect(usdDecimals("0")).toBe(2);
  });

  it("keeps significant digits for tiny values instead of showing zero", () => {
    expect(n(formatUsd("0.0000000481234", "de"))).toBe("0,00000004812 $");
    expect(formatTokenBalance("0.00000004812", "en")).toBe("0.00000004812");
    expect(n(formatPrice("0.0000000000123456", "en"))).toBe("$0.00000000001235");
  });

  it("formats token balances with 6 decimals and wallet balances with 4", () => {
    expect(formatTokenBalance("1234567.1234567", "de")).toBe("1.234.567,123457");
    expect(formatTokenBalance("1234567.1234567", "en")).toBe("1,234,567.123457");
    expect(formatTokenBalance("5", "de")).toBe("5,000000");
    expect(formatWalletBalance("12345.678951", "de")).toBe("12.345,6790");
    expect(formatWalletBalance("0.5", "en")).toBe("0.5000");
  });

  it("formats an imported amount exactly as written: every decimal, none added", () => {
    expect(formatExact("9090.91", "de")).toBe("9.090,91");
    expect(formatExact("10000", "en")).toBe("10,000");
    expect(formatExact("193.02779901061902311", "en")).toBe("193.02779901061902311");
  });

  it("formats prices with 8 decimals", () => {
    expect(n(formatPrice("0.00005", "de"))).toBe("0,00005000 $");
    expect(n(formatPrice("2400", "en"))).toBe("$2,400.00000000");
  });

  it("never loses precision on huge amounts (strings, not floats)", () => {
    expect(formatTokenBalance("123456789012345678901234.5", "en")).toBe("123,456,789,012,345,678,901,234.500000");
    expect(formatFixed("9007199254740993", "en", { decimals: 0 })).toBe("9,007,199,254,740,993");
  });

  it("formats shares in percent and shows a dash for garbage", () => {
    expect(n(formatPercent("12.345", "de"))).toBe("12,35 %");
    expect(formatPercent("12.345", "en")).toBe("12.35%");
    // A share of a supply keeps up to 4 places: a small burn is not "0.00 %".
    expect(n(formatSharePercent("0.0002", "de"))).toBe("0,0002 %");
    expect(formatSharePercent("0.1604", "en")).toBe("0.1604%");
    expect(formatSharePercent("25", "en")).toBe("25.00%");
    expect(formatUsd("abc", "de")).toBe("–");
  });
});

describe("addresses and token icons", () => {
  it("shortens to the first 6 and last 4 characters", () => {
    expect(shortAddress("0x95b303987a60c71504d99aa1b13b4da07b0790ab")).toBe("0x95b3...90ab");
    expect(shortAddress("0x1234")).toBe("0x1234");
  });
  it("links PulseChain and Ethereum explorers", () => {
    expect(explorerAddressUrl(369, "0xabc")).toBe("https://scan.pulsechain.com/address/0xabc");
    expect(explorerAddressUrl(1, "0xabc")).toBe("https://etherscan.io/address/0xabc");
    expect(explorerAddressUrl(943, "0xabc")).toBeNull();
  });
  it("derives a stable colour and initials", () => {
    expect(hueOf("0xAbC")).toBe(hueOf("0xabc"));
    expect(hueOf("0xabc")).toBeGreaterThanOrEqual(0);
    expect(hueOf("0xabc")).toBeLessThan(360);
    expect(tokenInitials("PLSX")).toBe("PL");
    expect(tokenInitials("pDAI")).toBe("PD");
    expect(tokenInitials("$$")).toBe("?");
  });
});

function holding(over: Partial<TokenHolding>): TokenHolding {
  return {
    symbol: "TKN",
    name: "Token",
    contractAddress: "0x0000000000000000000000000000000000000001",
    decimals: 18,
    balance: "1",
    price: "1",
    total_usd: "1",
    value: "1",
    hasReliablePrice: true,
    priceSource: "defillama",
    priceNote: null,
    priceWarning: false,
    isIncludedInPortfolio: true,
    holdingRank: 1,
    percentageOfPortfolio: "10",
    walletAddress: "0x00000000000000000000000000000000000000aa",
    chainId: 369,
    unpricedAirdrop: false,
    ...over,
  };
}

describe("token sorting", () => {
  const plsx = holding({ symbol: "PLSX", balance: "1000000", price: "0.00003", value: "30" });
  const hex = holding({ symbol: "HEX", balance: "500", price: "0.005", value: "2.5" });
  const pls = holding({ symbol: "PLS", balance: "20000000", price: "0.00005", value: "1000" });
  const junk = holding({ symbol: "ZZZ", balance: "5", price: null, value: "0", hasReliablePrice: false });
  const all = [plsx, hex, junk, pls];
  const symbols = (list: TokenHolding[]) => list.map((t) => t.symbol);

  it("sorts by value descending by default, decimals compared exactly", () => {
    expect(symbols(sortTokens(all, DEFAULT_SORT))).toEqual(["PLS", "PLSX", "HEX", "ZZZ"]);
    expect(symbols(sortTokens(all, { key: "value", direction: "asc" }))).toEqual(["ZZZ", "HEX", "PLSX", "PLS"]);
  });
  it("sorts by balance, by name, and by price with unpriced tokens always last", () => {
    expect(symbols(sortTokens(all, { key: "balance", direction: "desc" }))).toEqual(["PLS", "PLSX", "HEX", "ZZZ"]);
    expect(symbols(sortTokens(all, { key: "name", direction: "asc" }))).toEqual(["HEX", "PLS", "PLSX", "ZZZ"]);
    expect(symbols(sortTokens(all, { key: "price", direction: "desc" }))).toEqual(["HEX", "PLS", "PLSX", "ZZZ"]);
    expect(symbols(sortTokens(all, { key: "price", direction: "asc" }))).toEqual(["PLSX", "PLS", "HEX", "ZZZ"]);
  });
  it("does not touch the input and flips direction on the same column", () => {
    sortTokens(all, { key: "name", direction: "asc" });
    expect(symbols(all)).toEqual(["PLSX", "HEX", "ZZZ", "PLS"]);
    expect(nextSort(DEFAULT_SORT, "value")).toEqual({ key: "value", direction: "asc" });
    expect(nextSort(DEFAULT_SORT, "name")).toEqual({ key: "name", direction: "asc" });
    expect(nextSort({ key: "name", direction: "asc" }, "price")).toEqual({ key: "price", direction: "desc" });
  });
  it("names what is wrong with a price", () => {
    expect(priceProblem(junk)).toBe("unavailable");
    expect(priceProblem(holding({ price: "0.00005", hasReliablePrice: false, priceSource: "fallback" }))).toBe(
      "unreliable",
    );
    expect(priceProblem(pls)).toBeNull();
  });
});

describe("hidden tokens", () => {
  class MemoryStorage {
    data = new Map<string, string>();
    getItem = (k: string) => this.data.get(k) ?? null;
    setItem = (k: string, v: string) => void this.data.set(k, v);
    removeItem = (k: string) => void this.data.delete(k);
  }

  it("stores chainId:address per user under hiddenTokens_{userId}", () => {
    expect(hiddenTokensStorageKey("u1")).toBe("hiddenTokens_u1");
    expect(hiddenTokenId({ chainId: 369, contractAddress: "0xABC" })).toBe("369:0xabc");
    expect(hiddenTokenId({ chainId: 1, contractAddress: "native" })).toBe("1:native");
    const storage = new MemoryStorage();
    writeHiddenTokens(storage, "u1", ["369:0xabc", "1:native"]);
    expect(storage.getItem("hiddenTokens_u1")).toBe('["369:0xabc","1:native"]');
    expect(readHiddenTokens(storage, "u1")).toEqual(["369:0xabc", "1:native"]);
    expect(readHiddenTokens(storage, "u2")).toEqual([]);
    writeHiddenTokens(storage, "u1", []);
    expect(storage.getItem("hiddenTokens_u1")).toBeNull();
  });
  it("reads broken values as nothing hidden and drops duplicates", () => {
    expect(parseHiddenTokens(null)).toEqual([]);
    expect(parseHiddenTokens("{")).toEqual([]);
    expect(parseHiddenTokens('{"a":1}')).toEqual([]);
    expect(parseHiddenTokens('["369:0xa", 5, "bad", "369:0xa"]')).toEqual(["369:0xa"]);
    expect(addHiddenToken(["369:0xa"], "369:0xa")).toEqual(["369:0xa"]);
    expect(addHiddenToken(["369:0xa"], "1:native")).toEqual(["369:0xa", "1:native"]);
  });
});

describe("distribution", () => {
  it("sums a token over wallets, leaves out hidden and excluded tokens, keeps the top N plus the rest", () => {
    const a = "0x00000000000000000000000000000000000000a1";
    const tokens = [
      holding({ symbol: "A", contractAddress: a, value: "50", percentageOfPortfolio: "50" }),
      holding({ symbol: "A", contractAddress: a, value: "10", percentageOfPortfolio: "10", walletAddress: "0xbb" }),
      holding({ symbol: "B", contractAddress: "0xb", value: "20", percentageOfPortfolio: "20" }),
      holding({ symbol: "C", contractAddress: "0xc", value: "15", percentageOfPortfolio: "15" }),
      holding({ symbol: "D", contractAddress: "0xd", value: "5", percentageOfPortfolio: "5" }),
      holding({ symbol: "X", contractAddress: "0xe", value: "0", isIncludedInPortfolio: false }),
    ];
    const { entries, rest } = distributionOf(tokens, new Set(["369:0xc"]), 2);
    expect(entries.map((e) => [e.symbol, e.value, e.percentage])).toEqual([
      ["A", "60", "60"],
      ["B", "20", "20"],
    ]);
    expect(rest).toEqual({ value: "5", percentage: "5" });
    expect(distributionOf(tokens, new Set(), 10).rest).toBeNull();
    expect(distributionOf(tokens, new Set(), 10).entries).toHaveLength(4);
  });

  it("shows the valued liquidity and the stakes as one slice each, shares of the same total", () => {
    const tokens = [holding({ symbol: "A", contractAddress: "0xa", value: "50", percentageOfPortfolio: "50" })];
    const positions = {
      totals: { liquidity: "12.5", staked: "37.5" },
      totalValue: "100",
      labels: { liquidity: { symbol: "LP", name: "Liquidity" }, staked: { symbol: "Stakes", name: "HEX, staked" } },
    };
    const { entries } = distributionOf(tokens, new Set(), 10, positions);
    expect(entries.map((e) => [e.symbol, e.value, e.percentage])).toEqual([
      ["A", "50", "50"],
      ["Stakes", "37.5", "37.50"],
      ["LP", "12.5", "12.50"],
    ]);
    const none = distributionOf(tokens, new Set(), 10, { ...positions, totals: { liquidity: "0", staked: "0" } });
    expect(none.entries.map((e) => e.symbol)).toEqual(["A"]);
  });
});

describe("refresh button state", () => {
  const now = 1_000_000;
  it("is loading while a load runs, whatever else", () => {
    expect(refreshButtonState({ loading: true, stale: true, availableAt: now + 5_000, now })).toEqual({
      kind: "loading",
    });
  });
  it("counts down whole seconds while rate-limited", () => {
    expect(refreshButtonState({ loading: false, stale: false, availableAt: now + 4_100, now })).toEqual({
      kind: "rateLimited",
      seconds: 5,
    });
    expect(refreshButtonState({ loading: false, stale: false, availableAt: now, now })).toEqual({ kind: "default" });
  });
  it("is stale or default otherwise", () => {
    expect(refreshButtonState({ loading: false, stale: true, availableAt: null, now })).toEqual({ kind: "stale" });
    expect(refreshButtonState({ loading: false, stale: false, availableAt: null, now })).toEqual({ kind: "default" });
  });
  it("takes the wait from the result or from a 429 RATE_LIMITED", () => {
    expect(availableAtOfResult({ refreshAvailableAt: new Date(now + 120_000).toISOString() }, now)).toBe(now + 120_000);
    expect(availableAtOfResult({ refreshAvailableAt: new Date(now - 1_000).toISOString() }, now)).toBeNull();
    const limited = new ApiError(429, "RATE_LIMITED", "wait", {
      code: "RATE_LIMITED",
      message: "wait",
      retryAfterSeconds: 41.2,
    });
    expect(retryAfterSecondsOf(limited)).toBe(42);
    expect(retryAfterSecondsOf(new ApiError(429, "RATE_LIMITED", "wait"))).toBe(1);
    expect(retryAfterSecondsOf(new ApiError(500, "INTERNAL_ERROR", "x"))).toBeNull();
    expect(retryAfterSecondsOf(new NetworkError("down"))).toBeNull();
    expect(laterOf(null, 5)).toBe(5);
    expect(laterOf(7, null)).toBe(7);
    expect(laterOf(7, 9)).toBe(9);
    expect(laterOf(null, null)).toBeNull();
  });
});

describe("refresh availability (the page's button, 'Erneut versuchen' and each wallet's icon)", () => {
  it("is enabled when a refresh may run, and says the seconds when it may not", () => {
    expect(refreshAvailability({ kind: "default" })).toEqual({ enabled: true, waitSeconds: null });
    expect(refreshAvailability({ kind: "stale" })).toEqual({ enabled: true, waitSeconds: null });
    expect(refreshAvailability({ kind: "loading" })).toEqual({ enabled: false, waitSeconds: null });
    expect(refreshAvailability({ kind: "rateLimited", seconds: 42 })).toEqual({ enabled: false, waitSeconds: 42 });
  });
});

describe("what could not be read", () => {
  const A = "0x00000000000000000000000000000000000000a1";
  const B = "0x00000000000000000000000000000000000000b2";
  it("gives one line per chain and reason with the number of wallets it missed", () => {
    const readFailures = [
      { chainId: 369, walletAddresses: [A, B], reason: "unreachable" as const },
      { chainId: 1, walletAddresses: [A], reason: "rate_limited" as const },
      { chainId: 1, walletAddresses: [B], reason: "rate_limited" as const },
    ];
    expect(readFailureLines({ readFailures })).toEqual([
      { chainId: 369, reason: "unreachable", wallets: 2 },
      { chainId: 1, reason: "rate_limited", wallets: 2 },
    ]);
  });
  it("says the wallets could not be read instead of 'no tokens found' when nothing was read", () => {
    const failure = { chainId: 369, walletAddresses: [A], reason: "timeout" as const };
    expect(emptyTableKey({ tokens: [], readFailures: [failure] })).toBe("table.unread");
    expect(emptyTableKey({ tokens: [], readFailures: [] })).toBe("table.empty");
  });
});

describe("the token table's search and filters", () => {
  const plsx = holding({
    symbol: "PLSX",
    name: "PulseX",
    contractAddress: "0x95b303987a60c71504d99aa1b13b4da07b0790ab",
    value: "250",
  });
  const dust = holding({
    symbol: "DUST",
    name: "Dust",
    contractAddress: "0x00000000000000000000000000000000000000d5",
    value: "0.4",
  });
  const eth = holding({ symbol: "ETH", name: "Ether", contractAddress: "native", chainId: 1, value: "3000" });
  const sold = holding({ symbol: "OLD", name: "Sold Once", price: null, hasReliablePrice: false, value: "0" });
  const airdrops = Array.from({ length: 3000 }, (_, i) =>
    holding({
      symbol: `SPAM${i}`,
      name: `Claim reward ${i}`,
      contractAddress: `0x${(i + 1).toString(16).padStart(40, "0")}`,
      price: null,
      hasReliablePrice: false,
      value: "0",
      unpricedAirdrop: true,
    }),
  );
  const all = [plsx, dust, eth, sold, ...airdrops];

  it("hides unpriced never-sold airdrops by default, counts them, and shows them on request", () => {
    const hidden = filterTokens(all, DEFAULT_FILTER);
    expect(hidden.rows).toEqual([plsx, dust, eth, sold]);
    expect(hidden.hiddenAirdrops).toBe(3000);
    const shown = filterTokens(all, { ...DEFAULT_FILTER, showAirdrops: true });
    expect(shown.rows).toHaveLength(3004);
    expect(shown.hiddenAirdrops).toBe(0);
  });

  it("searches name, symbol and contract address in any case", () => {
    const find = (query: string) => filterTokens(all, { ...DEFAULT_FILTER, query }).rows;
    expect(find("plsx")).toEqual([plsx]);
    expect(find("pulsex")).toEqual([plsx]);
    expect(find("0x95B303")).toEqual([plsx]);
    expect(find("  ether ")).toEqual([eth]);
    // The count says what showing would add to this search.
    expect(filterTokens(all, { ...DEFAULT_FILTER, query: "SPAM12" }).hiddenAirdrops).toBe(111);
  });

  it("filters by chain and hides small or unpriced holdings", () => {
    expect(filterTokens(all, { ...DEFAULT_FILTER, chainId: 1 }).rows).toEqual([eth]);
    expect(filterTokens(all, { ...DEFAULT_FILTER, hideSmall: true }).rows).toEqual([plsx, eth, sold]);
    expect(filterTokens(all, { ...DEFAULT_FILTER, hideUnpriced: true }).rows).toEqual([plsx, dust, eth]);
  });
});

describe("HEX stake titles", () => {
  const catalogue = (lang: string) =>
    JSON.parse(readFileSync(join(import.meta.dirname, "../src/i18n/locales", lang, "portfolio.json"), "utf8"));
  const title = (lang: string, p: { stakeId: string; chainId: number }) => {
    const values = stakeTitleValues(p) as Record<string, string>;
    return (catalogue(lang).positions.stakes.name as string).replace(
      /\{\{(\w+)\}\}/g,
      (_, k: string) => values[k] ?? "",
    );
  };
  it("tells two stakes with the same number on PulseChain and Ethereum apart", () => {
    expect(title("de", { stakeId: "1", chainId: 369 })).toBe("Stake #1 auf PulseChain");
    expect(title("de", { stakeId: "1", chainId: 1 })).toBe("Stake #1 auf Ethereum");
    expect(title("en", { stakeId: "2", chainId: 369 })).toBe("Stake #2 on PulseChain");
  });
});

describe("compute-unit monitor", () => {
  it("rates by bands", () => {
    expect(cuBand(0)).toBe("cache");
    expect(cuBand(99)).toBe("optimal");
    expect(cuBand(100)).toBe("moderate");
    expect(cuBand(499)).toBe("moderate");
    expect(cuBand(500)).toBe("high");
  });
  it("estimates 5 per API call and nothing from the cache", () => {
    expect(estimateComputeUnits({ fromCache: false, apiCalls: 24 })).toBe(120);
    expect(estimateComputeUnits({ fromCache: true, apiCalls: 24 })).toBe(0);
  });
  it("keeps the last 10, newest first", () => {
    let list: CuEntry[] = [];
    for (let i = 1; i <= 12; i++) {
      list = pushEntry(list, { id: i, at: i, endpoint: "GET", fromCache: false, apiCalls: i, units: i * 5 });
    }
    expect(list).toHaveLength(CU_KEEP);
    expect(list[0]?.id).toBe(12);
    expect(list.at(-1)?.id).toBe(3);
  });
});

describe("debug shortcut", () => {
  it("is Ctrl+Shift+D", () => {
    expect(isDebugShortcut({ ctrlKey: true, shiftKey: true, altKey: false, key: "D" })).toBe(true);
    expect(isDebugShortcut({ ctrlKey: true, shiftKey: true, altKey: false, key: "d" })).toBe(true);
    expect(isDebugShortcut({ ctrlKey: true, shiftKey: false, altKey: false, key: "d" })).toBe(false);
    expect(isDebugShortcut({ ctrlKey: false, shiftKey: true, altKey: false, key: "D" })).toBe(false);
  });
});

describe("staleness", () => {
  it("is stale when the server says so or 10 minutes after lastUpdated", () => {
    const at = Date.parse("2025-03-01T12:00:00Z");
    const r = { stale: false, lastUpdated: "2025-03-01T12:00:00Z" };
    expect(isStale(r, at + 599_000)).toBe(false);
    expect(isStale(r, at + 600_000)).toBe(true);
    expect(isStale({ ...r, stale: true }, at)).toBe(true);
    expect(isStale({ stale: false, lastUpdated: "garbage" }, at)).toBe(false);
  });
});

describe("dates", () => {
  it("formats days and times by language", () => {
    expect(formatDay("2025-03-12", "de")).toBe("12.03.2025");
    expect(formatDay("2025-03-12", "en")).toBe("03/12/2025");
    expect(formatDay("2025-03-12", "de", false)).toBe("12.03.");
    expect(formatDay("2025-03-12", "en", false)).toBe("03/12");
    expect(formatDay("garbage", "de")).toBe("garbage");
    expect(formatDateTime("garbage", "de")).toBe("–");
    expect(formatDateTime("2025-03-12T10:00:00Z", "de")).toMatch(/^12\.03\.2025, \d{2}:\d{2}$/);
  });
});

describe("the price source badge", () => {
  it("names a V2 pool on Ethereum Uniswap, on PulseChain PulseX", () => {
    expect(sourceLabelKey("pulsex_v2", 1)).toBe("uniswap_v2");
    expect(sourceLabelKey("pulsex_v1", 1)).toBe("uniswap_v1");
    expect(sourceLabelKey("pulsex_v2", 369)).toBe("pulsex_v2");
    expect(sourceLabelKey("defillama", 1)).toBe("defillama");
  });
});
