import { D, type Dec, fromBaseUnits } from "../chains/amounts.ts";

export interface PairReserves {
  balance: bigint;
  totalSupply: bigint;
  reserve0: bigint;
  reserve1: bigint;
  decimals0: number;
  decimals1: number;
}

/** The wallet's share of each reserve, in whole tokens: balance / totalSupply x reserve (exact). */
export function lpUnderlying(p: PairReserves): { share: Dec; amount0: Dec; amount1: Dec } {
  if (p.totalSupply === 0n) return { share: new D(0), amount0: new D(0), amount1: new D(0) };
  const share = new D(p.balance.toString()).div(p.totalSupply.toString());
  return {
    share,
    amount0: fromBaseUnits((p.reserve0 * p.balance) / p.totalSupply, p.decimals0),
    amount1: fromBaseUnits((p.reserve1 * p.balance) / p.totalSupply, p.decimals1),
  };
}

/**
 * USD value of both sides. With one side priced, a V2 pair holds equal value on both sides,
 * so twice that side; with none, not valued (null).
 */
export function lpValueUsd(
  amount0: Dec,
  amount1: Dec,
  price0: string | null,
  price1: string | null,
): { value: Dec | null; oneSided: boolean } {
  if (price0 !== null && price1 !== null)
    return { value: amount0.mul(price0).add(amount1.mul(price1)), oneSided: false };
  if (price0 !== null) return { value: amount0.mul(price0).mul(2), oneSided: true };
  if (price1 !== null) return { value: amount1.mul(price1).mul(2), oneSided: true };
  return { value: null, oneSided: false };
}
