/**
 * Chain 369 as a real fork of chain 1 (README.md, "The fork"): anvil starts from chain 1's state at its
 * last block before the fork, so every balance, token and contract of chain 1 exists on 369 with no
 * Transfer of its own, and blocks up to that one are chain 1's (anvil answers for them from chain 1).
 * 369's first block of its own is mined at the fork instant with no transaction: the sacrifice credits
 * (100M PLS per user wallet, balance changes without a transaction, as on mainnet) are made in it.
 * Then the chain is quiet until its 2024 deployment. After deployment the LINK copy gets a PulseX pool
 * and D sells his copy within a year of buying LINK on Ethereum.
 */
import { type Address, toHex } from "viem";
import { GENESIS_TIMESTAMP, storyTime } from "./common.ts";
import { type Dex, units } from "./dex.ts";
import { type EthereumPrefork, FORK_TIMESTAMP } from "./ethereum-prefork.ts";
import type { Rpc } from "./rpc.ts";
import type { DevchainFork, DevchainWallets, PoolInfo, SeededChainHistory, TokenInfo } from "./types.ts";
import type { ChainWriter } from "./writer.ts";

/** PLS credited to every user wallet at the fork (as the sacrifice credits were on mainnet). */
export const SACRIFICE_CREDIT_PLS = 100_000_000;

/** The LINK copy on 369: 0.5 USD, a pool of 200M PLS (12,000 USD). */
export const LINK_COPY = { priceUsd: 0.5, poolNative: 200_000_000 } as const;

/**
 * Opens chain 369's own history on a freshly forked anvil: the shared records of chain 1 (as 369's
 * explorer shows them), the sacrifice credits in the fork block (mined at the fork instant, no
 * transaction), then a jump to the 2024 deployment. Returns the fork for the JSON.
 */
export async function openFork(
  w: ChainWriter,
  ethereum: { rpc: Rpc; history: SeededChainHistory },
  prefork: EthereumPrefork,
  users: Address[],
): Promise<DevchainFork> {
  const shared = ethereum.history;
  w.history.transfers.push(...shared.transfers.map((t) => ({ ...t, chainId: w.chainId })));
  w.history.transactions.push(...shared.transactions.map((t) => ({ ...t, chainId: w.chainId })));
  w.history.credits = [];
  await w.rpc.request("evm_setAutomine", [false]);
  const credit = units(SACRIFICE_CREDIT_PLS, 18);
  for (const user of users) {
    // anvil gives its dev accounts a fresh balance when it forks: the copy of the ETH balance comes back here.
    const copy = BigInt(await ethereum.rpc.request<string>("eth_getBalance", [user, toHex(prefork.lastBlock)]));
    await w.rpc.request("anvil_setBalance", [user, toHex(copy + credit)]);
  }
  await w.mine(FORK_TIMESTAMP);
  const block = Number(await w.rpc.request<string>("eth_blockNumber"));
  for (const user of users) {
    w.history.credits.push({
      chainId: w.chainId,
      wallet: user.toLowerCase() as Address,
      token: "native",
      amount: credit.toString(),
      blockNumber: block,
      timestamp: FORK_TIMESTAMP,
      kind: "sacrifice",
      step: `sacrifice credit: ${SACRIFICE_CREDIT_PLS.toLocaleString("en-US")} PLS at the fork (no transaction)`,
    });
  }
  w.skipTo(GENESIS_TIMESTAMP);
  return { parentChainId: 1, chainId: 369, block, time: FORK_TIMESTAMP };
}

/**
 * On 2024-01-01, after deployment: the deployer puts the LINK copy (from account 9's copied supply)
 * into a WPLS pool on PulseX V2, D sells all of his copy there (within a year of his LINK purchase on
 * Ethereum), and T1 trades the pool back to its price.
 */
export async function forkCopyMarket(
  w: ChainWriter,
  wallets: DevchainWallets,
  v2: Dex,
  prefork: EthereumPrefork,
  nativePriceUsd: number,
): Promise<{ pool: PoolInfo; token: TokenInfo }> {
  const { deployer, ethDeployer } = wallets;
  const [, , , D] = wallets.users as [Address, Address, Address, Address];
  const [T1] = wallets.traders as [Address];
  const link = prefork.link;
  const perToken = LINK_COPY.priceUsd / nativePriceUsd;
  const at = (hour: number, minute = 0) => storyTime(-1, hour, minute);
  await w.queue(v2.transfer(link, ethDeployer, deployer, units(1_000_000, 18), "LINK copies for the pool", "setup"));
  await w.queue(v2.approve(deployer, link, "approve LINK for wplsLinkV2", "setup"));
  await w.mine(at(9));
  const amount = units(Number((LINK_COPY.poolNative / perToken).toFixed(6)), 18);
  await w.send(
    v2.addLiquidityNative(deployer, link, amount, units(LINK_COPY.poolNative, 18), "liquidity wplsLinkV2", "setup"),
    at(9, 1),
  );
  const pair = await v2.pair(link, v2.wrapped);
  const held = prefork.held.link[D.toLowerCase()] ?? 0n;
  if (held > 0n) {
    await w.send(v2.approve(D, link, "D approves his LINK copy for router V2"), at(10));
    await w.send(v2.sellForNative(D, [link, v2.wrapped], held, "D sells his LINK copy on PulseX"), at(10, 5));
    const trade = await v2.rebalance(T1, pair, link, 18, perToken, "trader brings wplsLinkV2 back to its price");
    if (trade) await w.send(trade, at(10, 30));
  }
  return {
    pool: {
      name: "wplsLinkV2",
      dex: "v2",
      pair,
      base: "link",
      quote: "wpls",
      price: perToken,
      liquidityUsd: 2 * LINK_COPY.poolNative * nativePriceUsd,
    },
    token: {
      role: "link",
      address: link,
      name: "ChainLink Token",
      symbol: "LINK",
      decimals: 18,
      category: "ecosystem",
      priceUsd: LINK_COPY.priceUsd,
    },
  };
}
