/** A native payout is named by its chain's coin: ETH on Ethereum, PLS on PulseChain (not "PLS" everywhere). */
import { ETHEREUM, NATIVE, type NormalizedTransfer, PULSECHAIN } from "@pulsemanager/core";
import { describe, expect, it } from "vitest";
import { payoutTokenInfo, valuePayouts } from "../src/roi/roi-payouts.ts";

const WALLET = `0x${"1".repeat(40)}`;
const SENDER = `0x${"2".repeat(40)}`;
const TOKEN = `0x${"3".repeat(40)}`;

function nativePayout(chainId: number, n: number): NormalizedTransfer {
  return {
    chainId,
    txHash: `0x${n.toString(16).padStart(64, "0")}`,
    logIndex: -1,
    blockNumber: n,
    timestamp: 1_735_732_800 + n,
    from: SENDER,
    to: WALLET,
    token: NATIVE,
    amount: "1000000000000000000",
    fee: "0",
    methodId: null,
    internal: false,
  };
}

describe("ROI payout symbols", () => {
  it("names a native payout by its chain's native coin", () => {
    const infoOf = payoutTokenInfo(new Map([[`${ETHEREUM}:${TOKEN}`, { symbol: "USDC", decimals: 6 }]]));
    const valued = valuePayouts(
      [nativePayout(ETHEREUM, 1), nativePayout(PULSECHAIN, 2)],
      infoOf,
      () => undefined,
      () => undefined,
    );
    expect(valued.map((p) => [p.chainId, p.token, p.tokenSymbol, p.tokenDecimal])).toEqual([
      [ETHEREUM, "native", "ETH", 18],
      [PULSECHAIN, "native", "PLS", 18],
    ]);
    expect(infoOf(ETHEREUM, TOKEN)).toEqual({ symbol: "USDC", decimals: 6 });
    expect(infoOf(PULSECHAIN, TOKEN)).toEqual({ symbol: "?", decimals: 18 });
  });
});
