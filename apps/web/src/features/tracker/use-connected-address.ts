import { useCallback, useState } from "react";
import { useMe } from "../session/index.ts";
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
 * The connected wallet's address: the one last read in the wallet reader (kept in this browser), else
 * the browser wallet's first account (the wallet asks the user). `available` is false with neither.
 */
export function useConnectedAddress() {
  const me = useMe();
  const announced = useAnnouncedWallets();
  const [error, setError] = useState<ReaderMessage | null>(null);
  const stored = storedAddress(me.data?.user.id);
  const wallet = availableWallets(announced)[0] ?? null;

  const read = useCallback(async (): Promise<string | null> => {
    setError(null);
    if (stored) return stored;
    if (!wallet) return null;
    try {
      return await requestAccount(wallet.provider);
    } catch (err) {
      setError(connectErrorMessage(err));
      return null;
    }
  }, [stored, wallet]);

  return { available: Boolean(stored || wallet), read, error };
}
