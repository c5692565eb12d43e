import type { Address, Hex } from "viem";

export type DevchainChainId = 369 | 1;

/** What a seeded value movement is, seen from the user's wallets. */
export type TransferKind =
  /** Native coin or a token spent on a token, and the token received (PLS -> token). */
  | "buy"
  /** A token sold for the native coin. */
  | "sell"
  /** Token for token. */
  | "swap"
  /** Between two of the demo user's own wallets. */
  | "own-transfer"
  /** From someone else (a trader, a friend) to a user wallet. */
  | "transfer-in"
  /** From a user wallet to someone else. */
  | "transfer-out"
  /** Printer rewards: PLSX from the distributor, HEX from the dividend tracker. */
  | "reward"
  /** The printer token's fee on a user's buy or sell, taken from the user's wallet. */
  | "fee"
  /** A plain native coin transfer that is none of the above (unused by the story, kept for readers). */
  | "native"
  /** Tokens minted or sent into a wallet without asking: spam, a fake token, fork copies, the reward drop. */
  | "airdrop"
  /** Bridged tokens minted to a wallet (how DAI from Ethereum arrives on PulseChain; the bridge's payouts). */
  | "bridge-in"
  /** A deposit into the bridge on Ethereum: the token locked, or the ETH sent to the native router. */
  | "bridge-out"
  /** Adding or removing liquidity (LP tokens, the deposited tokens, refunds). */
  | "liquidity"
  /** Native coin into the wrapped-native contract (Deposit event). */
  | "wrap"
  /** Wrapped-native back to the native coin (Withdrawal event). */
  | "unwrap"
  /** The 300 benchmark tokens minted at deployment. */
  | "bulk-mint"
  /** HEX moved into a stake (stakeStart takes it from the staker). */
  | "stake";

/** One value movement that involves at least one user wallet, exactly as the chain shows it. */
export interface SeededTransfer {
  chainId: number;
  txHash: Hex;
  /** Index of the log in its block; null for native value. */
  logIndex: number | null;
  blockNumber: number;
  /** Unix seconds of the block. */
  timestamp: number;
  /** Lower-case. For Deposit events the zero address (a mint of wrapped native), for Withdrawal the wallet. */
  from: Address;
  /** Lower-case. For Withdrawal events the zero address (a burn of wrapped native). */
  to: Address;
  /** "native" or the lower-case token contract. */
  token: "native" | Address;
  /** Integer string of base units. */
  amount: string;
  kind: TransferKind;
  /**
   * Where it shows: "log" an event (see `event`), "tx" the value of the top-level transaction,
   * "internal" a value transfer inside the transaction (seen only through traces).
   */
  source: "log" | "tx" | "internal";
  /** The event for source "log": ERC-20 Transfer, or the wrapped native's Deposit / Withdrawal. */
  event: "Transfer" | "Deposit" | "Withdrawal" | null;
  /** For source "internal": the position in trace_transaction's list. */
  traceIndex: number | null;
  /** The account that sent (and paid for) the transaction. */
  txFrom: Address;
  /** Fee of the whole transaction in base units of the native coin, paid by txFrom. */
  fee: string;
  /** First four bytes of the transaction's call data, or null for a plain value transfer / deployment. */
  methodId: Hex | null;
  /** The story step, for humans ("A buys HEX with 20M PLS on PulseX V2"). */
  step: string;
}

/** A transaction sent from a user wallet (the wallet pays its fee). */
export interface SeededTransaction {
  chainId: number;
  txHash: Hex;
  blockNumber: number;
  timestamp: number;
  from: Address;
  /** Null for a contract creation. */
  to: Address | null;
  value: string;
  gasUsed: string;
  effectiveGasPrice: string;
  fee: string;
  methodId: Hex | null;
  /** The step's kind; "approve" and "claim" move nothing themselves. */
  kind: TransferKind | "approve" | "claim";
  step: string;
}

export interface SeededChainHistory {
  chainId: number;
  /** Every value movement involving a user wallet, in chain order (block, then log / trace position). */
  transfers: SeededTransfer[];
  /** Every transaction sent by a user wallet. */
  transactions: SeededTransaction[];
  /** Native balance of each user wallet in the genesis block (lower-case address -> base units). */
  initialNativeBalances: Record<Address, string>;
  /** The wallets the history is about (lower-case). */
  wallets: Address[];
  /** Balance changes without a transaction (chain 369 of a fork: the sacrifice credits); absent when none. */
  credits?: SeededCredit[];
}

/** A balance change without a transaction (the sacrifice credits at the fork). */
export interface SeededCredit {
  chainId: number;
  /** Lower-case. */
  wallet: Address;
  token: "native";
  /** Integer string of base units. */
  amount: string;
  blockNumber: number;
  timestamp: number;
  kind: "sacrifice";
  step: string;
}

/** Chain 369 began as a copy of chain 1 (fork.ts); the same shape as @pulsemanager/core's ChainFork. */
export interface DevchainFork {
  parentChainId: 1;
  chainId: 369;
  /** 369's first block of its own (no transactions; the sacrifice credits). On 369, blocks below it are chain 1's. */
  block: number;
  /** Unix seconds of that block: the fork instant. */
  time: number;
}

/** What was seeded, per chain id. */
export type SeededHistory = Record<number, SeededChainHistory>;

export interface DevchainWallets {
  /** The five wallets of the demo user (mnemonic indexes 1..5): A, B, C, D, E. */
  users: Address[];
  /** Other people who trade and move prices (indexes 6, 7). */
  traders: Address[];
  /** Deploys the chain's own contracts and pools (index 0). */
  deployer: Address;
  /** Deploys the spam and the fake token and airdrops them (index 8). */
  spammer: Address;
  /** Deploys the Ethereum-origin tokens in the same order on both chains (index 9), so PulseChain's fork copies share their Ethereum addresses. */
  ethDeployer: Address;
  /** Launches the dividend printer (index 10); its first transaction, so its address never moves. */
  launcher: Address;
  /** Deploys and runs the reward drop, the look-alike payout (index 11). */
  promoter: Address;
  /** Deploys the HEX stake contract after the story (index 12; not one of anvil's funded accounts). */
  stakesDeployer: Address;
  /** Deploys the NFT collection after the stakes (index 13; not one of anvil's funded accounts). */
  nftDeployer: Address;
  /** Deploys the bridge on both chains and relays its messages (index 14; not one of anvil's funded accounts). */
  bridgeRelayer: Address;
}

export interface TokenInfo {
  /** The key in `contracts` (e.g. "hex", "fakeHex", "forkDai"). */
  role: string;
  address: Address;
  name: string;
  symbol: string;
  decimals: number;
  /** Matches @pulsemanager/core's TokenRole where one applies. */
  category:
    | "wrapped-native"
    | "stablecoin"
    | "ecosystem"
    | "fork-copy"
    | "printer"
    | "spam"
    | "fake"
    | "v1-only"
    | "low-liquidity";
  /** Designed price in USD at the end of seeding (null: no price - spam, fake, fork copies without a pool). */
  priceUsd: number | null;
}

export interface PoolInfo {
  /** The key in `contracts.pairs`. */
  name: string;
  dex: "v1" | "v2";
  pair: Address;
  /** The token priced by the pool (its `role`). */
  base: string;
  /** The token it is priced in: "wpls" / "weth" or a stablecoin role. */
  quote: string;
  /** Designed price of one base token in quote tokens. */
  price: number;
  /** Designed liquidity of both sides together in USD when the pool was created. */
  liquidityUsd: number;
}

export interface PulseContracts {
  multicall3: Address;
  wpls: Address;
  plsx: Address;
  hex: Address;
  inc: Address;
  /** Bridged from Ethereum ("Dai Stablecoin from Ethereum"): the real one, worth 1 USD. */
  dai: Address;
  usdc: Address;
  usdt: Address;
  /** PulseChain's fork copies of Ethereum tokens: same name, symbol and address as on chain 1, worthless. */
  forkDai: Address;
  forkUsdc: Address;
  forkUsdt: Address;
  forkWeth: Address;
  printer: Address;
  distributor: Address;
  /** The printer of the dividend-tracker kind: dividendTracker() and rewardToken() (HEX). */
  dividendPrinter: Address;
  /** Pays dividendPrinter's holders HEX: automatically during transfers, or when they claim(). */
  dividendTracker: Address;
  /** Sends PLSX to wallets like a payout, but no token names it: an airdrop, not income. */
  rewardDrop: Address;
  /** HEX's stake interface (on mainnet HEX itself): stakes of A (active) and C (late). */
  hexStakes: Address;
  /** The copy of chain 1's LINK with a pool of its own (only when 369 is a fork of chain 1). */
  link?: Address;
  /** An ERC-721 collection: two tokens of B (with metadata and image), one of E (without). */
  nftCollection: Address;
  /** The bridge's PulseChain side (HomeOmnibridge): emits TokensBridged when it mints a bridged token. */
  omnibridge: Address;
  /** HEX from Ethereum and Wrapped Ether from Ethereum, minted by the bridge (only with the story on both chains). */
  bridgedHex?: Address;
  bridgedWeth?: Address;
  spam: Address;
  fakeHex: Address;
  /** Priced only by a PulseX V1 pool. */
  v1Only: Address;
  /** Priced only by a V2 pool far below any liquidity floor. */
  lowLiquidity: Address;
  factoryV1: Address;
  routerV1: Address;
  factoryV2: Address;
  routerV2: Address;
  bulkFactory: Address;
  pairs: Record<string, Address>;
  bulkTokens: Address[];
}

export interface EthereumContracts {
  multicall3: Address;
  weth: Address;
  dai: Address;
  usdc: Address;
  usdt: Address;
  hex: Address;
  /** Bought by D before the fork; its copy on 369 is sold there. */
  link: Address;
  /** Ethereum's own Uniswap V2 before the fork (account 9), copied to 369 like every contract. */
  factoryPrefork: Address;
  routerPrefork: Address;
  /** HEX's stake interface: D's stake. */
  hexStakes: Address;
  /** The bridge's Ethereum side (ForeignOmnibridge): locks tokens, emits TokensBridgingInitiated. */
  omnibridge: Address;
  /** The native router (WETHOmnibridgeRouter): wrapAndRelayTokens(receiver) wraps ETH and bridges it. */
  omnibridgeRouter: Address;
  factoryV2: Address;
  routerV2: Address;
  bulkFactory: Address;
  pairs: Record<string, Address>;
  bulkTokens: Address[];
}

export interface ChainInfo<C> {
  chainId: number;
  rpcUrl: string;
  contracts: C;
  wallets: DevchainWallets;
  tokens: TokenInfo[];
  pools: PoolInfo[];
  /** Ready-made input for @pulsemanager/core's TokenOverrides on this chain. */
  tokenOverrides: { wrappedNative: Address[]; stablecoins: Address[]; forkCopies: Address[] };
  /** Designed USD price of the native coin. */
  nativePriceUsd: number;
  /** First block with a transaction (scan history from here). */
  startBlock: number;
  /** Last block written by deployment and seeding. */
  seededBlock: number;
  /** Unix seconds of seededBlock. */
  seededAt: number;
}

export type PulseChainInfo = ChainInfo<PulseContracts>;
export type EthereumChainInfo = ChainInfo<EthereumContracts>;

export interface DevchainChains {
  369?: PulseChainInfo;
  1?: EthereumChainInfo;
}

export interface StartDevchainOptions {
  /** Which chains to start; default both. */
  chains?: DevchainChainId[];
  /** Fixed ports; default: free loopback ports. */
  ports?: { 369?: number; 1?: number };
  /** Run the wallet story (trades, transfers, rewards); default true. Contracts, pools and bulk tokens exist either way. */
  seed?: boolean;
  /** How many bulk ERC-20s every user wallet holds; default 300. */
  bulkTokens?: number;
  /**
   * After the story, trade both printers every day or two over the last 30 days up to now (wall
   * clock), so holders have payouts with recent timestamps (the demo's ROI tracker); default false.
   * Needs `seed`. Not deterministic: the dates follow the clock.
   */
  recentPayouts?: boolean;
  /**
   * Chain 369 starts as a fork of chain 1 at the fork instant (2023-05-11); default true when both
   * chains are started. With false (or chain 369 alone) 369 starts from a genesis of its own in 2024.
   */
  fork?: boolean;
}

export interface Devchain {
  chains: DevchainChains;
  seeded: SeededHistory;
  /** The mnemonic of every wallet (anvil's public test mnemonic). */
  mnemonic: string;
  /** Milliseconds from the call to ready. */
  readyMs: number;
  /** Chain 369 as a fork of chain 1, when it is one. */
  fork?: DevchainFork;
  /** The anvil processes (each leads its own process group). */
  anvil: { chainId: number; pid: number; port: number }[];
  /** A started chain, or an error if it was not started. */
  chain(id: 369): PulseChainInfo;
  chain(id: 1): EthereumChainInfo;
  /** The JSON printed by `npm run devchain` (no history). */
  toJSON(): DevchainJson;
  /** Stops the anvil processes (idempotent). */
  stop(): Promise<void>;
}

export interface DevchainJson {
  chains: { "369"?: PulseChainInfo; "1"?: EthereumChainInfo };
  /** Present when chain 369 is a fork of chain 1. */
  fork?: DevchainFork;
  mnemonic: string;
  readyMs: number;
}
