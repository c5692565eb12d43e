import { ETHEREUM, PULSECHAIN } from "@pulsemanager/core";
import type { Deployment } from "../settings/deployment.ts";

/** A Uniswap-V2-style factory whose pairs count as liquidity positions. */
export interface PairFactory {
  dex: string;
  address: `0x${string}`;
}

/** HEX keeps its stakes in the token contract itself, at the same address on both chains. */
const MAINNET_HEX = "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39";

/** Where the stakes are read and which token they are valued as (the chain's own HEX). */
export interface HexStakeContract {
  contract: `0x${string}`;
  token: `0x${string}`;
  /** No stake event lies before this block (where the stakes' events are read from). */
  firstBlock: number;
}

/** HEX launched on 2019-12-03; block 9,000,000 (2019-11-25) lies before it on Ethereum and on PulseChain's copy of it. */
const MAINNET_HEX_FIRST_BLOCK = 9_000_000;

const MAINNET_FACTORIES: Record<number, PairFactory[]> = {
  [PULSECHAIN]: [
    { dex: "PulseX V1", address: "0x1715a3e4a142d8b698131108995174f37aeba10d" },
    { dex: "PulseX V2", address: "0x29ea7545def87022badc76323f373ea1e707c523" },
  ],
  [ETHEREUM]: [{ dex: "Uniswap V2", address: "0x5c69bee701ef814a2b6a3edd4b1652cb9cc5aa6f" }],
};

/** The pair factories and the HEX stake contract of a chain: mainnet's, or the deployment's (the devchain). */
export function positionContracts(
  chainId: number,
  deployment: Deployment | undefined,
): { pairFactories: PairFactory[]; hexStakes: HexStakeContract | undefined } {
  if (!deployment)
    return {
      pairFactories: MAINNET_FACTORIES[chainId] ?? [],
      hexStakes: { contract: MAINNET_HEX, token: MAINNET_HEX, firstBlock: MAINNET_HEX_FIRST_BLOCK },
    };
  const dex = chainId === PULSECHAIN ? "PulseX" : "Uniswap";
  const factories: PairFactory[] = [];
  const { factoryV1, factoryV2, hexStakes, hex } = deployment.contracts;
  if (factoryV1) factories.push({ dex: `${dex} V1`, address: factoryV1.toLowerCase() as `0x${string}` });
  if (factoryV2) factories.push({ dex: `${dex} V2`, address: factoryV2.toLowerCase() as `0x${string}` });
  const stakes =
    hexStakes && hex
      ? { contract: hexStakes.toLowerCase() as `0x${string}`, token: hex.toLowerCase() as `0x${string}`, firstBlock: 0 }
      : undefined;
  return { pairFactories: factories, hexStakes: stakes };
}
