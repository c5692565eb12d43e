import { PULSECHAIN } from "@pulsemanager/core";

const EXPLORERS: Record<number, string> = { 369: "https://scan.pulsechain.com", 1: "https://etherscan.io" };

/** The token's page on the chain's public explorer. */
export function explorerTokenUrl(chainId: number, address: string): string {
  return `${EXPLORERS[chainId] ?? EXPLORERS[PULSECHAIN]}/token/${address}`;
}

/** Where to swap the token: PulseX on PulseChain, Uniswap on Ethereum (opened in a new tab). */
export function swapUrl(chainId: number, address: string): string {
  return chainId === PULSECHAIN
    ? `https://app.pulsex.com/swap?outputCurrency=${address}`
    : `https://app.uniswap.org/swap?chain=mainnet&outputCurrency=${address}`;
}
