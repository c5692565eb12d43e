import {
  berlinDateOf,
  isRewardPayout,
  NATIVE,
  type NormalizedTransfer,
  payoutFigures,
  type RateOnDay,
  type RewardSenders,
  type RoiPayout,
  type RoiSourceOwner,
  type Scaled,
  scaledOf,
  type UsdPriceLookup,
} from "@pulsemanager/core";
import { nativeFact } from "../ledger/token-facts.ts";

export interface TokenInfo {
  symbol: string;
  decimals: number;
}

/** A native payout's facts: its chain's coin (the ledger's nativeFact: PLS on PulseChain, ETH on Ethereum). */
function nativeInfo(chainId: number): TokenInfo {
  const { symbol, decimals } = nativeFact(chainId);
  return { symbol, decimals };
}

/**
 * Symbol and decimals of a payout's token: the chain's native coin named by its chain (PLS on
 * PulseChain, ETH on Ethereum), any other token by its facts ("chainId:token", the ledger's
 * assetFacts), else "?".
 */
export function payoutTokenInfo(facts: ReadonlyMap<string, TokenInfo>): (chainId: number, token: string) => TokenInfo {
  return (chainId, token) =>
    token === NATIVE ? nativeInfo(chainId) : (facts.get(`${chainId}:${token}`) ?? { symbol: "?", decimals: 18 });
}

/** The payouts among a history: transfers into the wallets from a reward sender (core's one rule). */
export function payoutTransfers(
  transfers: readonly NormalizedTransfer[],
  wallets: ReadonlySet<string>,
  senders: RewardSenders,
): NormalizedTransfer[] {
  return transfers.filter((t) => isRewardPayout(t, wallets, senders));
}

/** A function of a chain and a token (or address) asked once per pair: payouts repeat a handful of them. */
function oncePerPair<T>(of: (chainId: number, key: string) => T): (chainId: number, key: string) => T {
  const byChain = new Map<number, Map<string, T>>();
  return (chainId, key) => {
    let known = byChain.get(chainId);
    if (!known) {
      known = new Map();
      byChain.set(chainId, known);
    }
    let value = known.get(key);
    if (value === undefined) {
      value = of(chainId, key);
      known.set(key, value);
    }
    return value;
  };
}

/**
 * Each payout valued at receipt: USD by the day's price, EUR by the ECB rate of the German day. Exact
 * bigint figures (core's payoutFigures); each day's price and rate is parsed once, not per payout, and
 * each token's facts and each source's owner are looked up once.
 */
export function valuePayouts(
  payouts: readonly NormalizedTransfer[],
  info: (chainId: number, token: string) => TokenInfo,
  usd: UsdPriceLookup,
  rateOn: (day: string) => RateOnDay | undefined,
  ownerOf: (chainId: number, source: string) => RoiSourceOwner | null = () => null,
): RoiPayout[] {
  const parsed = new Map<string, Scaled>();
  const scaled = (text: string): Scaled => {
    let v = parsed.get(text);
    if (!v) {
      v = scaledOf(text);
      parsed.set(text, v);
    }
    return v;
  };
  const rates = new Map<string, Scaled | undefined>();
  const rateOf = (timestamp: number): Scaled | undefined => {
    const day = berlinDateOf(timestamp);
    if (!rates.has(day)) {
      const rate = rateOn(day);
      rates.set(day, rate ? scaled(rate.rate) : undefined);
    }
    return rates.get(day);
  };
  const infoOf = oncePerPair(info);
  const assetKey = oncePerPair((chainId, token) => `${chainId}:${token}`);
  const sourceOwner = oncePerPair(ownerOf);
  return payouts.map((t) => {
    const { symbol, decimals } = infoOf(t.chainId, t.token);
    const price = usd(assetKey(t.chainId, t.token), t.timestamp);
    const figures = payoutFigures(
      BigInt(t.amount),
      decimals,
      price ? scaled(price.usd) : undefined,
      price ? rateOf(t.timestamp) : undefined,
    );
    return {
      type: "ROI_INCOMING",
      chainId: t.chainId,
      hash: t.txHash,
      timeStamp: t.timestamp,
      token: t.token === NATIVE ? "native" : t.token,
      tokenSymbol: symbol,
      tokenDecimal: decimals,
      amount: figures.amount,
      value: figures.value,
      valueEur: figures.valueEur,
      source: t.from,
      sourceOwner: sourceOwner(t.chainId, t.from),
      dust: figures.dust,
      wallet: t.to,
    };
  });
}
