import { ETHEREUM, PULSECHAIN } from "./chains.ts";
import { NATIVE, tokenKey } from "./token-id.ts";

export type TokenRole = "native" | "wrapped-native" | "stablecoin" | "bridged-wrapped" | "ecosystem" | "fork-copy";

export interface KnownToken {
  chainId: number;
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  role: TokenRole;
  /** For wrapped tokens: the asset it is valued as (wrapped to base). */
  baseOf?: { chainId: number; address: string };
  /** For a token that came over the bridge: the original on the other chain. */
  bridgedFrom?: { chainId: number; address: string };
  /**
   * For a wrapped coin whose own chain the app does not read (WBTC): the coin it is valued as,
   * by its CoinGecko id as the price service names it ("bitcoin").
   */
  baseCoin?: string;
}

const pls = (
  address: string,
  symbol: string,
  name: string,
  decimals: number,
  role: TokenRole,
  extra: Partial<KnownToken> = {},
): KnownToken => ({
  chainId: PULSECHAIN,
  address: address.toLowerCase(),
  symbol,
  name,
  decimals,
  role,
  ...extra,
});
const eth = (
  address: string,
  symbol: string,
  name: string,
  decimals: number,
  role: TokenRole,
  extra: Partial<KnownToken> = {},
): KnownToken => ({
  chainId: ETHEREUM,
  address: address.toLowerCase(),
  symbol,
  name,
  decimals,
  role,
  ...extra,
});

/**
 * The real mainnet addresses. PulseChain copied Ethereum's state at the fork, so
 * every Ethereum token also exists on PulseChain at the same address as a
 * worthless "fork copy"; only the tokens bridged from Ethereum are the real ones.
 */
export const KNOWN_TOKENS: readonly KnownToken[] = [
  pls(NATIVE, "PLS", "Pulse", 18, "native"),
  pls("0xA1077a294dDE1B09bB078844df40758a5D0f9a27", "WPLS", "Wrapped Pulse", 18, "wrapped-native", {
    baseOf: { chainId: PULSECHAIN, address: NATIVE },
  }),
  pls("0x95B303987A60C71504D99Aa1b13B4DA07b0790ab", "PLSX", "PulseX", 18, "ecosystem"),
  pls("0x2b591e99afE9f32eAA6214f7B7629768c40Eeb39", "HEX", "HEX", 8, "ecosystem"),
  pls("0x2fa878Ab3F87CC1C9737Fc071108F904c0B0C95d", "INC", "Incentive", 18, "ecosystem"),
  pls("0xefD766cCb38EaF1dfd701853BFCe31359239F305", "DAI", "Dai Stablecoin from Ethereum", 18, "stablecoin", {
    bridgedFrom: { chainId: ETHEREUM, address: "0x6b175474e89094c44da98b954eedeac495271d0f" },
  }),
  pls("0x15D38573d2feeb82e7ad5187aB8c1D52810B1f07", "USDC", "USD Coin from Ethereum", 6, "stablecoin", {
    bridgedFrom: { chainId: ETHEREUM, address: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48" },
  }),
  pls("0x0Cb6F5a34ad42ec934882A05265A7d5F59b51A2f", "USDT", "Tether USD from Ethereum", 6, "stablecoin", {
    bridgedFrom: { chainId: ETHEREUM, address: "0xdac17f958d2ee523a2206206994597c13d831ec7" },
  }),
  pls("0x02DcdD04e3F455D838cd1249292C58f3B79e3C3C", "WETH", "Wrapped Ether from Ethereum", 18, "bridged-wrapped", {
    baseOf: { chainId: ETHEREUM, address: NATIVE },
    bridgedFrom: { chainId: ETHEREUM, address: "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2" },
  }),
  pls("0xb17D901469B9208B17d916112988A3FeD19b5cA1", "WBTC", "Wrapped BTC from Ethereum", 8, "bridged-wrapped", {
    baseCoin: "bitcoin",
    bridgedFrom: { chainId: ETHEREUM, address: "0x2260fac5e5542a773aa44fbcfedf7c193bc2c599" },
  }),
  pls("0x6B175474E89094C44Da98b954EedeAC495271d0F", "DAI", "Dai Stablecoin (PulseChain fork copy)", 18, "fork-copy"),
  pls("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", "USDC", "USD Coin (PulseChain fork copy)", 6, "fork-copy"),
  pls("0xdAC17F958D2ee523a2206206994597C13D831ec7", "USDT", "Tether USD (PulseChain fork copy)", 6, "fork-copy"),
  pls("0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2", "WETH", "Wrapped Ether (PulseChain fork copy)", 18, "fork-copy"),

  eth(NATIVE, "ETH", "Ether", 18, "native"),
  eth("0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2", "WETH", "Wrapped Ether", 18, "wrapped-native", {
    baseOf: { chainId: ETHEREUM, address: NATIVE },
  }),
  eth("0x6B175474E89094C44Da98b954EedeAC495271d0F", "DAI", "Dai Stablecoin", 18, "stablecoin"),
  eth("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", "USDC", "USD Coin", 6, "stablecoin"),
  eth("0xdAC17F958D2ee523a2206206994597C13D831ec7", "USDT", "Tether USD", 6, "stablecoin"),
  eth("0x4Fabb145d64652a948d72533023f6E7A623C7C53", "BUSD", "Binance USD", 18, "stablecoin"),
  eth("0x853d955aCEf822Db058eb8505911ED77F175b99e", "FRAX", "Frax", 18, "stablecoin"),
  eth("0x5f98805A4E8be255a32880FDeC7F6728C6568bA0", "LUSD", "LUSD Stablecoin", 18, "stablecoin"),
  eth("0x2b591e99afE9f32eAA6214f7B7629768c40Eeb39", "HEX", "HEX", 8, "ecosystem"),
  eth("0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599", "WBTC", "Wrapped BTC", 8, "bridged-wrapped", {
    baseCoin: "bitcoin",
  }),
  // WMATIC and WBNB have no contract on Ethereum or PulseChain (they live on Polygon and BNB Chain,
  // which the app does not read), so there is no address to value as MATIC or BNB.
];

const BASE_COINS = new Map(
  KNOWN_TOKENS.flatMap((t) => (t.baseCoin ? [[tokenKey(t.chainId, t.address), t.baseCoin] as const] : [])),
);

/** The coin a wrapped token of another chain is valued as ("bitcoin" for WBTC), by chain and address. */
export function baseCoinOf(chainId: number, address: string): string | undefined {
  return address === NATIVE ? undefined : BASE_COINS.get(tokenKey(chainId, address));
}

export type TokenOverrides = Partial<
  Record<number, Partial<Record<"wrappedNative" | "stablecoins" | "forkCopies", string[]>>>
>;

/**
 * Lookup by (chain, address). A deployment (the devchain, a test) can add its own
 * addresses for the same roles; symbols never decide anything.
 */
export class TokenRegistry {
  private readonly byKey = new Map<string, KnownToken>();
  /** The wrapped native per chain; a later deployment (devchain) replaces the mainnet one. */
  private readonly wrappedByChain = new Map<number, KnownToken>();

  constructor(tokens: readonly KnownToken[] = KNOWN_TOKENS) {
    for (const t of tokens) this.add(t);
  }

  add(token: KnownToken): void {
    const t = { ...token, address: token.address.toLowerCase() };
    this.byKey.set(tokenKey(t.chainId, t.address), t);
    if (t.role === "wrapped-native") this.wrappedByChain.set(t.chainId, t);
  }

  get(chainId: number, address: string): KnownToken | undefined {
    return this.byKey.get(tokenKey(chainId, address));
  }

  roleOf(chainId: number, address: string): TokenRole | undefined {
    return this.get(chainId, address)?.role;
  }

  /** Stablecoin at 1 USD only for the real (bridged) ones, never for fork copies. */
  isRealStablecoin(chainId: number, address: string): boolean {
    return this.roleOf(chainId, address) === "stablecoin";
  }

  isForkCopy(chainId: number, address: string): boolean {
    return this.roleOf(chainId, address) === "fork-copy";
  }

  /** Wrapped to base: WPLS is valued as PLS, WETH as ETH. */
  baseOf(chainId: number, address: string): { chainId: number; address: string } | undefined {
    return this.get(chainId, address)?.baseOf;
  }

  /** A known, non-fork token on this chain uses this symbol (case-insensitive). */
  hasSymbol(chainId: number, symbol: string): boolean {
    const s = symbol.trim().toUpperCase();
    for (const t of this.byKey.values()) {
      if (t.chainId === chainId && t.role !== "fork-copy" && t.role !== "native" && t.symbol.toUpperCase() === s)
        return true;
    }
    return false;
  }

  /**
   * The token (or native coin) on the chain with this symbol that is no fork copy; of several, the last
   * registered (a deployment's own over the built-in list: the devchain's USDC on its Ethereum).
   */
  bySymbol(chainId: number, symbol: string): KnownToken | undefined {
    let found: KnownToken | undefined;
    for (const t of this.byKey.values())
      if (t.chainId === chainId && t.role !== "fork-copy" && t.symbol === symbol) found = t;
    return found;
  }

  /** Every known ERC-20 on the chain that is no fork copy: the market's token universe. */
  tradedTokens(chainId: number): KnownToken[] {
    return [...this.byKey.values()].filter(
      (t) => t.chainId === chainId && t.role !== "fork-copy" && t.role !== "native",
    );
  }

  /** Every known token of a role on a chain (e.g. the fork copies the bridge page reads). */
  withRole(chainId: number, role: TokenRole): KnownToken[] {
    return [...this.byKey.values()].filter((t) => t.chainId === chainId && t.role === role);
  }

  stablecoins(chainId: number): KnownToken[] {
    return [...this.byKey.values()].filter((t) => t.chainId === chainId && t.role === "stablecoin");
  }

  wrappedNative(chainId: number): KnownToken | undefined {
    return this.wrappedByChain.get(chainId);
  }
}
