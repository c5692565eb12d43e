import { useCallback, useState } from "react";
import { useMe } from "../../state/session/index.ts";
import {
  availableWallets,
  connectErrorMessage,
  type ReaderMessage,
  readStoredConnection,
  requestAccount,
  useAnnouncedWallets,
} from "../wallet-reader/index.ts";

function storedAddress(userId: string | null | undefined): string | null {
  try {
    return readStoredConnection(window.localStorage, userId)?.address ?? null;
  } catch {
    return null;
  }
}

/**
 * The wallet connected on the tracker page: at first the one last read in the wallet reader (kept in
 * this browser); "connect" asks the browser wallet for its first account, "disconnect" lets the page
 * forget it (the browser wallet itself stays as it is).
 */
export function useConnectedAddress() {
  const me = useMe();
  const announced = useAnnouncedWallets();
  const [error, setError] = useState<ReaderMessage | null>(null);
  const [connected, setConnected] = useState<string | null | undefined>(undefined);
  const current = connected === undefined ? storedAddress(me.data?.user.id) : connected;
  const wallet = availableWallets(announced)[0] ?? null;

  const connect = useCallback(async (): Promise<string | null> => {
    setError(null);
    if (!wallet) return null;
    try {
      const address = (await requestAccount(wallet.provider)).toLowerCase();
      setConnected(address);
      return address;
    } catch (err) {
      setError(connectErrorMessage(err));
      return null;
    }
  }, [wallet]);

  const disconnect = useCallback(() => {
    setError(null);
    setConnected(null);
  }, []);

  return { connected: current, browserWallet: wallet !== null, connect, disconnect, error };
}
