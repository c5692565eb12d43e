import type { Wallet } from "@pulsemanager/core";

/** A saved wallet the tracker offers: its address once (a wallet saved for both chains is one choice). */
export interface SavedWalletChoice {
  address: string;
  nickname: string;
}

/** The user's saved wallets as the picker lists them, in the list's order, each address once. */
export function savedWalletChoices(wallets: readonly Pick<Wallet, "address" | "nickname">[]): SavedWalletChoice[] {
  const seen = new Set<string>();
  const out: SavedWalletChoice[] = [];
  for (const w of wallets) {
    const address = w.address.toLowerCase();
    if (seen.has(address)) continue;
    seen.add(address);
    out.push({ address, nickname: w.nickname });
  }
  return out;
}

/**
 * The address the page opens with: saved wallets are the default (the connected one when it is saved,
 * else the first), then the connected wallet, else none.
 */
export function defaultTrackerAddress(saved: readonly SavedWalletChoice[], connected: string | null): string {
  const own = connected?.toLowerCase() ?? null;
  if (own && saved.some((w) => w.address === own)) return own;
  return saved[0]?.address ?? own ?? "";
}

/** The picker's value for an address: the saved wallet it is, or "" ("Andere Adresse"). */
export function pickedWallet(saved: readonly SavedWalletChoice[], address: string): string {
  const wanted = address.trim().toLowerCase();
  return saved.some((w) => w.address === wanted) ? wanted : "";
}

/**
 * The original's connect or disconnect button: "Wallet verbinden" while no wallet is connected on the
 * page (disabled without a browser wallet), "Trennen" while one is.
 */
export function connectButtonOf(
  connected: string | null,
  browserWallet: boolean,
): { action: "connect" | "disconnect"; labelKey: string; disabled: boolean } {
  if (connected) return { action: "disconnect", labelKey: "disconnect", disabled: false };
  return { action: "connect", labelKey: "connect", disabled: !browserWallet };
}
