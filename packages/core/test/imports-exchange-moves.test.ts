/**
 * Moves between an imported exchange account and an own wallet (docs/product/imports.md): ETH bought
 * on Binance and withdrawn to an own wallet arrives there with the Binance purchase's date and cost;
 * sent back to Binance and sold there, the sale uses that lot. Unpaired, the arrival is "Unbekannt".
 * A pair needs the same chain asset, an amount within the network fee and the arrival within 24 hours.
 */
import { describe, expect, it } from "vitest";
import type { NormalizedTransfer } from "../src/chains/transfer.ts";
import { accountTaxEvents } from "../src/imports/account-events.ts";
import { matchExchangeMoves } from "../src/imports/exchange-moves.ts";
import type { ImportedRow } from "../src/imports/imported-row.ts";
import { exchangeReconciliation } from "../src/imports/reconciliation.ts";
import { BridgeMoves } from "../src/tax/bridge-moves.ts";
import { taxReportFromTransfers } from "../src/tax/report.ts";

const W = "0x00000000000000000000000000000000000000a1";
const HOT = "0x00000000000000000000000000000000000000ee";
const DEPOSIT = "0x00000000000000000000000000000000000000dd";
const ETH = 10n ** 18n;
const at = (iso: string) => Date.parse(iso) / 1000;
const tx = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;

function transfer(n: number, iso: string, from: string, to: string, amount: bigint): NormalizedTransfer {
  return {
    chainId: 1,
    txHash: tx(n),
    logIndex: -1,
    blockNumber: 19_000_000 + n,
    timestamp: at(iso),
    from,
    to,
    token: "native",
    amount: amount.toString(),
    fee: "0",
    methodId: null,
    internal: false,
  };
}

const ROWS: ImportedRow[] = [
  {
    line: 2,
    time: "2024-01-10T10:00:00Z",
    kind: "trade",
    operation: "Buy",
    out: { asset: "EUR", amount: "2000" },
    in: { asset: "ETH", amount: "1" },
    fees: [],
  },
  {
    line: 3,
    time: "2024-01-11T10:00:00Z",
    kind: "withdrawal",
    operation: "Withdraw",
    out: { asset: "ETH", amount: "1" },
    fees: [],
  },
  {
    line: 4,
    time: "2024-05-01T09:20:00Z",
    kind: "deposit",
    operation: "Deposit",
    in: { asset: "ETH", amount: "0.5" },
    fees: [],
  },
  {
    line: 5,
    time: "2024-06-01T12:00:00Z",
    kind: "trade",
    operation: "Sell",
    out: { asset: "ETH", amount: "0.5" },
    in: { asset: "EUR", amount: "1500" },
    fees: [],
  },
];
const CHAIN = [
  // The withdrawal arrives five minutes later, less 0.001 ETH of network fee.
  transfer(1, "2024-01-11T10:05:00Z", HOT, W, 999n * 10n ** 15n),
  // Half of it goes back to the Binance deposit address.
  transfer(2, "2024-05-01T09:00:00Z", W, DEPOSIT, ETH / 2n),
];

function report(chain: readonly NormalizedTransfer[]) {
  const { events, assets } = accountTaxEvents(ROWS, {
    wallet: "Binance",
    eurOf: (c, a) => (c === "EUR" ? a : undefined),
  });
  const matched = matchExchangeMoves(events, chain, new Set([W]));
  const result = taxReportFromTransfers(chain, [{ chainId: 1, address: W }], undefined, {
    year: 2024,
    assets,
    extraEvents: matched.events,
    bridges: new BridgeMoves(matched.moves),
  });
  return { matched, result };
}

describe("moves between an exchange account and an own wallet", () => {
  it("pair the withdrawal with its arrival and the wallet's outflow with the deposit: the lots keep the Binance purchase", () => {
    const { matched, result } = report(CHAIN);
    expect(matched.paired).toBe(2);
    const sale = result.transactions.find((r) => r.typ === "Verkauf");
    expect(sale?.lots).toEqual([
      expect.objectContaining({ wallet: "Binance", acquired: "2024-01-10", cost: "1000", gain: "500" }),
    ]);
    expect(result.transactions.filter((r) => r.typ === "Unbekannt")).toEqual([]);
  });

  it("leave a withdrawal 'Unbekannt' whose arrival came more than 24 hours later or with another amount", () => {
    const late = [transfer(1, "2024-01-12T10:05:01Z", HOT, W, 999n * 10n ** 15n), CHAIN[1] as NormalizedTransfer];
    expect(report(late).matched.paired).toBe(1);
    const less = [transfer(1, "2024-01-11T10:05:00Z", HOT, W, 98n * 10n ** 16n), CHAIN[1] as NormalizedTransfer];
    const { matched, result } = report(less);
    expect(matched.paired).toBe(1);
    expect(result.transactions.filter((r) => r.typ === "Unbekannt").length).toBeGreaterThan(0);
  });

  it("give the year's reconciliation per account: moves paired or not, and the DAC8 totals", () => {
    const { events } = accountTaxEvents(ROWS, { wallet: "Binance", eurOf: (c, a) => (c === "EUR" ? a : undefined) });
    const late = [transfer(1, "2024-01-12T10:05:01Z", HOT, W, 999n * 10n ** 15n), CHAIN[1] as NormalizedTransfer];
    const matched = matchExchangeMoves(events, late, new Set([W]));
    const [binance] = exchangeReconciliation(events, matched, 2024, (asset) => (asset === "1:native" ? "ETH" : asset));
    expect(binance).toMatchObject({
      account: "Binance",
      withdrawals: {
        total: 1,
        paired: 0,
        // The arrival came 24 hours and 5 minutes later: named, with why it was not taken.
        unpaired: [
          {
            time: "2024-01-11T10:00:00.000Z",
            symbol: "ETH",
            candidates: [{ chainId: 1, txHash: tx(1), time: "2024-01-12T10:05:01.000Z", reason: "too-late" }],
          },
        ],
      },
      deposits: { total: 1, paired: 1, unpaired: [] },
      dac8: { salesForFiat: 1, salesForFiatEur: "1500.00", salesWithoutEur: 0, swaps: 0, transfersOut: 1 },
    });
    expect(exchangeReconciliation(events, matched, 2023, () => "ETH")[0]?.dac8.salesForFiat).toBe(0);
  });
});
