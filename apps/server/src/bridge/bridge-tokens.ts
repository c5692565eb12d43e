import {
  type BridgeToken,
  type BridgeTokensResponse,
  D,
  ETHEREUM,
  fromBaseUnits,
  OFFICIAL_BRIDGE_URL,
  type PortfolioResult,
  PULSECHAIN,
} from "@pulsemanager/core";
import { readBalances } from "../chain/balances/multicall-balances.ts";
import type { ChainServices } from "../chain/services.ts";

/** The chain services the bridge page reads: each chain's client and the token table. */
export type BridgeTokenDeps = Pick<ChainServices, "clients" | "registry">;

interface Held {
  symbol: string;
  name: string;
  balance: string;
  /** Has a reliable price (a market) on this chain. */
  priced: boolean;
}

/** Whole tokens per address on one chain, all wallets added. */
function heldOn(portfolio: PortfolioResult, chainId: number): Map<string, Held> {
  const out = new Map<string, Held>();
  for (const h of portfolio.tokens) {
    if (h.chainId !== chainId) continue;
    const seen = out.get(h.contractAddress);
    if (seen) seen.balance = new D(seen.balance).plus(h.balance).toFixed();
    else out.set(h.contractAddress, { symbol: h.symbol, name: h.name, balance: h.balance, priced: h.hasReliablePrice });
  }
  return out;
}

/**
 * Fork copies are left out of the portfolio (worthless), so their PulseChain balances are read
 * here: the token table's fork copies, at every wallet, in one multicall.
 */
async function forkCopyBalances(chain: BridgeTokenDeps, wallets: readonly string[]): Promise<Map<string, string>> {
  const client = chain.clients.get(PULSECHAIN);
  const copies = chain.registry.withRole(PULSECHAIN, "fork-copy");
  const out = new Map<string, string>();
  if (!client || wallets.length === 0 || copies.length === 0) return out;
  const tokens = copies.map((t) => t.address as `0x${string}`);
  const read = await readBalances(
    client,
    wallets.map((wallet) => ({ wallet: wallet as `0x${string}`, tokens })),
  );
  for (const copy of copies) {
    const raw = read.reduce((sum, w) => sum + (w.tokens.get(copy.address) ?? 0n), 0n);
    if (raw > 0n) out.set(copy.address, fromBaseUnits(raw, copy.decimals).toFixed());
  }
  return out;
}

type Side = NonNullable<BridgeToken["ethereum"]>;

/** The held PulseChain tokens that came over the bridge, and priced ones at the same address on Ethereum. */
function heldRows(
  chain: BridgeTokenDeps,
  pls: Map<string, Held>,
  ethSide: (address: string) => Side,
  eth: Map<string, Held>,
) {
  const rows: BridgeToken[] = [];
  for (const [address, held] of pls) {
    const known = chain.registry.get(PULSECHAIN, address);
    const base = {
      symbol: held.symbol,
      name: held.name,
      worthless: false,
      pulsechain: { chainId: PULSECHAIN, address, balance: held.balance },
    };
    if (known?.bridgedFrom || known?.role === "stablecoin" || known?.role === "bridged-wrapped") {
      const origin = known.bridgedFrom;
      rows.push({ ...base, kind: "bridged", ethereum: origin?.chainId === ETHEREUM ? ethSide(origin.address) : null });
    } else if (address !== "native" && held.priced && eth.has(address)) {
      // The same contract on both chains, copied at the fork, with its own market here (HEX).
      // Unpriced tokens at shared addresses (airdrops) are not listed.
      rows.push({ ...base, kind: "fork-copy", ethereum: ethSide(address) });
    }
  }
  return rows;
}

/** core's worthless fork copies the user holds on PulseChain or holds the original of on Ethereum. */
async function forkCopyRows(
  chain: BridgeTokenDeps,
  portfolio: PortfolioResult,
  ethSide: (address: string) => Side,
  eth: Map<string, Held>,
): Promise<BridgeToken[]> {
  const copies = await forkCopyBalances(
    chain,
    portfolio.wallets.map((w) => w.address),
  );
  return chain.registry.withRole(PULSECHAIN, "fork-copy").flatMap((known): BridgeToken[] => {
    const balance = copies.get(known.address);
    if (!balance && !eth.has(known.address)) return [];
    return [
      {
        kind: "fork-copy",
        symbol: known.symbol,
        name: eth.get(known.address)?.name ?? known.name,
        worthless: true,
        pulsechain: { chainId: PULSECHAIN, address: known.address, balance: balance ?? "0" },
        ethereum: ethSide(known.address),
      },
    ];
  });
}

/** The user's bridged tokens and fork copies with their balances on both chains (docs/api.md, "Trade, bridge and yield"). */
export async function bridgeTokens(chain: BridgeTokenDeps, portfolio: PortfolioResult): Promise<BridgeTokensResponse> {
  const pls = heldOn(portfolio, PULSECHAIN);
  const eth = heldOn(portfolio, ETHEREUM);
  const ethSide = (address: string): Side => ({
    chainId: ETHEREUM,
    address,
    balance: eth.get(address)?.balance ?? "0",
  });
  const tokens = [...heldRows(chain, pls, ethSide, eth), ...(await forkCopyRows(chain, portfolio, ethSide, eth))];
  return {
    bridgeUrl: OFFICIAL_BRIDGE_URL,
    walletCount: portfolio.walletCount,
    tokens,
    lastUpdated: portfolio.lastUpdated,
  };
}
