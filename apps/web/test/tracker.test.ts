import { TRACKER_TOKENS_SHOWN, type TrackedToken } from "@pulsemanager/core";
import type { TFunction } from "i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { trackerApi } from "../src/features/tracker/tracker-api.ts";
import {
  checkTrackerAddress,
  shownTokens,
  type TrackerToast,
  trackerErrorToast,
  trackerResultToast,
} from "../src/features/tracker/tracker-messages.ts";
import {
  connectButtonOf,
  defaultTrackerAddress,
  pickedWallet,
  savedWalletChoices,
} from "../src/features/tracker/tracker-wallets.ts";
import { ApiError, NetworkError } from "../src/lib/api.ts";
import { translator } from "./market-i18n.ts";

const WALLET = "0xba1393da1eeb9c43fe560273e3ad3202ae21fff2";

function tracked(n: number, chainId = 369): TrackedToken {
  return {
    chainId,
    kind: "token",
    address: `0x${n.toString(16).padStart(40, "0")}`,
    symbol: `T${n}`,
    name: `Token ${n}`,
    balance: "1",
    priceUsd: null,
    priceThenUsd: null,
    change: null,
    valueUsd: null,
    valueChangeUsd: null,
  };
}

let t: Record<"de" | "en", TFunction>;
beforeAll(async () => {
  t = { de: await translator("de"), en: await translator("en") };
});

/** The toast as the page shows it (the same steps as use-tracker's, with the app's catalogues). */
function shown(toast: TrackerToast, lang: "de" | "en"): { title: string; description: string } {
  const tr = t[lang];
  const d = toast.description;
  const message = (m: { key: string; values?: Record<string, string | number> } | { raw: string }) =>
    "raw" in m ? m.raw : tr(`common:${m.key}`, m.values);
  const description =
    "apiError" in d
      ? tr("tracker:toast.apiError", { message: message(d.apiError) })
      : "error" in d
        ? message(d.error)
        : tr(`tracker:${d.key}`, d.values);
  return { title: tr(`tracker:${toast.title}`), description };
}

describe("the tracker's messages", () => {
  it("an empty address: Fehler / Bitte gib eine Wallet-Adresse ein oder verbinde deine Wallet", () => {
    const checked = checkTrackerAddress("   ");
    if (!("toast" in checked)) throw new Error("accepted an empty address");
    expect(shown(checked.toast, "de")).toEqual({
      title: "Fehler",
      description: "Bitte gib eine Wallet-Adresse ein oder verbinde deine Wallet",
    });
    expect(shown(checked.toast, "en")).toEqual({
      title: "Error",
      description: "Please enter a wallet address or connect your wallet",
    });
    expect(shown(trackerErrorToast(new ApiError(400, "ADDRESS_REQUIRED", "x")), "de").title).toBe("Fehler");
  });

  it("an address that is none is refused before the server is asked; a good one is used lower-case", () => {
    const checked = checkTrackerAddress("0x123");
    if (!("toast" in checked)) throw new Error("accepted 0x123");
    expect(shown(checked.toast, "de")).toEqual({
      title: "Fehler",
      description: "Bitte gib eine gültige Wallet-Adresse ein (0x...)",
    });
    expect(checkTrackerAddress(` ${WALLET.toUpperCase().replace("0X", "0x")} `)).toEqual({ address: WALLET });
  });

  it("no tokens: Keine Token gefunden / Diese Wallet enthält keine ERC20-Token auf Ethereum oder PulseChain", () => {
    const toast = trackerResultToast({ tokens: [], counts: {} });
    expect(shown(toast, "de")).toEqual({
      title: "Keine Token gefunden",
      description: "Diese Wallet enthält keine ERC20-Token auf Ethereum oder PulseChain",
    });
    expect(shown(toast, "en").title).toBe("No tokens found");
  });

  it("success: Tracking erfolgreich / N Token gefunden: Ethereum (x), PulseChain (y)", () => {
    const tokens = [tracked(1, 1), tracked(2), tracked(3), tracked(4)];
    const toast = trackerResultToast({ tokens, counts: { "1": 1, "369": 3 } });
    expect(toast.variant).toBe("success");
    expect(shown(toast, "de")).toEqual({
      title: "Tracking erfolgreich",
      description: "4 Token gefunden: Ethereum (1), PulseChain (3)",
    });
    expect(shown(toast, "en")).toEqual({
      title: "Tracking successful",
      description: "4 tokens found: Ethereum (1), PulseChain (3)",
    });
    const one = trackerResultToast({ tokens: [tracked(1)], counts: { "369": 1 } });
    expect(shown(one, "en").description).toBe("1 token found: Ethereum (0), PulseChain (1)");
  });

  it("a failed load: Fehler beim Laden / API-Fehler: … in the user's language", () => {
    const unavailable = trackerErrorToast(new ApiError(503, "MARKET_UNAVAILABLE", "down"));
    expect(shown(unavailable, "de")).toEqual({
      title: "Fehler beim Laden",
      description: "API-Fehler: Marktdaten sind gerade nicht erreichbar. Versuche es in einer Minute noch einmal.",
    });
    expect(shown(unavailable, "en").title).toBe("Error loading");
    expect(shown(unavailable, "en").description).toMatch(/^API error: Market data cannot be reached/);
    const offline = shown(trackerErrorToast(new NetworkError(new TypeError("Failed to fetch"))), "de");
    expect(offline.title).toBe("Fehler beim Laden");
    expect(offline.description.startsWith("API-Fehler: ")).toBe(true);
    expect(shown(trackerErrorToast(new ApiError(400, "INVALID_ADDRESS", "x")), "en")).toEqual({
      title: "Error",
      description: "Please enter a valid wallet address (0x...)",
    });
  });

  it("empty cards and the disclaimer in the original product's words", () => {
    expect(t.de("tracker:noData")).toBe("Keine Daten verfügbar");
    expect(t.de("tracker:noBurnData")).toBe("Keine Burn-Daten verfügbar");
    expect(t.de("tracker:noPerformanceData")).toBe("Keine Token-Performance-Daten verfügbar");
    expect(t.en("tracker:disclaimer")).toMatch(/past performance is no guarantee of future results/i);
    expect(t.de("tracker:disclaimer")).toMatch(/keine Garantie für zukünftige/);
  });
});

describe("the wallet's token list", () => {
  it("shows 10 and counts the rest: und N weitere / and N more", () => {
    const tokens = Array.from({ length: 23 }, (_, i) => tracked(i + 1));
    const { shown: list, more } = shownTokens(tokens, TRACKER_TOKENS_SHOWN);
    expect(list.map((x) => x.symbol)).toEqual(tokens.slice(0, 10).map((x) => x.symbol));
    expect(more).toBe(13);
    expect(t.de("tracker:andMore", { count: more })).toBe("und 13 weitere");
    expect(t.en("tracker:andMore", { count: more })).toBe("and 13 more");
    expect(shownTokens(tokens.slice(0, 10), TRACKER_TOKENS_SHOWN).more).toBe(0);
    expect(shownTokens([], TRACKER_TOKENS_SHOWN)).toEqual({ shown: [], more: 0 });
  });
});

describe("GET /api/tracker", () => {
  afterEach(() => vi.unstubAllGlobals());
  it("asks for the address and timeframe and rejects an answer that does not fit the shared schema", async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        urls.push(url);
        return new Response(JSON.stringify({ address: WALLET, tokens: "not a list" }), { status: 200 });
      }),
    );
    await expect(trackerApi.track(WALLET, "3d")).rejects.toThrow();
    expect(urls).toEqual([`/api/tracker?address=${WALLET}&timeframe=3d`]);
  });
});

describe("CryptoWatch's wallets: saved wallets first, and the original's connect button", () => {
  const A = "0x1111111111111111111111111111111111111111";
  const B = "0x2222222222222222222222222222222222222222";
  const saved = savedWalletChoices([
    { address: A.toUpperCase().replace("0X", "0x"), nickname: "Haupt" },
    { address: A, nickname: "Haupt (Ethereum)" },
    { address: B, nickname: "Spar" },
  ]);

  it("lists each saved address once, in the list's order, for the picker", () => {
    expect(saved).toEqual([
      { address: A, nickname: "Haupt" },
      { address: B, nickname: "Spar" },
    ]);
    expect(pickedWallet(saved, ` ${B} `)).toBe(B);
    expect(pickedWallet(saved, WALLET)).toBe("");
  });

  it("opens on a saved wallet: the connected one when saved, else the first; else the connected one; else empty", () => {
    expect(defaultTrackerAddress(saved, null)).toBe(A);
    expect(defaultTrackerAddress(saved, B)).toBe(B);
    expect(defaultTrackerAddress(saved, WALLET)).toBe(A);
    expect(defaultTrackerAddress([], WALLET)).toBe(WALLET);
    expect(defaultTrackerAddress([], null)).toBe("");
  });

  it("'Wallet verbinden' / 'Connect wallet' without a connection, 'Trennen' / 'Disconnect' with one", () => {
    const connect = connectButtonOf(null, true);
    expect(connect).toEqual({ action: "connect", labelKey: "connect", disabled: false });
    expect(connectButtonOf(null, false).disabled).toBe(true);
    const disconnect = connectButtonOf(WALLET, false);
    expect(disconnect).toEqual({ action: "disconnect", labelKey: "disconnect", disabled: false });
    expect([t.de(`tracker:${connect.labelKey}`), t.en(`tracker:${connect.labelKey}`)]).toEqual([
      "Wallet verbinden",
      "Connect wallet",
    ]);
    expect([t.de(`tracker:${disconnect.labelKey}`), t.en(`tracker:${disconnect.labelKey}`)]).toEqual([
      "Trennen",
      "Disconnect",
    ]);
    expect([t.de("tracker:savedWallet"), t.en("tracker:savedWallet")]).toEqual(["Gespeicherte Wallet", "Saved wallet"]);
  });
});
