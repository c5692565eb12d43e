/**
 * Kraken, History > Export > Ledgers (`ledgers.csv`); docs/product/imports.md.
 * Quirks: text fields quoted, numbers bare; `time` is UTC without a zone marker; Kraken's asset codes
 * are kept as written (`XXBT`, `XXDG`, `ZEUR`, `DOT.S`). `amount` is the signed gross change and `fee`
 * is charged on top in the same asset. A trade is two (or more) lines sharing a `refid` (`trade`, or
 * `spend`/`receive` for Buy Crypto): one row per refid, the fees of all its lines as legs. Lines with
 * an empty `txid` are pending credits that Kraken books again later (or that precede a `staking` line):
 * they are skipped, their times kept for the file's range. `earn` lines are rewards only when their
 * subtype says so (`reward`); allocations between earn and spot are internal moves. Both the older
 * 10-column layout and the newer 12-column one (`subclass`, `wallet`) are read by column name.
 */
import { type CsvRecord, type CsvTable, cellsByName } from "../csv-table.ts";
import { absolute, exchangeNumber, isNegative, sumOf } from "../decimal-text.ts";
import { type ExportFormat, hasColumns, type ReadRows } from "../export-format.ts";
import { utcTime } from "../export-times.ts";
import type { ImportedLeg, ImportedRow, ImportKind, RefusedLine } from "../imported-row.ts";

const COLUMNS = ["txid", "refid", "time", "type", "subtype", "aclass", "asset", "amount", "fee", "balance"];

/** The kind of each `type` (earn is decided with its subtype); anything else is refused with its word. */
const KINDS: Record<string, ImportKind> = {
  trade: "trade",
  spend: "trade",
  receive: "trade",
  deposit: "deposit",
  withdrawal: "withdrawal",
  staking: "reward",
  reward: "reward",
  transfer: "other",
  margin: "other",
  rollover: "other",
  settled: "other",
  adjustment: "other",
};
const EARN_OTHER = new Set(["allocation", "deallocation", "autoallocation", "migration"]);

function kindOf(type: string, subtype: string): ImportKind | undefined {
  if (type !== "earn") return KINDS[type];
  if (subtype === "" || subtype === "reward") return "reward";
  return EARN_OTHER.has(subtype) ? "other" : undefined;
}

interface LedgerLine {
  line: number;
  txid: string;
  refid: string;
  time: string;
  type: string;
  kind: ImportKind;
  asset: string;
  /** Signed exact decimal. */
  amount: string;
  fee: string;
}

function lineOf(record: CsvRecord, header: readonly string[]): LedgerLine | RefusedLine {
  const { line } = record;
  const cell = (name: string) => cellsByName(header, record)(name) ?? "";
  if (record.cells.length < header.length - 1) return { line, problem: "short-line" };
  const timeText = cell("time");
  if (timeText === "") return { line, problem: "missing-time" };
  const time = utcTime(timeText);
  if (time === undefined) return { line, problem: "bad-time", detail: timeText };
  const type = cell("type");
  const kind = kindOf(type.toLowerCase(), cell("subtype").toLowerCase());
  if (kind === undefined) return { line, problem: "unknown-operation", detail: type };
  for (const name of ["refid", "asset"]) if (cell(name) === "") return { line, problem: "missing-field", detail: name };
  const amount = exchangeNumber(cell("amount"));
  if (amount === undefined) return { line, problem: "bad-number", detail: cell("amount") };
  const fee = cell("fee") === "" ? "0" : exchangeNumber(cell("fee"));
  if (fee === undefined) return { line, problem: "bad-number", detail: cell("fee") };
  return { line, txid: cell("txid"), refid: cell("refid"), time, type, kind, asset: cell("asset"), amount, fee };
}

/** Amounts per asset of these lines, summed, in the order the assets first appear. */
function legsByAsset(lines: readonly LedgerLine[], amountOf: (l: LedgerLine) => string): ImportedLeg[] {
  const byAsset = new Map<string, string[]>();
  for (const l of lines) byAsset.set(l.asset, [...(byAsset.get(l.asset) ?? []), absolute(amountOf(l))]);
  return [...byAsset].map(([asset, amounts]) => ({ asset, amount: sumOf(amounts) }));
}

/** One refid's lines of one kind as a row: what came in, what left, the fees of every line. */
function rowOf(lines: readonly LedgerLine[]): ImportedRow {
  const first = lines[0] as LedgerLine;
  const moved = lines.filter((l) => l.amount !== "0");
  const fees = legsByAsset(
    lines.filter((l) => l.fee !== "0"),
    (l) => l.fee,
  );
  const row: ImportedRow = {
    line: first.line,
    time: first.time,
    kind: first.kind,
    operation: first.type,
    fees,
    externalId: first.refid,
  };
  const received = legsByAsset(
    moved.filter((l) => !isNegative(l.amount)),
    (l) => l.amount,
  );
  const spent = legsByAsset(
    moved.filter((l) => isNegative(l.amount)),
    (l) => l.amount,
  );
  if (received[0]) row.in = received[0];
  if (spent[0]) row.out = spent[0];
  const extra = [...received.slice(1), ...spent.slice(1)];
  if (extra.length > 0)
    row.note = `more assets under this refid: ${extra.map((l) => `${l.amount} ${l.asset}`).join(", ")}`;
  return row;
}

function read(table: CsvTable): ReadRows {
  const refused: RefusedLine[] = [];
  const skippedTimes: string[] = [];
  const groups = new Map<string, LedgerLine[]>();
  for (const record of table.records) {
    const l = lineOf(record, table.header);
    if ("problem" in l) refused.push(l);
    else if (l.txid === "") skippedTimes.push(l.time);
    else {
      const key = `${l.refid}\u0000${l.kind}`;
      groups.set(key, [...(groups.get(key) ?? []), l]);
    }
  }
  return { rows: [...groups.values()].map(rowOf), refused, skippedTimes };
}

export const krakenFormat: ExportFormat = {
  id: "kraken",
  name: "Kraken",
  isHeader: hasColumns(COLUMNS),
  read,
};
