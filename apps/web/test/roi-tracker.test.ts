import type { RoiSourceOwner } from "@pulsemanager/core";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { sourceName, walletName } from "../src/features/roi-tracker/roi-labels.ts";
import { isPremiumRequired } from "../src/features/subscription/index.ts";
import deRoi from "../src/i18n/locales/de/roi.json";
import enRoi from "../src/i18n/locales/en/roi.json";
import { ApiError } from "../src/lib/api.ts";

const PRINT = "0x1111111111111111111111111111111111111111";
const HEXP = "0x2222222222222222222222222222222222222222";
const owner = (symbol: string, getter: RoiSourceOwner["getter"], token = PRINT): RoiSourceOwner => ({
  token,
  symbol,
  getter,
});

async function translator(lng: "de" | "en") {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { de: { roi: deRoi }, en: { roi: enRoi } }, defaultNS: "roi" });
  return (name: ReturnType<typeof sourceName>) => (name ? i18n.t(name.key, { symbol: name.symbol }) : null);
}

describe("ROI tracker labels", () => {
  it("names a printer by what it prints and a dividend tracker by its token, in both languages", async () => {
    const printer = sourceName({ sourceOwner: owner("PRINT", "distributor"), tokenSymbol: "PLSX" });
    const dividends = sourceName({ sourceOwner: owner("HEXP", "dividendTracker", HEXP), tokenSymbol: "HEX" });
    const de = await translator("de");
    const en = await translator("en");
    expect([de(printer), de(dividends)]).toEqual(["PLSX-Drucker", "HEXP-Dividenden"]);
    expect([en(printer), en(dividends)]).toEqual(["PLSX printer", "HEXP dividends"]);
  });

  it("falls back to the address for a sender no token names", () => {
    expect(sourceName({ sourceOwner: null, tokenSymbol: "PLSX" })).toBeNull();
    expect(sourceName({ sourceOwner: owner("ABC", null), tokenSymbol: "PLSX" })).toEqual({
      key: "sourceName.payer",
      symbol: "ABC",
    });
  });

  it("shows a payout's wallet by its nickname, else by its short address", () => {
    const wallets = [{ address: "0xAbCdEf0000000000000000000000000000000001", nickname: "Printer-Wallet" }];
    expect(walletName("0xabcdef0000000000000000000000000000000001", wallets)).toBe("Printer-Wallet");
    expect(walletName("0x9999990000000000000000000000000000000002", wallets)).toBe("0x9999...0002");
  });

  it("offers a Basic user the plans instead of a retry", () => {
    expect(isPremiumRequired(new ApiError(403, "PREMIUM_REQUIRED", "Premium required"))).toBe(true);
    expect(isPremiumRequired(new ApiError(500, "INTERNAL_ERROR", "boom"))).toBe(false);
    expect(isPremiumRequired(new Error("offline"))).toBe(false);
  });
});
