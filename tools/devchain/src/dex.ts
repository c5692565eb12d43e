import { type Abi, type Address, getAddress, parseUnits } from "viem";
import type { Artifacts } from "./artifacts.ts";
import type { ChainWriter, TxKind, TxRequest } from "./writer.ts";

/** Far in the future: the router's `deadline` only has to be after the block time. */
export const DEADLINE = 4_102_444_800n; // 2100-01-01
export const MAX_UINT256 = (1n << 256n) - 1n;

/** Whole tokens (or coins) to base units: units("1.5", 6) = 1500000n. */
export function units(amount: number | string, decimals: number): bigint {
  return parseUnits(
    typeof amount === "number"
      ? amount.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 18 })
      : amount,
    decimals,
  );
}

/** A Uniswap V2 factory + Router02 pair of contracts (PulseX V1 / V2 style) and the ERC-20 ABI. */
export class Dex {
  readonly routerAbi: Abi;
  readonly factoryAbi: Abi;
  readonly pairAbi: Abi;
  readonly erc20Abi: Abi;

  constructor(
    readonly w: ChainWriter,
    art: Artifacts,
    readonly factory: Address,
    readonly router: Address,
    readonly wrapped: Address,
  ) {
    this.routerAbi = art.uniswap.UniswapV2Router02.abi;
    this.factoryAbi = art.uniswap.UniswapV2Factory.abi;
    this.pairAbi = art.uniswap.UniswapV2Pair.abi;
    this.erc20Abi = art.own.Token.abi;
  }

  approve(
    owner: Address,
    token: Address,
    step: string,
    kind: TxKind = "approve",
    spender: Address = this.router,
  ): TxRequest {
    return this.w.call(owner, token, this.erc20Abi, "approve", [spender, MAX_UINT256], { step, kind, gas: 100_000n });
  }

  transfer(token: Address, from: Address, to: Address, amount: bigint, step: string, kind: TxKind): TxRequest {
    return this.w.call(from, token, this.erc20Abi, "transfer", [to, amount], { step, kind, gas: 1_000_000n });
  }

  /** Native coin -> tokens along `path` (path[0] is the wrapped native). */
  buyWithNative(user: Address, path: Address[], value: bigint, step: string, kind: TxKind = "buy"): TxRequest {
    return this.w.call(user, this.router, this.routerAbi, "swapExactETHForTokens", [0n, path, user, DEADLINE], {
      step,
      kind,
      value,
      gas: 1_500_000n,
    });
  }

  /** Tokens -> native coin (last element of path is the wrapped native). */
  sellForNative(
    user: Address,
    path: Address[],
    amount: bigint,
    step: string,
    feeOnTransfer = false,
    kind: TxKind = "sell",
  ): TxRequest {
    const fn = feeOnTransfer ? "swapExactTokensForETHSupportingFeeOnTransferTokens" : "swapExactTokensForETH";
    return this.w.call(user, this.router, this.routerAbi, fn, [amount, 0n, path, user, DEADLINE], {
      step,
      kind,
      gas: 1_500_000n,
    });
  }

  swapTokens(
    user: Address,
    path: Address[],
    amount: bigint,
    step: string,
    feeOnTransfer = false,
    kind: TxKind = "swap",
  ): TxRequest {
    const fn = feeOnTransfer ? "swapExactTokensForTokensSupportingFeeOnTransferTokens" : "swapExactTokensForTokens";
    return this.w.call(user, this.router, this.routerAbi, fn, [amount, 0n, path, user, DEADLINE], {
      step,
      kind,
      gas: 1_500_000n,
    });
  }

  addLiquidityNative(
    from: Address,
    token: Address,
    amount: bigint,
    value: bigint,
    step: string,
    kind: TxKind,
    gas = 6_000_000n,
  ): TxRequest {
    return this.w.call(from, this.router, this.routerAbi, "addLiquidityETH", [token, amount, 0n, 0n, from, DEADLINE], {
      step,
      kind,
      value,
      gas,
    });
  }

  removeLiquidityNative(
    from: Address,
    token: Address,
    liquidity: bigint,
    step: string,
    kind: TxKind = "liquidity",
  ): TxRequest {
    return this.w.call(
      from,
      this.router,
      this.routerAbi,
      "removeLiquidityETH",
      [token, liquidity, 0n, 0n, from, DEADLINE],
      {
        step,
        kind,
        gas: 1_500_000n,
      },
    );
  }

  async pair(a: Address, b: Address): Promise<Address> {
    const pair = await this.w.read<Address>(this.factory, this.factoryAbi, "getPair", [a, b]);
    if (/^0x0{40}$/.test(pair)) throw new Error(`devchain: no pair for ${a}/${b}`);
    return getAddress(pair);
  }

  async balanceOf(token: Address, owner: Address): Promise<bigint> {
    return this.w.read<bigint>(token, this.erc20Abi, "balanceOf", [owner]);
  }

  /** Reserves of `pair` as [reserve of `base`, reserve of the other token]. */
  async reserves(pair: Address, base: Address): Promise<[bigint, bigint]> {
    const [r0, r1] = await this.w.read<readonly [bigint, bigint, number]>(pair, this.pairAbi, "getReserves");
    const token0 = await this.w.read<Address>(pair, this.pairAbi, "token0");
    return token0.toLowerCase() === base.toLowerCase() ? [r0, r1] : [r1, r0];
  }

  /**
   * A trader's trade that brings a wrapped-native pool back to `targetNativePerToken` (native coin
   * per whole token, both sides in base units scaled by decimals). Returns null when already within 0.1 %.
   */
  async rebalance(
    trader: Address,
    pair: Address,
    token: Address,
    tokenDecimals: number,
    targetNativePerToken: number,
    step: string,
    feeOnTransfer = false,
  ): Promise<TxRequest | null> {
    const [reserveToken, reserveNative] = await this.reserves(pair, token);
    // target ratio native/token in base units
    const scale = 10n ** 18n;
    const target = BigInt(Math.round(targetNativePerToken * 1e12)) * 10n ** 6n; // native wei per whole token, 18-dec fixed
    const targetRatio = (target * scale) / 10n ** BigInt(tokenDecimals); // native base units per token base unit, x1e18
    const current = (reserveNative * scale) / reserveToken;
    const diff = current > targetRatio ? current - targetRatio : targetRatio - current;
    if (diff * 1000n < targetRatio) return null;
    const k = reserveNative * reserveToken;
    if (current < targetRatio) {
      // token too cheap: buy token with native until native' = sqrt(k * ratio)
      const nativeAfter = sqrt((k * targetRatio) / scale);
      const amountIn = ((nativeAfter - reserveNative) * 1000n) / 997n;
      return this.buyWithNative(trader, [this.wrapped, token], amountIn, step, "trade");
    }
    const tokenAfter = sqrt((k * scale) / targetRatio);
    let amountIn = ((tokenAfter - reserveToken) * 1000n) / 997n;
    if (feeOnTransfer) amountIn = (amountIn * 10_000n) / 9_500n;
    return this.sellForNative(trader, [token, this.wrapped], amountIn, step, feeOnTransfer, "trade");
  }
}

export function sqrt(value: bigint): bigint {
  if (value < 0n) throw new Error("sqrt of negative");
  if (value < 2n) return value;
  // Newton's method from a power of two above the root.
  let x = 1n << BigInt(Math.ceil(value.toString(2).length / 2));
  for (;;) {
    const y = (x + value / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}
