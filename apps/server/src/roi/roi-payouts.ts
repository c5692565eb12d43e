import {
  berlinDateOf,
  D,
  fromBaseUnits,
  isRewardPayout,
  NATIVE,
  type NormalizedTransfer,
  type RateOnDay,
  type RewardSenders,
  ROI_MIN_USD,
  type RoiPayout,
  type RoiSourceOwner,
  type UsdPriceLookup,
} from "@pulsemanager/core";

export interface TokenInfo {
  symbol: string;
  decimals: number;
}

/** The payouts among a history: transfers into the wallets from a reward sender (core's one rule). */
export function payoutTransfers(
  transfers: readonly NormalizedTransfer[],
  wallets: ReadonlySet<string>,
  senders: RewardSenders,
): NormalizedTransfer[] {
  return transfers.filter((t) => isRewardPayout(t, wallets, senders));
}

/** Each payout valued at receipt: USD by the day's price, EUR by the ECB rate of the German day. */
export function valuePayouts(
  payouts: readonly NormalizedTransfer[],
  info: (chainId: number, token: string) => TokenInfo,
  usd: UsdPriceLookup,
  rateOn: (day: string) => RateOnDay | undefined,
  ownerOf: (chainId: number, source: string) => RoiSourceOwner | null = () => null,
): RoiPayout[] {
  const minimum = new D(ROI_MIN_USD);
  return payouts.map((t) => {
    const { symbol, decimals } = info(t.chainId, t.token);
    const amount = fromBaseUnits(t.amount, decimals);
    const price = usd(`${t.chainId}:${t.token}`, t.timestamp);
    const value = price ? amount.mul(price.usd) : null;
    const rate = rateOn(berlinDateOf(t.timestamp));
    return {
      type: "ROI_INCOMING",
      chainId: t.chainId,
      hash: t.txHash,
      timeStamp: t.timestamp,
      token: t.token === NATIVE ? "native" : t.token,
      tokenSymbol: symbol,
      tokenDecimal: decimals,
      amount: amount.toFixed(),
      value: value ? value.toDecimalPlaces(8).toFixed() : null,
      valueEur: value && rate ? value.div(rate.rate).toDecimalPlaces(8).toFixed() : null,
      source: t.from,
      sourceOwner: ownerOf(t.chainId, t.from),
      dust: value !== null && value.lt(minimum),
      wallet: t.to,
    };
  });
}
