/**
 * PulseX on PulseChain mainnet: V1 and V2 are Uniswap V2 style (factory + Router02). The factories
 * price tokens from pool reserves (prices/pulsex-pools.ts); the routers quote swaps (trade/).
 */
export const PULSEX_MAINNET = {
  v1: {
    factory: "0x1715a3e4a142d8b698131108995174f37aeba10d",
    router: "0x98bf93ebf5c380c0e6ae8e192a7e2ae08edacc02",
  },
  v2: {
    factory: "0x29ea7545def87022badc76323f373ea1e707c523",
    router: "0x165c3410fc91ef562c50559f7d2289febed552d9",
  },
} as const;
