import { chainName, type Wallet } from "@pulsemanager/core";
import { clearStoredConnection, pickRestoredWallet, writeStoredConnection } from "../wallet-reader/index.ts";
import type { BrowserRead } from "./use-browser-read.ts";

/**
 * The browser wallet last read and saved (connectedWallet, connectedAddress in this browser): the
 * wallet report starts with its address.
 */
export function rememberConnection(read: BrowserRead, walletId: string, userId: string | null): void {
  writeStoredConnection(localStorage, {
    address: read.address,
    chainId: read.chainId,
    chainName: chainName(read.chainId),
    connectedAt: new Date().toISOString(),
    userId,
    walletType: read.walletType,
    walletId,
  });
}

/**
 * Once the saved wallets are known: the most recently connected browser wallet among them is the
 * connected one (also in a browser that never read it); with none, the browser forgets its record.
 */
export function syncConnection(wallets: readonly Wallet[], userId: string | null): void {
  const wallet = pickRestoredWallet(wallets);
  if (!wallet) {
    clearStoredConnection(localStorage);
    return;
  }
  writeStoredConnection(localStorage, {
    address: wallet.address,
    chainId: wallet.chain_id,
    chainName: chainName(wallet.chain_id),
    connectedAt: wallet.last_connected ?? wallet.updated_at,
    userId,
    walletType: wallet.wallet_type ?? "generic",
    walletId: wallet.id,
  });
}
