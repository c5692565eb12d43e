// The wallets feature's public face: what other features may use.
export { ADD_WALLET_ADDRESS_ID, WALLETS_ANCHOR } from "./anchors.ts";
export { NoWalletsCard } from "./no-wallets-card.tsx";
export { walletName } from "./wallet-name.ts";
export { useWallets } from "./wallets-api.ts";
