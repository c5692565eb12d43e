// The wallet-reader feature's public face: what other features may use.

export type { StoredConnection } from "./connected-storage.ts";
export { clearStoredConnection, readStoredConnection, writeStoredConnection } from "./connected-storage.ts";
export type { BrowserWalletType, ReaderMessage } from "./eip1193.ts";
export {
  blockchainOf,
  connectErrorMessage,
  nativeUnit,
  networkLabel,
  pickRestoredWallet,
  readChain,
  requestAccount,
} from "./eip1193.ts";
export type { DiscoveredWallet } from "./eip6963.ts";
export { availableWallets, hasUnsupportedInjection, useAnnouncedWallets } from "./eip6963.ts";
