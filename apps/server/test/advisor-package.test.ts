/**
 * The package for the tax advisor (GET /api/wallet-report/:id/package): a report run as a job on
 * stored transfers (PulseChain after the fork; explorer and node are local fakes with nothing new,
 * prices come from a stablecoin and stored euro rates) is zipped with its PDF, the per-lot CSV, the
 * holdings at 31 December, the §22 income lines, the wallets, the declarations, the settings and a
 * README. Someone else's report is not found; a report not finished is refused.
 */
import type { AnlageSoLines, TaxFigureState } from "@pulsemanager/core";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "../src/db/client.ts";
import { taxReports, transfers } from "../src/db/schema.ts";
import { incomeCsv } from "../src/tax-report/package/income-csv.ts";
import type { Fake } from "./providers/fake-http.ts";
import { confirmedUser } from "./support/accounts.ts";
import type { HttpClient } from "./support/http-client.ts";
import {
  quietExplorerEnv,
  runReport,
  startQuietExplorer,
  storeEurRates,
  transferRows,
} from "./support/stored-history.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

const ANNA = "0x00000000000000000000000000000000000a0001";
const BEN = "0x00000000000000000000000000000000000b0001";
/** The sender Anna says pays her income (her income answer). */
const PAYER = "0x00000000000000000000000000000000000c0001";
const POOL = "0x00000000000000000000000000000000000c0002";
/** A token nobody knows and no source prices. */
const TOKEN = "0x00000000000000000000000000000000000d0001";
/** PulseChain's bridged USDC: a real stablecoin, 1 USD (6 decimals). */
const USDC = "0x15d38573d2feeb82e7ad5187ab8c1d52810b1f07";
const E18 = 10n ** 18n;
const E6 = 10n ** 6n;

let explorer: Fake;
let t: TestServer;
let db: Db;
let anna: HttpClient;
let ben: HttpClient;

const transfer = transferRows(17_300_000);

/** Gives `give` of one token to the pool for `get` of another, in one transaction. */
function swap(tx: number, day: string, give: [string, bigint], get: [string, bigint]) {
  return [transfer(tx, day, ANNA, POOL, give[0], give[1], 0), transfer(tx, day, POOL, ANNA, get[0], get[1], 1)];
}

// Anna: four income payouts in USDC (her answer: PAYER pays income), 100 USDC for 100 TOKEN, 50 TOKEN
// sold for 80 USDC within the year (taxable). At the end of 2024 she holds USDC and 50 TOKEN (no price).
const ROWS = [
  transfer(1, "2024-01-05", PAYER, ANNA, USDC, 100n * E6),
  transfer(2, "2024-01-06", PAYER, ANNA, USDC, 100n * E6),
  transfer(3, "2024-01-07", PAYER, ANNA, USDC, 100n * E6 + 1n),
  transfer(4, "2024-01-08", PAYER, ANNA, USDC, 333_333n),
  ...swap(5, "2024-02-01", [USDC, 100n * E6], [TOKEN, 100n * E18]),
  ...swap(6, "2024-06-01", [TOKEN, 50n * E18], [USDC, 80n * E6]),
  transfer(9, "2024-02-01", PAYER, BEN, TOKEN, 7n * E18),
];

beforeAll(async () => {
  explorer = await startQuietExplorer();
  t = await startTestServer({ env: quietExplorerEnv(explorer) });
  db = createDb(t.running.database.pool);
  await db.insert(transfers).values(ROWS);
  // 1.10 USD per EUR on every day of the story.
  await storeEurRates(db, "2024-01-01", "2024-12-31");

  anna = await confirmedUser(t, "anna.package@example.de", "AnnaPass1");
  ben = await confirmedUser(t, "ben.package@example.de", "BenPass12", "en");
  expect((await anna.post("/api/wallet-management", { address: ANNA, nickname: "Anna" })).status).toBe(200);
  expect((await ben.post("/api/wallet-management", { address: BEN, nickname: "Ben" })).status).toBe(200);
  const answer = { chainId: 369, address: PAYER, income: true };
  expect((await anna.request("PUT", "/api/income-choices", answer)).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await explorer?.close();
});

const report = (client: HttpClient, year: number) => runReport(client, { scope: "all", taxYear: year });

/** The package as the browser fetches it: status, headers and the ZIP's bytes. */
async function download(client: HttpClient, id: string) {
  const res = await fetch(`${t.baseUrl}/api/wallet-report/${id}/package`, {
    headers: { cookie: client.cookieHeader(), origin: t.baseUrl },
  });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** A CSV of the package: BOM, ";" between fields, quotes around fields that need them, CRLF. */
function parseCsv(text: string): Record<string, string>[] {
  expect(text.startsWith("\uFEFF")).toBe(true);
  const field = /("(?:[^"]|"")*"|[^;\r\n]*)(;|\r\n)/y;
  const records: string[][] = [];
  let record: string[] = [];
  field.lastIndex = 1;
  for (let m = field.exec(text); m; m = field.exec(text)) {
    const raw = m[1] ?? "";
    record.push(raw.startsWith('"') ? raw.slice(1, -1).replace(/""/g, '"') : raw);
    if (m[2] === "\r\n") {
      records.push(record);
      record = [];
    }
    if (field.lastIndex >= text.length) break;
  }
  const [header = [], ...rows] = records;
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ""])));
}

/** A file's text as written, its BOM kept. */
const text = (bytes: Uint8Array) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);

/** "1.234,56" -> cents. */
function cents(german: string): bigint {
  return BigInt(german.replace(/\./g, "").replace(",", ""));
}
const eurCents = (value: string) => BigInt(value.replace(".", ""));

describe("the package for the tax advisor", () => {
  it("zips the report's files; its sums are the report's figures", async () => {
    const { id, result } = await report(anna, 2024);
    const year = result.years["2024"];
    if (!year) throw new Error("no figures of 2024");
    const res = await download(anna, id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(
      /attachment; filename="steuerberatung_all_2024_\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const files = unzipSync(res.bytes);
    const names = Object.keys(files);
    const named = (pattern: RegExp) => {
      const name = names.find((n) => pattern.test(n));
      if (!name) throw new Error(`no ${pattern} in ${names.join(", ")}`);
      return text(files[name] as Uint8Array);
    };
    expect(names).toEqual(
      expect.arrayContaining([
        "README.txt",
        "bestand-31-12-2024.csv",
        "einkuenfte-22-nr-3-2024.csv",
        "wallets.csv",
        "angaben.csv",
        "angaben.json",
        "einstellungen.json",
        "anlage-so-2024.json",
      ]),
    );
    const pdf = files[names.find((n) => n.endsWith(".pdf")) as string] as Uint8Array;
    expect(strFromU8(pdf.slice(0, 5))).toBe("%PDF-");

    // The §22 lines add up to the year's income22 to the cent; the last line is their sum.
    expect(eurCents(year.income22)).toBeGreaterThan(0n);
    const income = parseCsv(named(/^einkuenfte-22-nr-3-2024\.csv$/));
    const lines = income.filter((r) => r.Datum !== "Summe");
    expect(lines).toHaveLength(4);
    expect(lines.reduce((s, r) => s + cents(r["Wert (EUR)"] ?? ""), 0n)).toBe(eurCents(year.income22));
    expect(cents(income.at(-1)?.["Wert (EUR)"] ?? "")).toBe(eurCents(year.income22));

    // The per-lot CSV: the taxable lines' gains add up to the year's §23 figure.
    expect(eurCents(year.gainTaxable)).toBeGreaterThan(0n);
    const lots = parseCsv(named(/^steuerreport_all_2024_.*\.csv$/));
    const taxable = lots.filter((r) => r.Steuerpflichtig === "Ja" && /\d/.test(r["Gewinn/Verlust (EUR)"] ?? ""));
    expect(taxable.reduce((s, r) => s + cents(r["Gewinn/Verlust (EUR)"] ?? ""), 0n)).toBe(eurCents(year.gainTaxable));

    // Holdings at 31 December: USDC at 1 USD / 1.1 = EUR; TOKEN has no price: an empty value and why.
    const holdings = parseCsv(named(/^bestand-31-12-2024\.csv$/));
    const usdc = holdings.find((r) => r["Token-Adresse"] === USDC);
    const token = holdings.find((r) => r["Token-Adresse"] === TOKEN);
    expect(usdc).toMatchObject({ Wallet: ANNA, Chain: "PulseChain Mainnet", "Chain-ID": "369", Menge: "280,333334" });
    expect(usdc?.["Wert 31.12. (EUR)"]).toBe("254,85"); // 280.333334 / 1.1 = 254.8484...
    expect(usdc?.["EZB-Kurs (USD je EUR)"]).toBe("1,1");
    expect(usdc?.["Grund ohne Wert"]).toBe("");
    expect(token).toMatchObject({ Menge: "50", "Wert 31.12. (EUR)": "", "Kurs 31.12. (USD)": "" });
    expect(token?.["Grund ohne Wert"]).toBe("kein Kurs zum 31.12. gefunden");
    expect(holdings.every((r) => r.Wallet === ANNA)).toBe(true);

    // Wallets and how far they were read; the settings name the income answer.
    const wallets = parseCsv(named(/^wallets\.csv$/));
    expect(wallets.map((w) => w.Wallet)).toContain(ANNA);
    expect(wallets.some((w) => w.Wallet === BEN)).toBe(false);
    const settings = JSON.parse(named(/^einstellungen\.json$/));
    expect(settings.forkCost).toBe("zero");
    expect(settings.incomeChoices.choices).toEqual([{ chainId: 369, address: PAYER, income: true }]);
    expect(JSON.parse(named(/^angaben\.json$/))).toEqual({ declarations: [] });

    // The Anlage SO lines, machine-readable: the form's lines carry the year's figures.
    const form = JSON.parse(named(/^anlage-so-2024\.json$/));
    expect(form.year).toBe(2024);
    const amountOf = (figure: string) => form.lines.find((l: { figure: string }) => l.figure === figure)?.amount;
    expect(amountOf("gainTaxable")).toBe(year.gainTaxable);
    expect(amountOf("income22")).toBe(year.income22);
    expect(form.sources.length).toBeGreaterThan(0);

    // README: what each file is, the method, and whether the year is complete.
    const readme = named(/^README\.txt$/);
    expect(readme).toContain("Steuerjahr 2024");
    expect(readme).toMatch(/Das Steuerjahr 2024 ist (NICHT )?vollständig/);
    expect(readme).toContain("bestand-31-12-2024.csv");
    expect(readme).toContain("anlage-so-2024.json");
    expect(readme).toContain("FIFO je Wallet");
    expect(readme).toContain("1.000,00 €");
    expect(readme).toContain("256,00 €");
    expect(readme).toContain("EZB");
  }, 120_000);

  it("is not found for another user; a report not finished is refused", async () => {
    const { id } = await report(anna, 2024);
    expect((await download(ben, id)).status).toBe(404);
    const [row] = await db.select({ userId: taxReports.userId }).from(taxReports).where(eq(taxReports.id, id));
    const failedId = "00000000-0000-4000-8000-00000000fa11";
    await db.insert(taxReports).values({
      id: failedId,
      userId: row?.userId as string,
      status: "failed",
      scope: "all",
      year: 2024,
      error: "test",
    });
    const refused = await anna.get(`/api/wallet-report/${failedId}/package`);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe("REPORT_NOT_READY");
  }, 120_000);
});

describe("the §22 income CSV's sum line", () => {
  const lines: AnlageSoLines = { disposals: [], disposalsTotal: "0.00", income: [], incomeTotal: "12.30" };
  it("says so when the year's figure is not final", () => {
    const last = (state: TaxFigureState) => parseCsv(incomeCsv(lines, state)).at(-1);
    expect(last("final")).toMatchObject({ Datum: "Summe", "Wert (EUR)": "12,30", Transaktion: "" });
    expect(last("provisional")?.Transaktion).toMatch(/^vorläufig: /);
    expect(last("unknown")?.Transaktion).toMatch(/^unvollständig: /);
  });
});
