import { describe, expect, it } from "vitest";
import { dataQualityChecks, systemStatus, valueInconsistencies } from "../src/debug/system-checks.ts";

const token = (value: string, extra: Record<string, unknown> = {}) => ({
  symbol: "HEX",
  name: "HEX",
  contractAddress: "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39",
  decimals: 8,
  balance: "1",
  price: "1",
  total_usd: value,
  value,
  hasReliablePrice: true,
  priceSource: "pulsex_v2" as const,
  priceNote: null,
  priceWarning: false,
  isIncludedInPortfolio: true,
  holdingRank: 1,
  percentageOfPortfolio: "100.00",
  walletAddress: "0x1111111111111111111111111111111111111111",
  chainId: 369,
  ...extra,
});
const wallet = (pls: string, eth: string) => ({
  id: "w",
  ids: ["w"],
  address: "0x1111111111111111111111111111111111111111",
  nickname: "W",
  chainId: 369,
  savedChainIds: [369],
  value: (Number(pls) + Number(eth)).toFixed(2),
  chains: [
    { chainId: 369, value: pls },
    { chainId: 1, value: eth },
  ],
});

describe("the debug monitor's checks", () => {
  it("finds nothing when rows, wallets and chains add up to the total", () => {
    const p = {
      tokens: [token("10.005"), token("5.00", { chainId: 1 }), token("0", { isIncludedInPortfolio: false })],
      totalValue: "15.01",
      wallets: [wallet("10.01", "5.00")],
      roiTransactions: [],
    };
    expect(valueInconsistencies(p as never)).toEqual([]);
  });

  it("counts valued liquidity positions and stakes as parts of the total, NFTs not", () => {
    const p = {
      tokens: [token("10.00")],
      positions: [
        { kind: "lp", chainId: 369, valueUsd: "3.00" },
        { kind: "hex-stake", chainId: 1, valueUsd: "2.00" },
        { kind: "nft", chainId: 369, valueUsd: null },
      ],
      totalValue: "15.00",
      wallets: [wallet("13.00", "2.00")],
      roiTransactions: [],
    };
    expect(valueInconsistencies(p as never)).toEqual([]);
  });

  it("names the rows, the wallets and the chain that do not add up", () => {
    const p = {
      tokens: [token("10.00"), token("5.00", { chainId: 1 })],
      totalValue: "16.00",
      wallets: [wallet("10.00", "4.00")],
      roiTransactions: [],
    };
    expect(valueInconsistencies(p as never)).toEqual([
      { kind: "rows", chainId: null, expected: "16.00", actual: "15.00" },
      { kind: "wallets", chainId: null, expected: "16.00", actual: "14.00" },
      { kind: "chain", chainId: 1, expected: "5.00", actual: "4.00" },
    ]);
  });

  it("fails each data-quality check on purpose, and keeps the owner's expectations as information", () => {
    const empty = dataQualityChecks({ tokens: [], totalValue: "0", wallets: [], roiTransactions: [] } as never, {
      transactionCount: 0,
    });
    const failed = empty.filter((c) => !c.ok).map((c) => c.id);
    expect(failed).toEqual(expect.arrayContaining(["tokens", "value", "livePrice", "transactions", "roiList"]));
    const unpriced = dataQualityChecks(
      {
        tokens: [token("0", { price: null, hasReliablePrice: false, priceSource: "unknown" }), token("5")],
        totalValue: "5",
        wallets: [],
        roiTransactions: [{ value: null }, { value: "0" }, { value: "1" }],
      } as never,
      { transactionCount: 1500 },
    );
    const byId = Object.fromEntries(unpriced.map((c) => [c.id, c]));
    expect(byId.missingPrices).toMatchObject({ ok: false, value: "1", unit: "count", severity: "warning" });
    expect(byId.zeroValueTokens).toMatchObject({ ok: false, value: "50", unit: "percent" });
    expect(byId.zeroValuePayouts).toMatchObject({ ok: false, value: "67", unit: "percent" });
    expect(byId.value).toMatchObject({ ok: true, value: "5.00", unit: "usd", expected: { op: ">", bounds: ["0"] } });
    expect(byId.ownerTransactions).toMatchObject({ ok: true, severity: "info" });
    expect(byId.ownerValue).toMatchObject({ ok: false, severity: "info", expected: { op: "between" } });
    // Failed warning checks: never "operational", but not degraded either.
    expect(systemStatus(unpriced, [], [])).toEqual({
      status: "WARNING",
      reasons: ["check:missingPrices", "check:zeroValueTokens", "check:zeroValuePayouts"],
    });
    expect(systemStatus(empty, [], []).status).toBe("DEGRADED");
    const down = { id: "ecb", kind: "fx" as const, name: "ECB", ok: false, latencyMs: 3, problem: "noRate" };
    expect(systemStatus(unpriced, [down], []).status).toBe("DEGRADED");
    expect(systemStatus(unpriced, [down], []).reasons[0]).toBe("endpoint:ecb");
    expect(
      systemStatus(unpriced, [], [{ kind: "rows", chainId: null, expected: "1.00", actual: "2.00" }]).reasons,
    ).toContain("valueInconsistency");
  });

  it("is operational only when every check that counts passed; info checks never count", () => {
    const good = dataQualityChecks(
      { tokens: [token("20000")], totalValue: "20000", wallets: [], roiTransactions: [{ value: "1" }] } as never,
      { transactionCount: 10 },
    );
    expect(good.filter((c) => !c.ok).map((c) => c.id)).toEqual(["ownerTransactions"]);
    expect(systemStatus(good, [], [])).toEqual({ status: "OPERATIONAL", reasons: [] });
  });

  it("a new user without a wallet is not degraded: there is nothing of theirs to check yet", () => {
    const none = dataQualityChecks({ tokens: [], totalValue: "0", wallets: [], roiTransactions: [] } as never, {
      transactionCount: 0,
    });
    expect(systemStatus(none, [], [], { walletCount: 0 })).toEqual({ status: "NO_WALLETS", reasons: [] });
    const down = { id: "rpc-369", kind: "rpc" as const, name: "RPC", ok: false, latencyMs: 3, problem: "noAnswer" };
    expect(systemStatus(none, [down], [], { walletCount: 0 })).toEqual({
      status: "DEGRADED",
      reasons: ["endpoint:rpc-369"],
    });
  });
});
