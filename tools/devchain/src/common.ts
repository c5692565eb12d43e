import { type Address, encodeDeployData, getAddress, toHex } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { DEFAULT_MNEMONIC } from "./anvil.ts";
import type { Artifacts } from "./artifacts.ts";
import { units } from "./dex.ts";
import type { Rpc } from "./rpc.ts";
import type { DevchainWallets } from "./types.ts";
import type { ChainWriter } from "./writer.ts";

/** The canonical Multicall3 address on every EVM chain; the app's balance reader calls aggregate3 there. */
export const MULTICALL3_ADDRESS = getAddress("0xcA11bde05977b3631167028862bE2a173976CA11");

/** Genesis: 2024-01-01 00:00:00 UTC. Deployment follows in 12-second blocks. */
export const GENESIS_TIMESTAMP = Date.UTC(2024, 0, 1, 0, 0, 0) / 1000;

/** Unix seconds of `day` days after 2024-01-02 (day 0), at hh:mm UTC. */
export function storyTime(day: number, hour = 9, minute = 0): number {
  return Date.UTC(2024, 0, 2 + day, hour, minute, 0) / 1000;
}

export const BULK_BATCH = 100;

export function walletsFrom(accounts: Address[]): DevchainWallets {
  const at = (i: number): Address => {
    const a = accounts[i];
    if (!a) throw new Error(`devchain: anvil has no account ${i}`);
    return getAddress(a);
  };
  return {
    deployer: at(0),
    users: [at(1), at(2), at(3), at(4), at(5)],
    traders: [at(6), at(7)],
    spammer: at(8),
    ethDeployer: at(9),
    launcher: at(10),
    promoter: at(11),
    stakesDeployer: mnemonicToAccount(DEFAULT_MNEMONIC, { addressIndex: 12 }).address,
    nftDeployer: mnemonicToAccount(DEFAULT_MNEMONIC, { addressIndex: 13 }).address,
    bridgeRelayer: mnemonicToAccount(DEFAULT_MNEMONIC, { addressIndex: 14 }).address,
  };
}

/**
 * An account beyond anvil's funded ones, made usable only when its first transaction is due: funding
 * it at genesis would change the state of every earlier block.
 */
export async function enableAccount(rpc: Rpc, address: Address, coins: number): Promise<void> {
  await rpc.request("anvil_impersonateAccount", [address]);
  await rpc.request("anvil_setBalance", [address, toHex(units(coins, 18))]);
}

/** Everyone but the users gets a large balance (deep pools need billions of PLS); users keep --balance. */
export async function fundOperators(rpc: Rpc, wallets: DevchainWallets, coins: number): Promise<void> {
  const amount = toHex(units(coins, 18));
  for (const a of [
    wallets.deployer,
    ...wallets.traders,
    wallets.spammer,
    wallets.ethDeployer,
    wallets.launcher,
    wallets.promoter,
  ]) {
    await rpc.request("anvil_setBalance", [a, amount]);
  }
}

/** Multicall3's runtime code at the canonical address (no deployment transaction, like a predeploy). */
export async function installMulticall3(rpc: Rpc, art: Artifacts): Promise<Address> {
  await rpc.request("anvil_setCode", [MULTICALL3_ADDRESS, art.own.Multicall3.deployedBytecode]);
  return MULTICALL3_ADDRESS;
}

/**
 * The Ethereum-origin tokens, deployed by the same account in the same order on both chains:
 * on chain 1 they are WETH, DAI, USDC, USDT and HEX; on PulseChain the same addresses hold the
 * worthless fork copies (and HEX, whose PulseChain copy is the real pHEX).
 */
export async function deployEthereumOrigin(
  w: ChainWriter,
  art: Artifacts,
  ethDeployer: Address,
): Promise<{ weth: Address; dai: Address; usdc: Address; usdt: Address; hex: Address }> {
  const T = art.own.Token;
  const deploys: [string, Parameters<ChainWriter["deploy"]>[1], unknown[]][] = [
    ["WETH", art.own.WrappedNative, ["Wrapped Ether", "WETH"]],
    ["DAI", T, ["Dai Stablecoin", "DAI", 18, units(1_000_000_000, 18)]],
    ["USDC", T, ["USD Coin", "USDC", 6, units(1_000_000_000, 6)]],
    ["USDT", T, ["Tether USD", "USDT", 6, units(1_000_000_000, 6)]],
    ["HEX", T, ["HEX", "HEX", 8, units(600_000_000_000, 8)]],
  ];
  const [weth, dai, usdc, usdt, hex] = await deployMany(
    w,
    deploys.map(([name, artifact, args]) => ({
      from: ethDeployer,
      artifact,
      args,
      step: `deploy ${name} (Ethereum origin)`,
    })),
  );
  if (!weth || !dai || !usdc || !usdt || !hex) throw new Error("devchain: Ethereum-origin deployment incomplete");
  return { weth, dai, usdc, usdt, hex };
}

/** Several deployments in one block (at `timestamp`, default 12 s after the last), in the given order (nonces follow per sender). */
export async function deployMany(
  w: ChainWriter,
  list: {
    from: Address;
    artifact: Parameters<ChainWriter["deploy"]>[1];
    args: readonly unknown[];
    step: string;
    gas?: bigint;
  }[],
  timestamp?: number,
): Promise<Address[]> {
  for (const d of list) {
    await w.queue({
      from: d.from,
      data: encodeDeployData({ abi: d.artifact.abi, bytecode: d.artifact.bytecode, args: d.args }),
      gas: d.gas ?? 3_000_000n,
      kind: "setup",
      step: d.step,
    });
  }
  const receipts = await w.mine(timestamp);
  return receipts.map((r, i) => {
    if (!r.contractAddress) throw new Error(`devchain: ${list[i]?.step}: no contract address`);
    return getAddress(r.contractAddress);
  });
}

/** Creates `count` bulk tokens through the factory, every user wallet a holder, in a few big transactions. */
export async function createBulkTokens(
  w: ChainWriter,
  art: Artifacts,
  factory: Address,
  deployer: Address,
  holders: Address[],
  count: number,
): Promise<Address[]> {
  for (let done = 0; done < count; done += BULK_BATCH) {
    const n = Math.min(BULK_BATCH, count - done);
    await w.send(
      w.call(deployer, factory, art.own.BulkTokenFactory.abi, "create", [BigInt(n), holders], {
        kind: "bulk-mint",
        step: `mint bulk tokens ${done + 1}..${done + n} to the user wallets`,
        gas: BigInt(n) * 620_000n + 300_000n,
      }),
    );
  }
  if (count === 0) return [];
  const all = await w.read<readonly Address[]>(factory, art.own.BulkTokenFactory.abi, "allTokens");
  return all.map((a) => getAddress(a));
}
