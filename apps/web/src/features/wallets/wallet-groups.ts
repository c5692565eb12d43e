import type { PortfolioResult, PortfolioWallet, Wallet } from "@pulsemanager/core";

/** One address of the user, however many chains it was saved for. */
export interface WalletGroup {
  address: string;
  /** Its saved entries (one per chain it was saved for), in the list's order. */
  entries: Wallet[];
  nickname: string;
  savedChainIds: number[];
  /** The kind of wallet (MetaMask, Trezor...); null for a plain typed-in address. */
  walletType: string | null;
  lastConnected: string | null;
  /** What the portfolio found at the address on each chain; undefined until it has loaded. */
  values: PortfolioWallet | undefined;
  /** The native coin (PLS, ETH) held on each chain, whole coins; empty until the portfolio has loaded. */
  nativeBalances: { chainId: number; balance: string }[];
  /** When the portfolio last read the address's balances; null until it has loaded. */
  lastSync: string | null;
}

type Balances = Pick<PortfolioResult, "tokens" | "lastUpdated">;

/** The native balance per chain of the portfolio's chains (0 where the address holds none). */
function nativeBalancesOf(address: string, values: PortfolioWallet | undefined, portfolio: Balances | undefined) {
  if (!values || !portfolio) return [];
  return values.chains.map(({ chainId }) => ({
    chainId,
    balance:
      portfolio.tokens.find(
        (t) => t.walletAddress === address && t.chainId === chainId && t.contractAddress === "native",
      )?.balance ?? "0",
  }));
}

/**
 * The wallet list by address: every address is read on PulseChain and Ethereum, so the same address
 * saved for both chains is one line, never counted twice.
 */
export function groupWallets(
  wallets: readonly Wallet[],
  portfolioWallets: readonly PortfolioWallet[] | undefined,
  portfolio?: Balances,
): WalletGroup[] {
  const byAddress = new Map<string, Wallet[]>();
  for (const w of wallets) byAddress.set(w.address, [...(byAddress.get(w.address) ?? []), w]);
  return [...byAddress.entries()].map(([address, entries]) => {
    const values = portfolioWallets?.find((p) => p.address === address);
    return {
      address,
      entries,
      nickname: [...new Set(entries.map((e) => e.nickname))].join(" / "),
      savedChainIds: [...new Set(entries.map((e) => e.chain_id))],
      walletType: entries.map((e) => e.wallet_type).find((type) => type && type !== "manual") ?? null,
      lastConnected:
        entries
          .map((e) => e.last_connected)
          .filter((at): at is string => at !== null)
          .sort()
          .at(-1) ?? null,
      values,
      nativeBalances: nativeBalancesOf(address, values, portfolio),
      lastSync: values && portfolio ? portfolio.lastUpdated : null,
    };
  });
}
