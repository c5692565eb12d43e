import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { EndpointProbe, SystemCheck } from "@pulsemanager/core";
import { createInstance, type TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { endpointDetail, formatCheckFigure, formatCost, formatExpected } from "../src/features/debug/monitor-words.ts";

const LOCALES = join(import.meta.dirname, "../src/i18n/locales");
const catalogue = (lang: string) => JSON.parse(readFileSync(join(LOCALES, lang, "debug-monitor.json"), "utf8"));

async function translator(lang: "de" | "en"): Promise<TFunction> {
  const i18n = createInstance();
  await i18n.init({
    lng: lang,
    resources: { [lang]: { "debug-monitor": catalogue(lang) } },
    defaultNS: "debug-monitor",
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

/** Intl puts a no-break space before the currency sign. */
const plain = (text: string) => text.replace(/\u00a0/g, " ");

const probe = (extra: Partial<EndpointProbe>): EndpointProbe => ({
  id: "rpc-369",
  kind: "rpc",
  name: "PulseChain Mainnet RPC",
  ok: true,
  latencyMs: 12,
  ...extra,
});

describe("the debug monitor in the reader's language", () => {
  it("writes a block's number and age in words, not 'block 530 · 5763 s old'", async () => {
    const e = probe({ block: { number: "1234530", ageSeconds: 5763 } });
    expect(endpointDetail(e, await translator("de"), "de")).toBe("Block 1.234.530 · 96 Minuten alt");
    expect(endpointDetail(e, await translator("en"), "en")).toBe("block 1,234,530 · 96 minutes old");
  });

  it("names the price source as the portfolio does (Uniswap V2 on Ethereum, also from an old 'pulsex_v2')", async () => {
    const de = await translator("de");
    for (const source of ["uniswap_v2", "pulsex_v2"])
      expect(endpointDetail(probe({ id: "prices-1", kind: "prices", priceSource: source }), de, "de")).toBe(
        "Uniswap-V2-Pool",
      );
    expect(endpointDetail(probe({ id: "prices-369", kind: "prices", priceSource: "pulsex_v2" }), de, "de")).toBe(
      "PulseX-V2-Pool",
    );
    expect(
      endpointDetail(probe({ id: "ecb", kind: "fx", rate: { day: "2025-03-12", usdPerEur: "1.0832" } }), de, "de"),
    ).toBe("1,0832 US-Dollar je Euro vom 12.03.2025");
    expect(endpointDetail(probe({ ok: false, problem: "noAnswer" }), de, "de")).toBe("keine Antwort");
  });

  it("formats figures, costs and expectations with the language's separators and currency", async () => {
    expect(plain(formatCheckFigure("1557503.16", "usd", "de"))).toBe("1.557.503,16 $");
    expect(plain(formatCheckFigure("1557503.16", "usd", "en"))).toBe("$1,557,503.16");
    expect(plain(formatCheckFigure("1500", "count", "de"))).toBe("1.500");
    expect(plain(formatCost("2.199", "de"))).toBe("2,199 $");
    expect(plain(formatCost("2.199", "en"))).toBe("$2.199");
    const owner: SystemCheck = {
      id: "ownerValue",
      ok: false,
      severity: "info",
      unit: "usd",
      value: "5",
      expected: { op: "between", bounds: ["10000", "100000"] },
    };
    expect(plain(formatExpected(owner, await translator("de"), "de"))).toBe("zwischen 10.000,00 $ und 100.000,00 $");
  });

  it("has a German word for every status, none of them the English enum", () => {
    const de = catalogue("de");
    for (const status of ["OPERATIONAL", "WARNING", "DEGRADED", "NO_WALLETS"]) {
      expect(de.status[status]).toBeTruthy();
      expect(de.status[status]).not.toMatch(/OPERATIONAL|DEGRADED|WARNING/);
    }
    expect(de.inconsistency.title).not.toMatch(/INCONSISTENCY/);
  });
});
