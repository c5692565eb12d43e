/** The wallet section on the portfolio page (#wallets) and its address field, for links and focus. */
export const WALLETS_ANCHOR = "wallets";
export const ADD_WALLET_ADDRESS_ID = "walletAddress";
