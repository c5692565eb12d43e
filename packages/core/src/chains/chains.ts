/** Chain ids and names, and the chains the app reads. */
export const PULSECHAIN = 369;
export const ETHEREUM = 1;
export const PULSECHAIN_TESTNET = 943;
export const ETHEREUM_SEPOLIA = 11_155_111;

export type SupportedChainId = typeof PULSECHAIN | typeof ETHEREUM;

export interface ChainInfo {
  id: number;
  name: string;
  nativeSymbol: string;
  nativeName: string;
  /** The key DefiLlama uses for tokens on this chain ("pulse:0x..."). */
  defillamaKey?: string;
  /** Address of the wrapped native token (WPLS, WETH). */
  wrappedNative?: string;
}

export const CHAINS: Readonly<Record<number, ChainInfo>> = {
  [PULSECHAIN]: {
    id: PULSECHAIN,
    name: "PulseChain Mainnet",
    nativeSymbol: "PLS",
    nativeName: "Pulse",
    defillamaKey: "pulse",
    wrappedNative: "0xa1077a294dde1b09bb078844df40758a5d0f9a27",
  },
  [ETHEREUM]: {
    id: ETHEREUM,
    name: "Ethereum Mainnet",
    nativeSymbol: "ETH",
    nativeName: "Ether",
    defillamaKey: "ethereum",
    wrappedNative: "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2",
  },
  [PULSECHAIN_TESTNET]: {
    id: PULSECHAIN_TESTNET,
    name: "PulseChain Testnet",
    nativeSymbol: "tPLS",
    nativeName: "Test Pulse",
  },
  [ETHEREUM_SEPOLIA]: {
    id: ETHEREUM_SEPOLIA,
    name: "Ethereum Sepolia",
    nativeSymbol: "ETH",
    nativeName: "Sepolia Ether",
  },
};

/** Chains whose wallets the app loads (both; PulseChain is the default). */
export const PORTFOLIO_CHAINS: readonly SupportedChainId[] = [PULSECHAIN, ETHEREUM];

export function chainName(chainId: number): string {
  return CHAINS[chainId]?.name ?? `Chain ${chainId}`;
}

export function chainHex(chainId: number): string {
  return `0x${chainId.toString(16)}`;
}

export function isSupportedChain(chainId: number): chainId is SupportedChainId {
  return chainId === PULSECHAIN || chainId === ETHEREUM;
}
