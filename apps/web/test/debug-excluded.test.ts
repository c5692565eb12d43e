import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { groupExcluded } from "../src/features/portfolio/excluded-groups.ts";

const LOCALES = join(import.meta.dirname, "../src/i18n/locales");
const portfolio = (lang: string) => JSON.parse(readFileSync(join(LOCALES, lang, "portfolio.json"), "utf8"));

const FAKE = "0x00000000000000000000000000000000000fa4e1";
const COPY = "0x6b175474e89094c44da98b954eedeac495271d0f";
const entry = (contractAddress: string, code: "fake-symbol" | "fork-copy") => ({
  chainId: 369,
  contractAddress,
  symbol: code === "fake-symbol" ? "HEX" : "DAI",
  reason: code === "fake-symbol" ? "uses the symbol HEX of a known token at another address (fake)" : "fork copy",
  code,
});

describe("the developer panel's excluded tokens", () => {
  it("lists a token once with the number of wallets holding it, not one line per wallet", () => {
    const groups = groupExcluded([
      entry(FAKE, "fake-symbol"),
      entry(COPY, "fork-copy"),
      entry(FAKE, "fake-symbol"),
      entry(FAKE, "fake-symbol"),
    ]);
    expect(groups.map((g) => [g.contractAddress, g.wallets])).toEqual([
      [FAKE, 3],
      [COPY, 1],
    ]);
  });

  it("has every reason in German and English, with the symbol named", () => {
    for (const code of ["blocklisted", "fork-copy", "fake-symbol", "spam"]) {
      expect(portfolio("de").debug.excludedReason[code]).toBeTruthy();
      expect(portfolio("en").debug.excludedReason[code]).toBeTruthy();
    }
    expect(portfolio("de").debug.excludedReason["fake-symbol"]).toContain("{{symbol}}");
    expect(portfolio("de").debug.inWallets_other).toBe("in {{count}} Wallets");
  });
});
