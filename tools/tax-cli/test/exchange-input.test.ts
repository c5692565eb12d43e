/**
 * The command line takes exchange exports as input (README.md, "Exchange exports"): an export is an
 * account of its own, named by --account; several --input files make one report. A Bitstamp purchase
 * and sale give the §23 gain to the cent; an ETH deposit of the simple format and the export's lots
 * stay apart (wallet FIFO); an export with an unreadable line names it and reads the rest.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const dir = mkdtempSync(path.join(tmpdir(), "tax-cli-exchange-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(args: string[]) {
  try {
    const r = await run("npx", ["tsx", "tools/tax-cli/src/main.ts", ...args], { cwd: root });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}
const lastJson = (stdout: string) => JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}");

const BITSTAMP = [
  "Type,Datetime,Account,Amount,Value,Rate,Fee,Sub Type",
  'Market,"Jan. 10, 2024, 11:00 AM",Main Account,1.00000000 ETH,2000.00 EUR,2000.00 EUR,2.00 EUR,Buy',
  'Market,"Jun. 10, 2024, 11:00 AM",Main Account,0.50000000 ETH,1500.00 EUR,3000.00 EUR,1.00 EUR,Sell',
  "Market,not a date,Main Account,1 ETH,1 EUR,1 EUR,0 EUR,Buy",
].join("\n");
/** A wallet of the simple format that received 2 ETH at no cost in 2023 and sells 1 in 2024. */
const WALLET = {
  events: [
    { time: "2023-01-02T10:00:00+01:00", wallet: "Ledger", type: "buy", asset: "1:native", amount: "2", eur: "0" },
    { time: "2024-06-11T10:00:00+02:00", wallet: "Ledger", type: "sell", asset: "1:native", amount: "1", eur: "3000" },
  ],
};

describe("exchange exports on the command line", () => {
  it("are accounts of their own in one report with the other inputs", async () => {
    const exportFile = path.join(dir, "bitstamp.csv");
    const walletFile = path.join(dir, "wallet.json");
    writeFileSync(exportFile, BITSTAMP);
    writeFileSync(walletFile, JSON.stringify(WALLET));
    const alone = await cli(["--input", exportFile, "--account", "Bitstamp Haupt", "--year", "2024", "--json"]);
    expect(alone.code).toBe(0);
    expect(alone.stderr).toContain("line 4 left out: bad-time");
    // 1,500 - 1 - (1,000 + 1) = 498 in the Bitstamp account.
    expect(lastJson(alone.stdout).years["2024"].gainTaxable).toBe("498.00");
    expect(lastJson(alone.stdout).lots).toEqual([
      expect.objectContaining({ wallet: "Bitstamp Haupt", acquired: "2024-01-10" }),
    ]);

    const both = await cli(["--input", walletFile, "--input", exportFile, "--year", "2024", "--json"]);
    expect(both.code).toBe(0);
    // The wallet's ETH held over a year is tax-free; the Bitstamp sale is not: FIFO per wallet, named by the exchange.
    const figures = lastJson(both.stdout);
    expect(figures.years["2024"].gainTaxable).toBe("498.00");
    expect(figures.years["2024"].gainTaxFree).toBe("3000.00");
    expect(figures.lots.map((l: { wallet: string }) => l.wallet).sort()).toEqual(["Bitstamp", "Ledger"]);
  }, 60_000);
});
