/**
 * npm run bench -- imports
 * An exchange export at the largest size accepted (10 MB): a Binance "Transaction History" of three
 * years of trades (a purchase against EUR with its BNB fee: three lines), rewards and withdrawals, in
 * the real format, built here. Measured on it, one after the other: the CSV text parsed alone
 * (papaparse: the floor any reader pays, `csvParseOnlyMs`), the importer's read (format, records, rows,
 * summary: `readExportMs`), the rows' keys (`rowKeysMs`), the rows as tax events of a wallet of its own
 * (`accountEventsMs`), and the tax engine over them (`engineMs`). Last line: one JSON object.
 *
 * Measured (session 13, 2 cores, one after the other): readExportMs 2132 -> 1378 once the UTC times of
 * every line no longer went through luxon (which stays for named zones), accountEventsMs 586 -> 456
 * with each ticker looked up once; the CSV text alone takes 120-150 ms of it.
 */
import Papa from "papaparse";
import { accountTaxEvents, importedRowKeys, readExport } from "../packages/core/src/imports/index.ts";
import { computeTaxReport } from "../packages/core/src/tax/engine.ts";

const TARGET_BYTES = 10 * 1024 * 1024 - 64 * 1024;
const HEADER = "User_ID,UTC_Time,Account,Operation,Coin,Change,Remark";

/** Three years of an account: every 30 minutes a purchase of ETH (3 lines), every 50th time a reward, every 200th a withdrawal. */
function binanceExport(): string {
  const lines = [HEADER];
  let bytes = HEADER.length;
  let t = Date.parse("2022-01-01T00:00:00Z");
  for (let i = 0; bytes < TARGET_BYTES; i++, t += 30 * 60_000) {
    const time = new Date(t).toISOString().slice(0, 19).replace("T", " ");
    const eth = (0.01 + (i % 97) / 10_000).toFixed(8);
    const eur = (Number(eth) * (1500 + (i % 1000))).toFixed(2);
    const batch = [
      `12345678,${time},Spot,Transaction Spend,EUR,-${eur},`,
      `12345678,${time},Spot,Transaction Buy,ETH,${eth},`,
      `12345678,${time},Spot,Transaction Fee,BNB,-0.0000${(i % 9) + 1},`,
    ];
    if (i % 50 === 0) batch.push(`12345678,${time},Earn,Simple Earn Flexible Interest,ETH,0.00000${(i % 9) + 1},`);
    if (i % 200 === 0) batch.push(`12345678,${time},Spot,Withdraw,ETH,-0.01000000,Withdraw to 0xabc`);
    for (const line of batch) {
      lines.push(line);
      bytes += line.length + 1;
    }
  }
  return `${lines.join("\n")}\n`;
}

function timed<T>(run: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = run();
  return { value, ms: Math.round(performance.now() - start) };
}

const text = binanceExport();
const file = new TextEncoder().encode(text);
const parseOnly = timed(() => Papa.parse<string[]>(text, { delimiter: "," }).data.length);
const read = timed(() => readExport(file));
if (!read.value.ok) throw new Error(`the export was refused: ${read.value.problem}`);
const rows = read.value.rows;
const keys = timed(() => importedRowKeys(rows));
const events = timed(() =>
  accountTaxEvents(rows, { wallet: "Binance", eurOf: (c, a) => (c === "EUR" ? a : undefined) }),
);
const engine = timed(() =>
  computeTaxReport(events.value.events, undefined, { year: 2023, assets: events.value.assets }),
);

console.log(
  `${(file.length / 1024 / 1024).toFixed(1)} MB, ${parseOnly.value} lines, ${rows.length} rows ` +
    `(${read.value.summary.rows.trade} trades), ${events.value.events.length} events, ` +
    `${engine.value.transactions.length} report rows`,
);
console.log(
  JSON.stringify({
    bench: "imports",
    fileMB: Number((file.length / 1024 / 1024).toFixed(2)),
    lines: parseOnly.value,
    rows: rows.length,
    csvParseOnlyMs: parseOnly.ms,
    readExportMs: read.ms,
    readToParseRatio: Number((read.ms / Math.max(1, parseOnly.ms)).toFixed(1)),
    rowKeysMs: keys.ms,
    accountEventsMs: events.ms,
    engineMs: engine.ms,
    peakRssMB: Math.round(process.memoryUsage().rss / 1024 / 1024),
  }),
);
