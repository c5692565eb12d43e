export * from "./blockscout-etherscan.ts";
export * from "./blockscout-v2.ts";
export * from "./etherscan-format.ts";
export * from "./etherscan-v2.ts";
export * from "./moralis.ts";
export * from "./types.ts";
