/**
 * The one rule for tokens that are not what they claim: the portfolio leaves them out of the total,
 * the tax report out of its rows and figures (listing them with the reason), the ROI tracker out of
 * income. Tokens are judged by address, never by symbol alone.
 */
import type { TokenRegistry } from "../chains/known-tokens.ts";
import { tokenKey } from "../chains/token-id.ts";

/**
 * blocklisted: named in TOKEN_BLOCKLIST by the operator. fork-copy: a PulseChain fork copy of an
 * Ethereum token, worthless whatever its symbol says. fake-symbol: carries the symbol of a known token
 * at another address. spam: advertises a place to go (a link, a domain or "claim").
 */
export const EXCLUSION_REASONS = ["blocklisted", "fork-copy", "fake-symbol", "spam"] as const;
export type ExclusionReason = (typeof EXCLUSION_REASONS)[number];

export interface TokenIdentity {
  chainId: number;
  address: string;
  symbol: string;
  name: string;
}

const NONE: ReadonlySet<string> = new Set();

/** Airdropped spam advertises a place to go: a link, a domain or "claim". Words like "reward" alone are not enough. */
const SPAM_WORDS = /(https?:|www\.|t\.me\/|\.(com|io|org|net|xyz|site|app|example)\b|\bclaim\b)/i;

/**
 * Why a token is left out, or undefined to keep it. `blocklist` holds "chainId:0xaddress" (lower-case);
 * `included` the tokens the user included back (see token-choices.ts), which count unless blocklisted.
 */
export function exclusionReason(
  t: TokenIdentity,
  registry: TokenRegistry,
  blocklist: ReadonlySet<string>,
  included: ReadonlySet<string> = NONE,
): ExclusionReason | undefined {
  const key = tokenKey(t.chainId, t.address);
  if (blocklist.has(key)) return "blocklisted";
  if (included.has(key)) return undefined;
  const known = registry.get(t.chainId, t.address);
  if (known?.role === "fork-copy") return "fork-copy";
  if (known) return undefined;
  if (registry.hasSymbol(t.chainId, t.symbol)) return "fake-symbol";
  if (SPAM_WORDS.test(`${t.name} ${t.symbol}`)) return "spam";
  return undefined;
}

/** The reason in words, for logs and the debug panel (the pages translate the code). */
export function exclusionReasonText(reason: ExclusionReason, symbol: string): string {
  switch (reason) {
    case "blocklisted":
      return "blocklisted fake token";
    case "fork-copy":
      return "PulseChain fork copy of an Ethereum token (worthless)";
    case "fake-symbol":
      return `uses the symbol ${symbol} of a known token at another address (fake)`;
    case "spam":
      return "spam (advertises a link or a claim)";
  }
}
