import { D, PORTFOLIO_CHAINS, type PortfolioWallet, type ReadFailure } from "@pulsemanager/core";

export interface SavedWallet {
  id: string;
  address: string;
  nickname: string;
  chainId: number;
}

export interface HeldValue {
  walletAddress: string;
  chainId: number;
  value: string;
  isIncludedInPortfolio: boolean;
}

/**
 * One entry per address, in the order of the saved entries: every address is read on both chains,
 * so an address saved for PulseChain and for Ethereum is one wallet, its holdings counted once,
 * and what each chain holds is listed separately.
 */
export function walletsByAddress(
  saved: readonly SavedWallet[],
  holdings: readonly HeldValue[],
  readFailures: readonly ReadFailure[] = [],
): PortfolioWallet[] {
  const groups = new Map<string, SavedWallet[]>();
  for (const w of saved) groups.set(w.address, [...(groups.get(w.address) ?? []), w]);
  return [...groups.entries()].map(([address, entries]) => {
    const first = entries[0] as SavedWallet;
    const chains = PORTFOLIO_CHAINS.map((chainId) => ({
      chainId,
      value: includedValue(holdings, address, chainId).toFixed(),
      readFailure:
        readFailures.find((f) => f.chainId === chainId && f.walletAddresses.includes(address))?.reason ?? null,
    }));
    return {
      id: first.id,
      ids: entries.map((e) => e.id),
      address,
      nickname: [...new Set(entries.map((e) => e.nickname))].join(" / "),
      chainId: first.chainId,
      savedChainIds: [...new Set(entries.map((e) => e.chainId))],
      value: includedValue(holdings, address).toFixed(),
      chains,
    };
  });
}

function includedValue(holdings: readonly HeldValue[], address: string, chainId?: number) {
  return holdings
    .filter(
      (h) => h.isIncludedInPortfolio && h.walletAddress === address && (chainId === undefined || h.chainId === chainId),
    )
    .reduce((sum, h) => sum.add(h.value), new D(0));
}
