import type { TokenRegistry } from "@pulsemanager/core";

export interface TokenIdentity {
  chainId: number;
  address: string;
  symbol: string;
  name: string;
}

const SPAM_WORDS =
  /(https?:|www\.|\.com\b|\.io\b|\.org\b|\.net\b|\.xyz\b|\.example\b|claim|reward|airdrop|visit|voucher|giveaway)/i;

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
  if (SPAM_WORDS.test(`${t.name} ${t.symbol}`)) return "spam (advertises a link or a reward)";
  return undefined;
}
