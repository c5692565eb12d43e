/**
 * Kraken's ledger read as the samples' documentation counts it: one trade per `refid` (both lines, the fee in
 * its own asset), Kraken's asset codes kept, pending lines with an empty `txid` skipped but bounding
 * the range. The newer 12-column layout reads alike; damaged lines are refused by line.
 */
import { describe, expect, it } from "vitest";
import { bytes, exchangeSample, readOk, rowAt } from "./support/exchange-samples.ts";

const sampleText = () => new TextDecoder().decode(exchangeSample("kraken-ledgers.csv"));

describe("the Kraken ledgers sample", () => {
  const read = readOk(exchangeSample("kraken-ledgers.csv"));

  it("gives the documented counts, assets, range and amounts bought", () => {
    expect(read.format).toBe("kraken");
    expect(read.account).toBe("Kraken");
    expect(read.refused).toEqual([]);
    expect(read.summary.rows).toEqual({ trade: 8, deposit: 1, withdrawal: 0, reward: 3, other: 0 });
    expect(read.summary.assets).toEqual("DOT.S MANA OXT SC STORJ TRX XMLN XXBT XXDG".split(" "));
    // The first line is a skipped pending credit: it still opens the range.
    expect(read.summary.from).toBe("2021-02-02T01:02:45Z");
    expect(read.summary.to).toBe("2021-02-11T15:18:00Z");
    // Documented: XXDG 2000.00000000; MANA 1000.0000000000; XXBT 0.0038300420 (trailing zeros not kept);
    // the other five coins bought are those of the counting script.
    expect(read.summary.bought).toMatchObject({ XXDG: "2000", MANA: "1000", XXBT: "0.003830042" });
    expect(read.summary.bought).toEqual({
      MANA: "1000",
      XXDG: "2000",
      XXBT: "0.003830042",
      STORJ: "100",
      XMLN: "1",
      TRX: "1000",
      SC: "5000",
      OXT: "100",
    });
  });

  it("makes one trade of a refid's two lines, the fee in the sold asset", () => {
    expect(rowAt(read, 10)).toEqual({
      line: 10,
      time: "2021-02-08T00:16:21Z",
      kind: "trade",
      operation: "trade",
      out: { asset: "XXDG", amount: "1994.81354167" },
      in: { asset: "XXBT", amount: "0.003830042" },
      fees: [{ asset: "XXDG", amount: "5.18645833" }],
      externalId: "TWLWVI-H52FD-6NBRWS",
    });
    expect(rowAt(read, 11)).toBeUndefined();
  });

  it("skips the pending lines (empty txid) and reads staking as rewards, the booked deposit once", () => {
    expect(read.rows.map((r) => r.line)).not.toContain(2);
    expect(rowAt(read, 3)).toEqual({
      line: 3,
      time: "2021-02-02T07:26:30Z",
      kind: "reward",
      operation: "staking",
      in: { asset: "DOT.S", amount: "0.00528919" },
      fees: [],
      externalId: "ST7V5BP-P52HA-PW2YEC",
    });
    expect(read.rows.filter((r) => r.kind === "deposit")).toEqual([
      {
        line: 15,
        time: "2021-02-11T15:05:41Z",
        kind: "deposit",
        operation: "deposit",
        in: { asset: "XXBT", amount: "0.00403905" },
        fees: [],
        externalId: "QGBLFZT-2ZDQE6-JUGPZE",
      },
    ]);
  });
});

describe("the newer 12-column Kraken ledger", () => {
  it("reads Buy Crypto (spend/receive), a withdrawal with its fee, earn rewards and allocations", () => {
    const text =
      '"txid","refid","time","type","subtype","aclass","subclass","asset","wallet","amount","fee","balance"\n' +
      '"L1","R1","2024-03-01 10:00:00","spend","","currency","fiat","ZEUR","spot / main",-100.0000,1.5000,398.5000\n' +
      '"L2","R1","2024-03-01 10:00:00","receive","","currency","crypto","XXBT","spot / main",0.0015000000,0,0.0015000000\n' +
      '"L3","R2","2024-03-02 11:00:00","withdrawal","","currency","crypto","XXBT","spot / main",-0.0010000000,0.0000500000,0.0004500000\n' +
      '"L4","R3","2024-03-03 00:00:00","earn","reward","currency","crypto","DOT","earn / flexible",0.0100000000,0,1.0100000000\n' +
      '"L5","R4","2024-03-04 00:00:00","earn","allocation","currency","crypto","DOT","spot / main",-1.0000000000,0,0.0000000000\n';
    const read = readOk(bytes(text));
    expect(read.format).toBe("kraken");
    expect(read.rows.map((r) => [r.line, r.kind, r.out, r.in, r.fees])).toEqual([
      [
        2,
        "trade",
        { asset: "ZEUR", amount: "100" },
        { asset: "XXBT", amount: "0.0015" },
        [{ asset: "ZEUR", amount: "1.5" }],
      ],
      [4, "withdrawal", { asset: "XXBT", amount: "0.001" }, undefined, [{ asset: "XXBT", amount: "0.00005" }]],
      [5, "reward", undefined, { asset: "DOT", amount: "0.01" }, []],
      [6, "other", { asset: "DOT", amount: "1" }, undefined, []],
    ]);
  });
});

describe("a damaged Kraken file", () => {
  it("refuses a bad number, a bad time, an unknown type and a cut last line, and reads the rest", () => {
    const lines = sampleText().split("\n");
    lines[2] = (lines[2] as string).replace("0.0052891900", "0.00528919OO");
    lines[10] = (lines[10] as string).replace("2021-02-08 00:16:21", "2021-02-08 25:16:21");
    lines[3] = (lines[3] as string).replace('"deposit"', '"airdrop"');
    lines[24] = '"LYIE3M-XIB2X-IBN43V","TGZ3QN-A3UEQ-VK2MVN","2021-02-11 15:18:00","trade","","curr';
    const read = readOk(bytes(lines.join("\n")));
    expect(read.refused).toEqual([
      { line: 3, problem: "bad-number", detail: "0.00528919OO" },
      { line: 4, problem: "unknown-operation", detail: "airdrop" },
      { line: 11, problem: "bad-time", detail: "2021-02-08 25:16:21" },
      { line: 25, problem: "short-line" },
    ]);
    // The XXBT side of line 10's trade and the sold side of the last one still read.
    expect(rowAt(read, 10)).toMatchObject({ kind: "trade", out: { asset: "XXDG", amount: "1994.81354167" } });
    expect(rowAt(read, 10)?.in).toBeUndefined();
    expect(rowAt(read, 24)).toMatchObject({ out: { asset: "XXBT", amount: "0.001053" } });
    expect(read.summary.rows).toEqual({ trade: 8, deposit: 1, withdrawal: 0, reward: 2, other: 0 });
  });
});
