import type { Wallet } from "@pulsemanager/core";
import { shortAddress } from "../../lib/address.ts";

/** The saved wallet's nickname, or the short address of a wallet not (or no longer) saved. */
export function walletName(address: string, wallets: readonly Pick<Wallet, "address" | "nickname">[]): string {
  const saved = wallets.find((w) => w.address.toLowerCase() === address.toLowerCase());
  return saved?.nickname || shortAddress(address);
}
