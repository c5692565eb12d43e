/** Settings for server tests that reach no chain and no price provider (wallet bookkeeping, guards, caches). */
export const OFFLINE = {
  PULSECHAIN_RPC_URL: "http://127.0.0.1:9",
  ETHEREUM_RPC_URL: "http://127.0.0.1:9",
  DEFILLAMA_URL: "off",
  ECB_URL: "off",
};
