import { type EndpointProbe, priceSourceLabel, type SystemCheck } from "@pulsemanager/core";
import type { TFunction } from "i18next";
import { formatDay, formatFixed, formatInteger, formatPercent, formatUsd } from "../../lib/format-number.ts";

/** Compute-unit costs, exact to a tenth of a cent: "2,199 $" / "$2.199". */
export function formatCost(usd: string, lang: string): string {
  return formatFixed(usd, lang, { decimals: 3, currency: "USD" });
}

/** A check's figure in the reader's language: 1.557.503,16 $, 1.234, 50,00 %. */
export function formatCheckFigure(value: string, unit: SystemCheck["unit"], lang: string): string {
  if (unit === "usd") return formatUsd(value, lang);
  if (unit === "percent") return formatPercent(value, lang);
  return formatFixed(value, lang, { decimals: 0 });
}

/** What passes, in words of the page: "> 0", "zwischen 10.000,00 $ und 100.000,00 $". */
export function formatExpected(check: SystemCheck, t: TFunction, lang: string): string {
  const [low = "0", high = "0"] = check.expected.bounds.map((b) => formatCheckFigure(b, check.unit, lang));
  if (check.expected.op === "between") return t("debug-monitor:checks.between", { low, high });
  return `${check.expected.op} ${low}`;
}

const LANGS = new Set(["de", "en"]);

/** What an upstream answered, worded: "Block 530 · vor 1 Std. 36 Min.", "Uniswap-V2-Pool", "EZB 1,0832 (12.03.2025)". */
export function endpointDetail(e: EndpointProbe, t: TFunction, lang: string): string {
  if (e.block) {
    return t("debug-monitor:endpoints.block", {
      number: formatFixed(e.block.number, lang, { decimals: 0 }),
      age: formatAge(e.block.ageSeconds, t, lang),
    });
  }
  const chainId = Number(e.id.split("-")[1]);
  if (e.priceSource)
    return priceSourceLabel(
      e.priceSource,
      Number.isFinite(chainId) ? chainId : null,
      LANGS.has(lang) ? (lang as "de" | "en") : "de",
    );
  if (e.rate)
    return t("debug-monitor:endpoints.rate", {
      rate: formatFixed(e.rate.usdPerEur, lang, { decimals: 4 }),
      day: formatDay(e.rate.day, lang),
    });
  return t(`debug-monitor:endpoints.problem.${e.problem ?? "noAnswer"}`, {
    defaultValue: t("debug-monitor:endpoints.problem.error", { name: e.problem }),
  });
}

/** A block's age: seconds, minutes, hours or days, whichever reads best. */
export function formatAge(seconds: number, t: TFunction, lang: string): string {
  if (seconds < 120) return t("debug-monitor:age.seconds", { count: seconds, n: formatInteger(seconds, lang) });
  if (seconds < 7200)
    return t("debug-monitor:age.minutes", {
      count: Math.floor(seconds / 60),
      n: formatInteger(Math.floor(seconds / 60), lang),
    });
  if (seconds < 172_800)
    return t("debug-monitor:age.hours", {
      count: Math.floor(seconds / 3600),
      n: formatInteger(Math.floor(seconds / 3600), lang),
    });
  return t("debug-monitor:age.days", {
    count: Math.floor(seconds / 86_400),
    n: formatInteger(Math.floor(seconds / 86_400), lang),
  });
}
