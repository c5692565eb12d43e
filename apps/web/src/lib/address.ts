import { chainName, ETHEREUM, PULSECHAIN } from "@pulsemanager/core";

/** The first 6 and the last 4 characters (docs/product/design.md). */
export function shortAddress(address: string): string {
  if (address.length <= 12) return address;
  return `${address.slice(0, 6)}...${address.slice(-4)}`;
}

const EXPLORERS: Readonly<Record<number, string>> = {
  [PULSECHAIN]: "https://scan.pulsechain.com",
  [ETHEREUM]: "https://etherscan.io",
};

/** The block explorer page of an address, or null for a chain without a known explorer. */
export function explorerAddressUrl(chainId: number, address: string): string | null {
  const base = EXPLORERS[chainId];
  return base ? `${base}/address/${address}` : null;
}

/** A stable hue (0-359) from an address or symbol, for the token initials circle. */
export function hueOf(text: string): number {
  let hash = 0;
  for (const char of text.toLowerCase()) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % 360;
}

/** Up to three initials of a token symbol ("PLSX" -> "PL", "pDAI" -> "PD"). */
export function tokenInitials(symbol: string): string {
  const letters = symbol.replace(/[^\p{L}\p{N}]/gu, "");
  return (letters.slice(0, 2) || "?").toUpperCase();
}

/** "PulseChain" / "Ethereum" (the chain name without " Mainnet"), for badges. */
export function shortChainName(chainId: number): string {
  return chainName(chainId).replace(/ Mainnet$/, "");
}
