import { CHAINS, D, ETHEREUM, fromBaseUnits, PULSECHAIN, PULSECHAIN_TESTNET, type Wallet } from "@pulsemanager/core";

/** EIP-1193: the provider a browser wallet injects. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
  on?(event: string, listener: (...args: unknown[]) => void): void;
  removeListener?(event: string, listener: (...args: unknown[]) => void): void;
  isMetaMask?: boolean;
  isRabby?: boolean;
}

/** EIP-6963 provider info. */
export interface Eip6963ProviderInfo {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
}

/** The kind of a browser wallet is detected as Rabby, MetaMask or generic. */
export type BrowserWalletType = "Rabby" | "MetaMask" | "generic";
export const BROWSER_WALLET_TYPES: readonly string[] = ["Rabby", "MetaMask", "generic"];

/** Rabby also sets isMetaMask, so it is asked first. */
export function detectWalletType(provider: Partial<Eip1193Provider>, rdns?: string): BrowserWalletType {
  if (provider.isRabby || rdns === "io.rabby") return "Rabby";
  if (provider.isMetaMask || rdns === "io.metamask") return "MetaMask";
  return "generic";
}

/** An EIP-1193 error (code, message), or anything else a provider threw. */
function providerError(error: unknown): { code?: number; message: string } {
  if (error !== null && typeof error === "object") {
    const e = error as { code?: unknown; message?: unknown };
    return {
      code: typeof e.code === "number" ? e.code : undefined,
      message: typeof e.message === "string" ? e.message : String(error),
    };
  }
  return { message: String(error) };
}

export interface ReaderMessage {
  /** Key in the "reader" namespace. */
  key: string;
  values?: Record<string, string | number>;
}

export class NoAccountsError extends Error {
  constructor() {
    super("no accounts");
    this.name = "NoAccountsError";
  }
}

/** Browser wallet errors: 4001 rejected, -32002 already pending, else the message. */
export function connectErrorMessage(error: unknown): ReaderMessage {
  if (error instanceof NoAccountsError) return { key: "errors.noAccounts" };
  const { code, message } = providerError(error);
  if (code === 4001) return { key: "errors.rejected" };
  if (code === -32002) return { key: "errors.pending" };
  return { key: "errors.failed", values: { message } };
}

/** The first account a wallet gives (asking the user: eth_requestAccounts), lower-case. */
export async function requestAccount(provider: Eip1193Provider): Promise<string> {
  const accounts = await provider.request({ method: "eth_requestAccounts" });
  const first = Array.isArray(accounts) ? accounts.find((a): a is string => typeof a === "string") : undefined;
  if (!first) throw new NoAccountsError();
  return first.toLowerCase();
}

/** The wallet's network and the address's native balance (null when the wallet does not tell). */
export async function readChain(
  provider: Eip1193Provider,
  address: string,
): Promise<{ chainId: number; balance: string | null }> {
  const chainId = parseChainId(await provider.request({ method: "eth_chainId" })) ?? 0;
  let balance: string | null = null;
  try {
    balance = weiHexToCoins(await provider.request({ method: "eth_getBalance", params: [address, "latest"] }));
  } catch {
    /* the balance is optional */
  }
  return { chainId, balance };
}

/** eth_chainId answers hex ("0x171"); some wallets answer a decimal string or a number. */
export function parseChainId(value: unknown): number | null {
  if (typeof value === "number" && Number.isInteger(value)) return value;
  if (typeof value !== "string") return null;
  const n = value.startsWith("0x") || value.startsWith("0X") ? Number.parseInt(value, 16) : Number.parseInt(value, 10);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** The reader knows 369, 1 and 943; anything else is an unknown network. */
const READER_NETWORKS = new Set([PULSECHAIN, ETHEREUM, PULSECHAIN_TESTNET]);

export type NetworkLabel = { known: true; name: string } | { known: false; chainId: number };

export function networkLabel(chainId: number): NetworkLabel {
  const chain = CHAINS[chainId];
  return READER_NETWORKS.has(chainId) && chain ? { known: true, name: chain.name } : { known: false, chainId };
}

/** The wallet balance unit is PLS on 369, otherwise ETH. */
export function nativeUnit(chainId: number): string {
  return chainId === PULSECHAIN ? "PLS" : "ETH";
}

/** eth_getBalance (hex wei) to whole coins as a decimal string; null when unreadable. */
export function weiHexToCoins(value: unknown): string | null {
  if (typeof value !== "string" || !/^0x[0-9a-fA-F]*$/.test(value)) return null;
  const wei = value === "0x" ? 0n : BigInt(value);
  return new D(fromBaseUnits(wei, 18)).toFixed();
}

/** The blockchain a connected chain is saved under (only 369 and 1 are loaded; default PulseChain). */
export function blockchainOf(chainId: number): "pulsechain" | "ethereum" {
  return chainId === ETHEREUM ? "ethereum" : "pulsechain";
}

/**
 * At start: the most recently connected active wallet that a browser wallet
 * connected (MetaMask, Rabby, generic).
 */
export function pickRestoredWallet(wallets: readonly Wallet[]): Wallet | null {
  const candidates = wallets.filter(
    (w) => w.is_active && w.wallet_type && BROWSER_WALLET_TYPES.includes(w.wallet_type),
  );
  let best: Wallet | null = null;
  for (const wallet of candidates) {
    const at = wallet.last_connected ?? wallet.updated_at;
    const bestAt = best ? (best.last_connected ?? best.updated_at) : "";
    if (!best || at > bestAt) best = wallet;
  }
  return best;
}
