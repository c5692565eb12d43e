/**
 * The official bridge's stand-in (contracts/Omnibridge.sol): a mediator on each chain that emits the
 * real OmniBridge events with the same message id on both sides, and the native router on Ethereum.
 * Account 14 deploys it (its first transactions, so the addresses never move) and relays the
 * messages. With the story on both chains, steps in March 2025 (after everything else of the story):
 * B buys HEX on Ethereum and bridges it and 1 ETH to himself on PulseChain, D bridges HEX to an
 * exchange's address, and B later sells half of the bridged HEX on PulseX (README.md, "The bridge").
 */
import { type Address, decodeEventLog, getAddress, getContractAddress, type Hex } from "viem";
import type { Artifacts } from "./artifacts.ts";
import { deployMany, enableAccount } from "./common.ts";
import { Dex, units } from "./dex.ts";
import { ETHEREUM, ETHEREUM_PRICES_USD } from "./ethereum.ts";
import { type BuiltChain, PULSE, rebalancePools } from "./pulsechain.ts";
import type { DevchainWallets, EthereumContracts, PulseContracts } from "./types.ts";
import type { ChainWriter, RpcReceipt, TxKind } from "./writer.ts";

export interface BridgeChain<C> {
  w: ChainWriter;
  built: BuiltChain<C>;
  wallets: DevchainWallets;
}

/** Unix seconds of `day` days after 2025-03-03 (the bridge's deployment), at hh:mm UTC. */
export function bridgeTime(day: number, hour = 9, minute = 0): number {
  return Date.UTC(2025, 2, 3 + day, hour, minute, 0) / 1000;
}

/** The bridged HEX pool: 1B PLS against HEX from Ethereum at Ethereum's HEX price. */
const BRIDGED_HEX_POOL = { name: "wplsBridgedHexV2", native: 1_000_000_000 } as const;
const BRIDGED_HEX_PER_NATIVE = PULSE.nativePriceUsd / ETHEREUM_PRICES_USD.hex;

/** A message the Ethereum side asked to deliver. */
interface BridgeMessage {
  messageId: Hex;
  token: Address;
  receiver: Address;
  value: bigint;
}

/** Deploys the bridge on every started chain; with `story` (both chains, seeded) runs the bridge steps. */
export async function runBridge(
  art: Artifacts,
  chains: { pulse?: BridgeChain<PulseContracts>; eth?: BridgeChain<EthereumContracts> },
  story: boolean,
): Promise<void> {
  const { pulse, eth } = chains;
  const at = story ? bridgeTime(0) : undefined;
  for (const side of [pulse, eth])
    if (at !== undefined && side && side.w.timestamp >= at)
      throw new Error("devchain: the bridge steps must come after the story");
  if (eth) await deployForeign(art, eth, at);
  if (pulse) await deployHome(art, pulse, at);
  if (story && pulse && eth) await bridgeStory(art, pulse, eth);
}

async function deployForeign(art: Artifacts, eth: BridgeChain<EthereumContracts>, at: number | undefined) {
  const relayer = eth.wallets.bridgeRelayer;
  await enableAccount(eth.w.rpc, relayer, 1_000);
  const mediator = getContractAddress({ from: relayer, nonce: 0n });
  const [omnibridge, omnibridgeRouter] = await deployMany(
    eth.w,
    [
      { from: relayer, artifact: art.own.BridgeForeignMediator, args: [], step: "deploy the bridge (Ethereum side)" },
      {
        from: relayer,
        artifact: art.own.BridgeNativeRouter,
        args: [eth.built.contracts.weth, mediator],
        step: "deploy the bridge's native router",
      },
    ],
    at,
  );
  if (omnibridge !== getAddress(mediator) || !omnibridgeRouter) throw new Error("devchain: bridge deployment order");
  Object.assign(eth.built.contracts, { omnibridge, omnibridgeRouter });
}

async function deployHome(art: Artifacts, pulse: BridgeChain<PulseContracts>, at: number | undefined) {
  const relayer = pulse.wallets.bridgeRelayer;
  await enableAccount(pulse.w.rpc, relayer, 10_000_000);
  const [omnibridge] = await deployMany(
    pulse.w,
    [{ from: relayer, artifact: art.own.BridgeHomeMediator, args: [], step: "deploy the bridge (PulseChain side)" }],
    at,
  );
  if (!omnibridge) throw new Error("devchain: no bridge on PulseChain");
  pulse.built.contracts.omnibridge = omnibridge;
}

/** The messages of the bridge's BridgeMessage events in these receipts. */
function messagesIn(art: Artifacts, bridge: Address, receipts: RpcReceipt[]): BridgeMessage[] {
  const abi = art.own.BridgeForeignMediator.abi;
  const out: BridgeMessage[] = [];
  for (const log of receipts.flatMap((r) => r.logs)) {
    if (getAddress(log.address) !== bridge) continue;
    const decoded = decodeEventLog({ abi, data: log.data, topics: log.topics as [Hex, ...Hex[]] });
    if (decoded.eventName !== "BridgeMessage") continue;
    const args = decoded.args as unknown as BridgeMessage;
    out.push({ messageId: args.messageId, token: getAddress(args.token), receiver: args.receiver, value: args.value });
  }
  return out;
}

/** The relayer delivers the messages on PulseChain in one block at `at`: the bridged token is minted. */
async function relay(
  art: Artifacts,
  pulse: BridgeChain<PulseContracts>,
  eth: BridgeChain<EthereumContracts>,
  messages: { message: BridgeMessage; kind: TxKind; step: string }[],
  at: number,
): Promise<void> {
  const erc20 = art.own.Token.abi;
  for (const { message: m, kind, step } of messages) {
    const [name, symbol, decimals] = await Promise.all([
      eth.w.read<string>(m.token, erc20, "name"),
      eth.w.read<string>(m.token, erc20, "symbol"),
      eth.w.read<number>(m.token, erc20, "decimals"),
    ]);
    await pulse.w.queue(
      pulse.w.call(
        pulse.wallets.bridgeRelayer,
        pulse.built.contracts.omnibridge,
        art.own.BridgeHomeMediator.abi,
        "handleBridgedTokens",
        [m.token, name, symbol, decimals, m.receiver, m.value, m.messageId],
        { kind, step, gas: 3_000_000n },
      ),
    );
  }
  await pulse.w.mine(at);
}

async function bridgedTokenOf(art: Artifacts, pulse: BridgeChain<PulseContracts>, token: Address): Promise<Address> {
  const abi = art.own.BridgeHomeMediator.abi;
  return getAddress(await pulse.w.read<Address>(pulse.built.contracts.omnibridge, abi, "bridgedTokenAddress", [token]));
}

async function bridgeStory(
  art: Artifacts,
  pulse: BridgeChain<PulseContracts>,
  eth: BridgeChain<EthereumContracts>,
): Promise<void> {
  const ec = eth.built.contracts;
  const [, B, , D] = eth.wallets.users as [Address, Address, Address, Address];
  const [T1] = eth.wallets.traders as [Address];
  const bridgeAbi = art.own.BridgeForeignMediator.abi;
  const ethDex = new Dex(eth.w, art, ec.factoryV2, ec.routerV2, ec.weth);
  const deposit = (from: Address, token: Address, to: Address, amount: bigint, step: string, kind: TxKind) =>
    eth.w.call(from, ec.omnibridge, bridgeAbi, "relayTokens", [token, to, amount], { kind, step, gas: 500_000n });

  // 03-04: B buys HEX on Ethereum. 03-05: HEX for the bridged HEX pool on PulseChain.
  await eth.w.send(ethDex.buyWithNative(B, [ec.weth, ec.hex], units(2, 18), "B buys HEX with 2 ETH"), bridgeTime(1));
  const trade = await ethDex.rebalance(
    T1,
    ec.pairs.wethHexV2 as Address,
    ec.hex,
    8,
    ETHEREUM_PRICES_USD.hex / ETHEREUM.nativePriceUsd,
    "trader brings wethHexV2 back to its designed price",
  );
  if (trade?.value === undefined)
    await eth.w.send(ethDex.approve(T1, ec.hex, "trader approves HEX", "trade"), bridgeTime(1, 10));
  if (trade) await eth.w.send(trade, bridgeTime(1, 10, 1));
  const poolHex = units(Number((BRIDGED_HEX_POOL.native * BRIDGED_HEX_PER_NATIVE).toFixed(0)), 8);
  const { ethDeployer, deployer } = eth.wallets;
  await eth.w.queue(ethDex.approve(ethDeployer, ec.hex, "approve HEX for the bridge", "setup", ec.omnibridge));
  await eth.w.queue(deposit(ethDeployer, ec.hex, deployer, poolHex, "bridge HEX for the pool", "setup"));
  const supply = messagesIn(art, ec.omnibridge, await eth.w.mine(bridgeTime(2)));
  await relay(
    art,
    pulse,
    eth,
    supply.map((message) => ({ message, kind: "setup", step: "relay HEX for the pool" })),
    bridgeTime(2, 10),
  );
  await bridgedHexPool(art, pulse, await bridgedTokenOf(art, pulse, ec.hex), poolHex);

  // 03-06: B bridges all his HEX and 1 ETH to himself, D 10,000 HEX to an exchange's address.
  const bHex = await ethDex.balanceOf(ec.hex, B);
  const t = (minute: number) => bridgeTime(3, 9, minute);
  const moves: { message: BridgeMessage; kind: TxKind; step: string }[] = [];
  const send = async (
    req: Parameters<ChainWriter["send"]>[0],
    minute: number,
    relayAs?: { kind: TxKind; step: string },
  ) => {
    const receipt = await eth.w.send(req, t(minute));
    for (const message of messagesIn(art, ec.omnibridge, [receipt])) if (relayAs) moves.push({ message, ...relayAs });
  };
  const arrives = (step: string) => ({ kind: "bridge-in" as const, step });
  await send(ethDex.approve(B, ec.hex, "B approves HEX for the bridge", "approve", ec.omnibridge), 0);
  await send(
    deposit(B, ec.hex, B, bHex, "B bridges his HEX to PulseChain", "bridge-out"),
    1,
    arrives("B's HEX arrives"),
  );
  await send(
    eth.w.call(B, ec.omnibridgeRouter, art.own.BridgeNativeRouter.abi, "wrapAndRelayTokens", [B], {
      value: units(1, 18),
      kind: "bridge-out",
      step: "B bridges 1 ETH through the native router",
      gas: 500_000n,
    }),
    2,
    arrives("B's ETH arrives as WETH from Ethereum"),
  );
  await send(ethDex.approve(D, ec.hex, "D approves HEX for the bridge", "approve", ec.omnibridge), 3);
  await send(
    deposit(D, ec.hex, T1, units(10_000, 8), "D bridges 10,000 HEX to an exchange's address", "bridge-out"),
    4,
    { kind: "setup", step: "10,000 HEX arrive at the exchange" },
  );
  await relay(art, pulse, eth, moves, bridgeTime(3, 10));
  const bridgedHex = await bridgedTokenOf(art, pulse, ec.hex);
  const bridgedWeth = await bridgedTokenOf(art, pulse, ec.weth);
  Object.assign(pulse.built.contracts, { bridgedHex, bridgedWeth });
  pulse.built.tokens.push(
    bridgedToken("bridgedHex", bridgedHex, "HEX from Ethereum", "HEX", 8, ETHEREUM_PRICES_USD.hex),
    bridgedToken("bridgedWeth", bridgedWeth, "Wrapped Ether from Ethereum", "WETH", 18, null),
  );

  // 03-20: B sells half of the bridged HEX on PulseX.
  const pc = pulse.built.contracts;
  const v2 = new Dex(pulse.w, art, pc.factoryV2, pc.routerV2, pc.wpls);
  const [, pB] = pulse.wallets.users as [Address, Address];
  const half = (await v2.balanceOf(bridgedHex, pB)) / 2n;
  await pulse.w.send(v2.approve(pB, bridgedHex, "B approves HEX from Ethereum for the router"), bridgeTime(17));
  await pulse.w.send(
    v2.sellForNative(pB, [bridgedHex, pc.wpls], half, "B sells half of his HEX from Ethereum"),
    bridgeTime(17, 9, 1),
  );
  // 03-21: a trader brings the pool back to its designed price.
  const [T1pulse] = pulse.wallets.traders as [Address];
  let minute = 0;
  await rebalancePools(
    pulse.w,
    T1pulse,
    [
      {
        name: BRIDGED_HEX_POOL.name,
        base: "bridgedHex",
        dex: v2,
        pair: pc.pairs[BRIDGED_HEX_POOL.name] as Address,
        token: bridgedHex,
        decimals: 8,
        nativePerToken: 1 / BRIDGED_HEX_PER_NATIVE,
        feeOnTransfer: false,
      },
    ],
    () => bridgeTime(18, 9, minute++),
  );
}

function bridgedToken(
  role: string,
  address: Address,
  name: string,
  symbol: string,
  decimals: number,
  priceUsd: number | null,
) {
  return { role, address, name, symbol, decimals, category: "ecosystem" as const, priceUsd };
}

/** The deployer pools the bridged HEX against PLS (1B PLS) on PulseX V2 at Ethereum's HEX price. */
async function bridgedHexPool(
  art: Artifacts,
  pulse: BridgeChain<PulseContracts>,
  bridgedHex: Address,
  amount: bigint,
): Promise<void> {
  const pc = pulse.built.contracts;
  const v2 = new Dex(pulse.w, art, pc.factoryV2, pc.routerV2, pc.wpls);
  const { deployer } = pulse.wallets;
  await pulse.w.send(
    v2.approve(deployer, bridgedHex, "approve HEX from Ethereum for its pool", "setup"),
    bridgeTime(2, 11),
  );
  await pulse.w.send(
    v2.addLiquidityNative(
      deployer,
      bridgedHex,
      amount,
      units(BRIDGED_HEX_POOL.native, 18),
      "liquidity wplsBridgedHexV2",
      "setup",
    ),
    bridgeTime(2, 11, 1),
  );
  const pair = await v2.pair(bridgedHex, pc.wpls);
  pc.pairs[BRIDGED_HEX_POOL.name] = pair;
  pulse.built.pools.push({
    name: BRIDGED_HEX_POOL.name,
    dex: "v2",
    pair,
    base: "bridgedHex",
    quote: "wpls",
    price: 1 / BRIDGED_HEX_PER_NATIVE,
    liquidityUsd: 2 * BRIDGED_HEX_POOL.native * PULSE.nativePriceUsd,
  });
}
