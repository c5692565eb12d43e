/** Browser storage keys of the wallet last read from a browser wallet. */
export const CONNECTED_WALLET_KEY = "connectedWallet";
export const CONNECTED_ADDRESS_KEY = "connectedAddress";

/** The record kept under CONNECTED_WALLET_KEY. */
export interface StoredConnection {
  address: string;
  chainId: number;
  chainName: string;
  connectedAt: string;
  userId: string | null;
  walletType: string;
  /** The saved wallet's id, when the server stored it. */
  walletId: string | null;
}

type ReadStorage = Pick<Storage, "getItem">;
type WriteStorage = Pick<Storage, "setItem" | "removeItem">;

export function readStoredConnection(storage: ReadStorage, userId?: string | null): StoredConnection | null {
  try {
    const raw = storage.getItem(CONNECTED_WALLET_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredConnection>;
    if (typeof value.address !== "string" || !/^0x[0-9a-f]{40}$/i.test(value.address)) return null;
    if (typeof value.chainId !== "number") return null;
    // Another user's connection on this browser is not restored.
    if (userId && value.userId && value.userId !== userId) return null;
    return {
      address: value.address.toLowerCase(),
      chainId: value.chainId,
      chainName: typeof value.chainName === "string" ? value.chainName : "",
      connectedAt: typeof value.connectedAt === "string" ? value.connectedAt : "",
      userId: typeof value.userId === "string" ? value.userId : null,
      walletType: typeof value.walletType === "string" ? value.walletType : "generic",
      walletId: typeof value.walletId === "string" ? value.walletId : null,
    };
  } catch {
    return null;
  }
}

export function writeStoredConnection(storage: WriteStorage, connection: StoredConnection): void {
  try {
    storage.setItem(CONNECTED_WALLET_KEY, JSON.stringify(connection));
    storage.setItem(CONNECTED_ADDRESS_KEY, connection.address);
  } catch {
    /* private mode */
  }
}

export function clearStoredConnection(storage: WriteStorage): void {
  try {
    storage.removeItem(CONNECTED_WALLET_KEY);
    storage.removeItem(CONNECTED_ADDRESS_KEY);
  } catch {
    /* private mode */
  }
}
