/**
 * Price sources in words for people (the page, the advisor's PDF and CSV). The raw ids stay in the
 * JSON: "pulsex_v2+ecb:2024-01-11" becomes "PulseX-V2-Pool, EZB-Referenzkurs vom 11.01.2024". A V2
 * pool on Ethereum is a Uniswap V2 pool, not PulseX.
 */
import { ETHEREUM } from "../chains/chains.ts";

export type LabelLanguage = "de" | "en";

const POOL_DEX: Record<number, string> = { [ETHEREUM]: "Uniswap" };

function germanDay(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : iso;
}

/** The app's English dates: 03/12/2024 for 12 March. */
function englishDay(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : iso;
}

const WORDS: Record<LabelLanguage, Record<string, string>> = {
  de: {
    defillama: "DefiLlama",
    stablecoin: "Stablecoin (1 USD)",
    stablecoins: "Stablecoin (1 USD)",
    wrapped_base: "Kurs des Basis-Coins (Wrapped Token)",
    fallback: "Ersatzkurs (unsicher)",
    fallback_minimal: "Ersatzkurs (unsicher)",
    input: "Angabe in den Eingabedaten",
    manual: "manuelle Angabe",
    declared: "Deine Angabe",
    "input-prices": "Kurse aus den Eingabedaten",
    pool: "Pool",
    ecb: "EZB-Referenzkurs vom",
  },
  en: {
    defillama: "DefiLlama",
    stablecoin: "Stablecoin (1 USD)",
    stablecoins: "Stablecoin (1 USD)",
    wrapped_base: "Price of the base coin (wrapped token)",
    fallback: "Fallback price (unreliable)",
    fallback_minimal: "Fallback price (unreliable)",
    input: "Given in the input",
    manual: "manual entry",
    declared: "Your statement",
    "input-prices": "Prices from the input",
    pool: "pool",
    ecb: "ECB reference rate of",
  },
};

function partLabel(part: string, chainId: number | null, lang: LabelLanguage): string {
  const words = WORDS[lang];
  const pool = /^(pulsex|uniswap)_v([12])$/.exec(part);
  if (pool) {
    const named = pool[1] === "uniswap" ? "Uniswap" : undefined;
    const dex = named ?? (chainId !== null ? POOL_DEX[chainId] : undefined) ?? "PulseX";
    return lang === "de" ? `${dex}-V${pool[2]}-Pool` : `${dex} V${pool[2]} ${words.pool}`;
  }
  const ecb = /^ecb(?::(\d{4}-\d{2}-\d{2}))?$/.exec(part);
  if (ecb) {
    if (!ecb[1]) return lang === "de" ? "EZB-Referenzkurs" : "ECB reference rate";
    return `${words.ecb} ${lang === "de" ? germanDay(ecb[1]) : englishDay(ecb[1])}`;
  }
  return words[part] ?? part;
}

/** "pulsex_v2+ecb:2024-01-11" on chain 1 -> "Uniswap-V2-Pool, EZB-Referenzkurs vom 11.01.2024". */
export function priceSourceLabel(source: string | null, chainId: number | null, lang: LabelLanguage = "de"): string {
  if (!source) return lang === "de" ? "unbekannt" : "unknown";
  return source
    .split("+")
    .map((part) => partLabel(part.trim(), chainId, lang))
    .join(", ");
}
