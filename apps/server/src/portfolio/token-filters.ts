import type { TokenRegistry } from "@pulsemanager/core";

export interface TokenIdentity {
  chainId: number;
  address: string;
  symbol: string;
  name: string;
}

/** Airdropped spam advertises a place to go: a link, a domain or "claim". Words like "reward" alone are not enough. */
const SPAM_WORDS = /(https?:|www\.|t\.me\/|\.(com|io|org|net|xyz|site|app|example)\b|\bclaim\b)/i;

/**
 * Why a token is left out of the portfolio, or undefined to keep it. Tokens are
 * judged by address: fork copies and blocklisted contracts by their address, and a
 * contract that carries the symbol of a known token at another address is a fake.
 */
export function exclusionReason(
  t: TokenIdentity,
  registry: TokenRegistry,
  blocklist: ReadonlySet<string>,
): string | undefined {
  const key = `${t.chainId}:${t.address.toLowerCase()}`;
  if (blocklist.has(key)) return "blocklisted fake token";
  const known = registry.get(t.chainId, t.address);
  if (known?.role === "fork-copy") return "PulseChain fork copy of an Ethereum token (worthless)";
  if (known) return undefined;
  if (registry.hasSymbol(t.chainId, t.symbol))
    return `uses the symbol ${t.symbol} of a known token at another address (fake)`;
  if (SPAM_WORDS.test(`${t.name} ${t.symbol}`)) return "spam (advertises a link or a claim)";
  return undefined;
}
