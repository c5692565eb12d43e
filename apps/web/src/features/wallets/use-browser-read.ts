import { useState } from "react";
import {
  availableWallets,
  type BrowserWalletType,
  connectErrorMessage,
  hasUnsupportedInjection,
  readChain,
  requestAccount,
  useAnnouncedWallets,
} from "../wallet-reader/index.ts";
import { type BrowserChoice, browserWalletFor } from "./wallet-type.ts";

/** What a browser wallet told: its account, network and native balance. */
export interface BrowserRead {
  address: string;
  chainId: number;
  /** Whole coins, or null when the wallet did not tell. */
  balance: string | null;
  walletType: BrowserWalletType;
}

/** A message key ("ns:key") with its values, and a heading key for a failed connection. */
export interface ReadMessage {
  key: string;
  values?: Record<string, string | number>;
  titleKey?: string;
}

/** A connection that was tried and failed: 'Wallet-Verbindung fehlgeschlagen' above the wallet's reason. */
export function connectionFailure(error: unknown): ReadMessage {
  const m = connectErrorMessage(error);
  return {
    titleKey: "reader:errors.connectionFailed",
    key: `reader:${m.key}`,
    ...(m.values ? { values: m.values } : {}),
  };
}

/**
 * Reads the public address from an installed browser wallet (read-only: nothing is signed or sent).
 * Says so when the chosen wallet is not installed.
 */
export function useBrowserRead() {
  const found = availableWallets(useAnnouncedWallets());
  const [reading, setReading] = useState(false);
  const [read, setRead] = useState<BrowserRead | null>(null);
  const [message, setMessage] = useState<ReadMessage | null>(null);

  const start = async (choice: BrowserChoice): Promise<BrowserRead | null> => {
    setMessage(null);
    setRead(null);
    const target = browserWalletFor(choice, found, hasUnsupportedInjection());
    if ("missingKey" in target) {
      setMessage({ key: target.missingKey });
      return null;
    }
    setReading(true);
    try {
      const address = await requestAccount(target.wallet.provider);
      const { chainId, balance } = await readChain(target.wallet.provider, address);
      const result = { address, chainId, balance, walletType: target.wallet.type };
      setRead(result);
      return result;
    } catch (error) {
      setMessage(connectionFailure(error));
      return null;
    } finally {
      setReading(false);
    }
  };

  const clear = () => {
    setRead(null);
    setMessage(null);
  };

  return { found, reading, read, message, start, clear };
}
