import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  DIRECT_REPORT_MAX_TRANSFERS,
  isUnpricedAirdrop,
  MAX_OPEN_REPORTS_PER_USER,
  RUNNING_START_STATUSES,
  reportTransactionSchema,
} from "@pulsemanager/core";
import { describe, expect, it } from "vitest";
import {
  addressError,
  analysisBlocker,
  defaultTaxYear,
  isValidAddress,
  normalizeAddress,
  reportRequest,
  shownReportScope,
  taxYearError,
  yearOptions,
} from "../src/features/wallet-report/form/report-inputs.ts";
import { analysisReducer, initialAnalysis, isBusy } from "../src/features/wallet-report/job/analysis-state.ts";
import {
  acceptsUpdate,
  initialJobTracking,
  jobPercent,
  jobPhase,
  jobStepKey,
  jobTrackingReducer,
  shouldListen,
  shouldPoll,
  syncLoadedOf,
} from "../src/features/wallet-report/job/job-tracking.ts";
import {
  analysisErrorMessage,
  interpretDirectAnswer,
  interpretStartAnswer,
} from "../src/features/wallet-report/job/report-answers.ts";
import { requestOfJob } from "../src/features/wallet-report/job/use-wallet-report.ts";
import { chainOfAsset } from "../src/features/wallet-report/lists/tx-ref.tsx";
import { manualErrorKey, usableEntries } from "../src/features/wallet-report/manual-entries/manual-entries-upload.tsx";
import {
  explorerTxUrl,
  formatAmount,
  formatDecimal,
  formatEur,
  formatReportDate,
  formatSignedEur,
  shortHash,
  signOf,
} from "../src/features/wallet-report/report-format.ts";
import { airdropGroups } from "../src/features/wallet-report/result/airdrop-groups.ts";
import { EncodedRows, reportDataOf } from "../src/features/wallet-report/result/report-data.ts";
import { reportCsvFile } from "../src/features/wallet-report/result/report-export.ts";
import {
  completenessOf,
  disposalTotalsOf,
  yearFiguresOf,
} from "../src/features/wallet-report/result/report-figures.ts";
import {
  filterCounts,
  REPORT_FILTERS,
  type ReportFilter,
  rowFilters,
  rowFlags,
  viewOf,
} from "../src/features/wallet-report/result/report-filters.ts";
import {
  FULL_ROW_CHECK_MAX,
  parseLots,
  parseReportResult,
  ReportFormatError,
  rowProblem,
} from "../src/features/wallet-report/result/report-result-parse.ts";
import { searchMask } from "../src/features/wallet-report/result/report-search.ts";
import { computeSortOrders, type ReportSort, sortedOrder } from "../src/features/wallet-report/result/report-sort.ts";
import { ApiError, NetworkError } from "../src/lib/api.ts";
import { formatInteger } from "../src/lib/format-number.ts";
import { sampleJob, sampleResult, sampleRow, WALLET } from "./wallet-report-fixtures.ts";

const LOCALES = join(import.meta.dirname, "../src/i18n/locales");
const catalogue = (lang: string) =>
  JSON.parse(readFileSync(join(LOCALES, lang, "wallet-report.json"), "utf8")) as Record<string, unknown>;
const CATALOGUES = { de: catalogue("de"), en: catalogue("en") };
function text(lang: "de" | "en", key: string, values: Record<string, string | number> = {}): string {
  const node = key
    .split(".")
    .reduce<unknown>((n, part) => (n as Record<string, unknown> | undefined)?.[part], CATALOGUES[lang]);
  if (typeof node !== "string") throw new Error(`missing ${lang}:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

const NOW = new Date("2025-06-15T12:00:00Z");
const SMALL = sampleResult(40);

describe("POST /api/wallet-report answer handling", () => {
  it("shows a completed report", () => {
    const outcome = interpretStartAnswer({ status: "completed", report: SMALL });
    expect(outcome.kind).toBe("report");
    if (outcome.kind === "report") expect(outcome.report.transactions).toHaveLength(40);
  });

  it.each([...RUNNING_START_STATUSES])("shows progress for %s with a jobId", (status) => {
    expect(interpretStartAnswer({ status, jobId: "job-7" })).toEqual({ kind: "progress", jobId: "job-7", status });
  });

  it("a running status without a jobId: 'Fortschritt nicht verfügbar ... keine jobId'", () => {
    expect(interpretStartAnswer({ status: "pending" })).toEqual({ kind: "error", message: { key: "errors.noJobId" } });
    expect(interpretStartAnswer({ status: "fetching_tx", jobId: "  " })).toEqual({
      kind: "error",
      message: { key: "errors.noJobId" },
    });
    expect(text("de", "errors.noJobId")).toMatch(
      /^Fortschritt nicht verfügbar: .*keine jobId vom Backend zurückgegeben$/,
    );
  });

  it("anything else: 'Die API hat ein unerwartetes Format zurückgegeben.'", () => {
    const unexpected = { kind: "error", message: { key: "errors.unexpectedFormat" } };
    expect(interpretStartAnswer({ status: "completed" })).toEqual(unexpected);
    expect(interpretStartAnswer({ status: "completed", report: null })).toEqual(unexpected);
    expect(interpretStartAnswer({ status: "completed", report: { address: WALLET } })).toEqual(unexpected);
    expect(interpretStartAnswer({ status: "done", jobId: "x" })).toEqual(unexpected);
    expect(interpretStartAnswer({ jobId: "x" })).toEqual(unexpected);
    expect(interpretStartAnswer(null)).toEqual(unexpected);
    expect(interpretStartAnswer("<html>")).toEqual(unexpected);
    expect(text("de", "errors.unexpectedFormat")).toBe("Die API hat ein unerwartetes Format zurückgegeben.");
  });

  it("an error answer: 'Fehler bei der Analyse-Anfrage.' with the server's details", () => {
    expect(interpretStartAnswer({ status: "error", details: "RPC down" })).toEqual({
      kind: "error",
      message: { key: "errors.requestFailed", detail: "RPC down" },
    });
    expect(interpretStartAnswer({ status: "failed", error: { message: "boom" } })).toEqual({
      kind: "error",
      message: { key: "errors.requestFailed", detail: "boom" },
    });
    expect(interpretStartAnswer({ status: "error" })).toEqual({
      kind: "error",
      message: { key: "errors.requestFailed" },
    });
    expect(text("de", "errors.requestFailed")).toBe("Fehler bei der Analyse-Anfrage.");
  });
});

describe("POST /api/wallet-report-direct answer handling", () => {
  const direct = { ...SMALL, success: true, wallet_address: WALLET, chains: [369, 1], total_transactions: 40 };

  it("reads the result and drops the extra fields", () => {
    const outcome = interpretDirectAnswer(direct);
    expect(outcome.kind).toBe("report");
    if (outcome.kind !== "report") return;
    expect(outcome.report.transactions).toHaveLength(40);
    expect(Object.keys(outcome.report)).not.toContain("success");
    expect(Object.keys(outcome.report)).not.toContain("wallet_address");
  });

  it("an answer not matching the schema: 'Direct Analysis returned invalid data format'", () => {
    const invalid = { kind: "error", message: { key: "errors.directInvalid" } };
    expect(interpretDirectAnswer({ ...direct, success: undefined })).toEqual(invalid);
    expect(interpretDirectAnswer({ ...direct, summary: { total: "many" } })).toEqual(invalid);
    expect(interpretDirectAnswer({ ...direct, transactions: [{ hash: 1 }] })).toEqual(invalid);
    expect(interpretDirectAnswer([])).toEqual(invalid);
    expect(text("en", "errors.directInvalid")).toBe("Direct Analysis returned invalid data format");
  });

  it("success false: the request failed, with the server's message", () => {
    expect(interpretDirectAnswer({ success: false, error: "no transfers" })).toEqual({
      kind: "error",
      message: { key: "errors.requestFailed", detail: "no transfers" },
    });
  });
});

describe("errors -> the spec's messages (§8)", () => {
  const message = (error: unknown, mode: "job" | "direct" = "job") => analysisErrorMessage(error, mode, NOW);

  it("maps every kind of failure", () => {
    expect(message(new NetworkError(new TypeError("Failed to fetch")))).toEqual({ key: "errors.network" });
    expect(message(new ApiError(504, "NON_JSON", "Server Error 504"), "direct")).toEqual({ key: "errors.timeout" });
    expect(message(new ApiError(504, "TIMEOUT", "took too long"), "direct")).toEqual({ key: "errors.timeout" });
    expect(message(new ApiError(502, "NON_JSON", "Server Error 502"), "direct")).toEqual({
      key: "errors.serverError",
      values: { status: 502 },
    });
    expect(message(new ApiError(401, "UNAUTHENTICATED", "Not signed in"))).toEqual({ key: "errors.sessionExpired" });
    expect(message(new ApiError(400, "INVALID_WALLET_ADDRESS", "bad"))).toEqual({ key: "errors.invalidAddress" });
    expect(message(new ApiError(400, "INVALID_WALLET_ADDRESS", "bad"), "direct")).toEqual({
      key: "errors.invalidAddressDirect",
    });
    expect(
      message(
        new ApiError(400, "VALIDATION_ERROR", "x", {
          code: "VALIDATION_ERROR",
          message: "x",
          fields: { walletAddress: "report.invalidAddress" },
        }),
      ),
    ).toEqual({ key: "errors.invalidAddress" });
    expect(message(new ApiError(400, "INVALID_TAX_YEAR", "bad"))).toEqual({
      key: "form.yearInvalid",
      values: { min: 2009, max: 2027 },
    });
    expect(message(new ApiError(413, "REPORT_TOO_LARGE", "too large"), "direct")).toEqual({
      key: "errors.tooLarge",
      values: { max: DIRECT_REPORT_MAX_TRANSFERS },
    });
    expect(message(new ApiError(403, "PREMIUM_REQUIRED", "premium"))).toEqual({ key: "errors.premium" });
    expect(message(new ApiError(429, "TOO_MANY_REQUESTS", "slow down"))).toEqual({ key: "errors.tooManyRequests" });
    expect(message(new ApiError(429, "TOO_MANY_REPORTS", "busy"))).toEqual({
      key: "errors.tooManyReports",
      values: { max: MAX_OPEN_REPORTS_PER_USER },
    });
    expect(message(new ApiError(413, "PAYLOAD_TOO_LARGE", "Request too large"))).toEqual({
      key: "errors.payloadTooLarge",
    });
    expect(message(new ApiError(400, "VALIDATION_ERROR", "No wallets found"))).toEqual({ key: "form.noSavedWallets" });
    expect(message(new ApiError(400, "VALIDATION_ERROR", "Please check the form for errors."))).toEqual({
      key: "errors.failed",
    });
    expect(message(new ApiError(500, "UNKNOWN", "authentication token expired"))).toEqual({
      key: "errors.sessionExpired",
    });
    expect(message(new ApiError(500, "UNKNOWN", "Invalid wallet address"))).toEqual({ key: "errors.invalidAddress" });
    expect(message(new ApiError(500, "UNKNOWN", "Network unreachable"))).toEqual({ key: "errors.network" });
    expect(message(new ApiError(500, "INTERNAL_ERROR", "kaputt"))).toEqual({ key: "errors.failed" });
    expect(message(new Error("NetworkError when attempting to fetch"))).toEqual({ key: "errors.network" });
    expect(message(new Error("whatever"))).toEqual({ key: "errors.failed" });
    expect(message(new ReportFormatError("x"), "direct")).toEqual({ key: "errors.directInvalid" });
    expect(message(new ReportFormatError("x"), "job")).toEqual({ key: "errors.unexpectedFormat" });
    expect(message("a string")).toEqual({ key: "errors.unknown" });
  });

  it("says the spec's German words (and English ones)", () => {
    const spec: Record<string, string> = {
      "errors.timeout": "Server-Timeout: Die Analyse dauert zu lange. Versuche es mit weniger Transaktionen.",
      "errors.sessionExpired": "Sitzung abgelaufen. Bitte melde dich neu an.",
      "errors.network": "Netzwerkfehler. Bitte überprüfe deine Internetverbindung.",
      "errors.invalidAddress": "Ungültige Wallet-Adresse. Bitte überprüfe deine Eingabe.",
      "errors.invalidAddressDirect": "Ungültige Wallet-Adresse - muss 42 Zeichen (0x...) haben",
      "errors.failed": "Analyse fehlgeschlagen. Bitte versuche es später erneut.",
      "errors.unknown": "Ein unbekannter Fehler ist aufgetreten.",
      "errors.notAuthenticated": "Nicht authentifiziert - bitte neu einloggen",
      "export.failed": "Export fehlgeschlagen. Bitte versuche es erneut.",
      "export.empty": "Keine Transaktionen zum Exportieren verfügbar",
      "form.addressInvalid": "Ungültige Wallet-Adresse",
      "form.yearRequired": "Bitte ein Steuerjahr auswählen",
      "form.noWallet": "Keine Wallet verbunden! Bitte verbinde zuerst eine Wallet.",
      "job.live": "Live-Updates aktiv",
      "job.lost": "Verbindung verloren",
      "actions.reset": "Zurücksetzen",
      "actions.new": "Neue Analyse",
      "actions.export": "Exportieren",
      "actions.pdf": "PDF für Steuerberater",
      "form.address": "Wallet-Adresse",
      "form.year": "Steuerjahr",
    };
    for (const [key, value] of Object.entries(spec)) expect(text("de", key)).toBe(value);
    expect(text("de", "errors.serverError", { status: 502 })).toBe(
      "Server Error 502: Bitte versuche es später erneut.",
    );
    expect(text("de", "form.yearInvalid", { min: 2009, max: 2027 })).toBe(
      "Ungültiges Jahr - muss zwischen 2009 und 2027 liegen",
    );
    expect(text("en", "job.deleted")).toBe("Job was deleted");
    expect(text("en", "job.failed")).toBe("Job failed");
    expect(text("en", "job.fetchFailed", { reason: "x" })).toBe("Failed to fetch job: x");
    expect(text("en", "actions.pdf")).toBe("PDF for tax advisor");
    expect(text("de", "filters.käufe")).toBe("Käufe");
  });

  it("has a text in both languages for every key the mapping can give", () => {
    const keys = [
      "errors.network",
      "errors.timeout",
      "errors.serverError",
      "errors.sessionExpired",
      "errors.invalidAddress",
      "errors.invalidAddressDirect",
      "form.yearInvalid",
      "errors.tooLarge",
      "errors.premium",
      "errors.tooManyRequests",
      "errors.tooManyReports",
      "errors.payloadTooLarge",
      "form.noSavedWallets",
      "errors.failed",
      "errors.unknown",
      "errors.directInvalid",
      "errors.unexpectedFormat",
      "errors.noJobId",
      "errors.requestFailed",
      ...REPORT_FILTERS.map((f) => `filters.${f}`),
      ...["Kauf", "Verkauf", "ROI", "Tausch", "Unbekannt", "Transfer", "Gebühr"].map((typ) => `typ.${typ}`),
      ...["fetching_tx", "classifying_tx", "generating_report"].map((s) => `job.step.${s}`),
      ...["waiting", "pending", "processing", "completed", "failed", "deleted"].map((s) => `job.status.${s}`),
      ...["unknown-cost", "insufficient-holdings", "missing-price", "no-proceeds"].map((r) => `details.unknown.${r}`),
      ...["value", "fee", "income"].map((w) => `lists.missingWhat.${w}`),
    ];
    for (const lang of ["de", "en"] as const) for (const key of keys) expect(() => text(lang, key)).not.toThrow();
  });
});

describe("tax year", () => {
  it("offers the current year back to 2019, the previous year preselected", () => {
    expect(yearOptions(NOW)).toEqual([2025, 2024, 2023, 2022, 2021, 2020, 2019]);
    expect(defaultTaxYear(NOW)).toBe(2024);
    expect(yearOptions(NOW, "2017")).toEqual([2025, 2024, 2023, 2022, 2021, 2020, 2019, 2017]);
    expect(yearOptions(NOW, "")).toHaveLength(7);
  });

  it("accepts 2009 to the current year plus 2", () => {
    expect(taxYearError("", NOW)).toEqual({ key: "form.yearRequired" });
    expect(taxYearError("2009", NOW)).toBeNull();
    expect(taxYearError("2027", NOW)).toBeNull();
    const invalid = { key: "form.yearInvalid", values: { min: 2009, max: 2027 } };
    expect(taxYearError("2008", NOW)).toEqual(invalid);
    expect(taxYearError("2028", NOW)).toEqual(invalid);
    expect(taxYearError("2024.5", NOW)).toEqual(invalid);
    expect(taxYearError("abc", NOW)).toEqual(invalid);
  });
});

describe("the report's scope: saved wallets are the default", () => {
  it("opens on 'Alle meine gespeicherten Wallets' when the user has saved wallets", () => {
    expect(shownReportScope(null, 2)).toBe("all");
    expect(shownReportScope(null, 1)).toBe("all");
  });

  it("asks for an address without saved wallets and while they are loading", () => {
    expect(shownReportScope(null, 0)).toBe("address");
    expect(shownReportScope(null, undefined)).toBe("address");
  });

  it("keeps what the user (or a reopened report) chose", () => {
    expect(shownReportScope("address", 3)).toBe("address");
    expect(shownReportScope("all", 0)).toBe("all");
  });
});

describe("wallet address", () => {
  it("is trimmed, lower-cased and 0x plus 40 hex characters", () => {
    expect(normalizeAddress("  0x95B303987A60C71504D99Aa1b13B4DA07b0790ab \n")).toBe(WALLET);
    expect(isValidAddress(" 0x95B303987A60C71504D99Aa1b13B4DA07b0790ab ")).toBe(true);
    expect(isValidAddress("0x95b303987a60c71504d99aa1b13b4da07b0790a")).toBe(false);
    expect(isValidAddress("95b303987a60c71504d99aa1b13b4da07b0790abff")).toBe(false);
    expect(isValidAddress("0xZZb303987a60c71504d99aa1b13b4da07b0790ab")).toBe(false);
    expect(addressError("")).toBeNull();
    expect(addressError("0x123")).toEqual({ key: "form.addressInvalid" });
    expect(addressError(WALLET)).toBeNull();
  });

  it("allows an analysis only with a valid address (or all wallets), a user, a valid year and none running", () => {
    const ok = {
      scope: "address" as const,
      address: WALLET,
      year: "2024",
      signedIn: true,
      running: false,
      savedWallets: 0,
      now: NOW,
    };
    expect(analysisBlocker(ok)).toBeNull();
    expect(analysisBlocker({ ...ok, running: true })).toEqual({ key: "form.running" });
    expect(analysisBlocker({ ...ok, signedIn: false })).toEqual({ key: "errors.notAuthenticated" });
    expect(analysisBlocker({ ...ok, address: " " })).toEqual({ key: "form.noWallet" });
    expect(analysisBlocker({ ...ok, address: "0xabc" })).toEqual({ key: "form.addressInvalid" });
    expect(analysisBlocker({ ...ok, year: "" })).toEqual({ key: "form.yearRequired" });
    expect(analysisBlocker({ ...ok, scope: "all", address: "" })).toEqual({ key: "form.noSavedWallets" });
    expect(analysisBlocker({ ...ok, scope: "all", address: "", savedWallets: 2 })).toBeNull();
  });

  it("builds the request body", () => {
    expect(reportRequest("address", " 0x95B303987A60C71504D99Aa1b13B4DA07b0790ab", "2024")).toEqual({
      scope: "address",
      walletAddress: WALLET,
      taxYear: 2024,
    });
    expect(reportRequest("all", "ignored", "2023")).toEqual({ scope: "all", taxYear: 2023 });
    const entry = {
      time: "2024-01-01T10:00:00+01:00",
      wallet: WALLET,
      type: "buy" as const,
      asset: "HEX",
      amount: "1",
      eur: "5",
    };
    expect(reportRequest("all", "", "2024", [entry])).toEqual({ scope: "all", taxYear: 2024, manualEntries: [entry] });
    expect(requestOfJob(sampleJob({ scope: "all", address: null, year: 2022 }))).toEqual({
      scope: "all",
      taxYear: 2022,
    });
    expect(requestOfJob(sampleJob())).toEqual({ scope: "address", walletAddress: WALLET, taxYear: 2024 });
  });
});

describe("filter tabs, search, sort and unpriced airdrops", () => {
  const rows = SMALL.transactions;
  const all = { filter: "alle", hideAirdrops: false, mask: null, order: null } as const;
  const expected = (test: (r: (typeof rows)[number]) => boolean) => rows.flatMap((r, i) => (test(r) ? [i] : []));

  it("computes every tab's rows from one pass of flags", () => {
    const flags = rowFlags(rows);
    const view = (filter: ReportFilter) => [...viewOf(flags, { ...all, filter })];
    expect(view("alle")).toEqual(rows.map((_, i) => i));
    expect(view("käufe")).toEqual(expected((r) => r.typ === "Kauf"));
    expect(view("verkäufe")).toEqual(expected((r) => r.typ === "Verkauf"));
    expect(view("roi")).toEqual(expected((r) => r.typ === "ROI"));
    expect(view("steuerpflichtig")).toEqual(expected((r) => r.steuerpflichtig === true));
    expect(view("tausch")).toEqual(expected((r) => r.typ === "Tausch"));
    expect(view("unbekannt")).toEqual(expected((r) => r.typ === "Unbekannt"));
    expect(view("transfers")).toEqual(expected((r) => r.typ === "Transfer"));
    const counts = filterCounts(flags);
    expect(counts.alle).toBe(40);
    expect(counts.tausch).toBeGreaterThan(0);
    expect(rowFilters({ typ: "Tausch", steuerpflichtig: "unknown" })).toEqual(["tausch"]);
    expect(rowFilters({ typ: "ROI", steuerpflichtig: true })).toEqual(["roi", "steuerpflichtig"]);
    expect(rowFilters({ typ: "Gebühr", steuerpflichtig: false })).toEqual([]);
    expect(filterCounts(rowFlags([])).alle).toBe(0);
  });

  it("hides unpriced airdrops (received from outside, no value) and groups them per token", () => {
    const airdrop = (i: number, token: string, symbol: string) => ({
      ...sampleRow(i, 40),
      typ: "Unbekannt" as const,
      kind: "unknown-in" as const,
      wertEUR: null,
      steuerpflichtig: "unknown" as const,
      coin_name: symbol,
      token_address: token,
      chainId: 369,
      lots: [],
    });
    const bulk = "0x00000000000000000000000000000000000b0001";
    const spam = "0x00000000000000000000000000000000000b0002";
    const mixed = [...rows, airdrop(1, bulk, "BULK1"), airdrop(2, bulk, "BULK1"), airdrop(3, spam, "BULK2")];
    // Same symbol, another contract: another token.
    mixed.push(airdrop(4, "0x00000000000000000000000000000000000b0003", "BULK1"));
    const flags = rowFlags(mixed);
    const shown = viewOf(flags, { ...all, hideAirdrops: true });
    expect(shown.length).toBe(rows.length - expected((r) => isUnpricedAirdrop(r)).length);
    expect([...shown].every((i) => !isUnpricedAirdrop(mixed[i] as (typeof rows)[number]))).toBe(true);
    expect(filterCounts(flags, { hideAirdrops: true, mask: null }).alle).toBe(shown.length);
    expect(filterCounts(flags, { hideAirdrops: false, mask: null }).alle).toBe(mixed.length);

    const groups = airdropGroups(mixed);
    expect(groups.map((g) => [g.symbol, g.tokenAddress, g.rows.length])).toEqual(
      expect.arrayContaining([
        ["BULK1", bulk, 2],
        ["BULK2", spam, 1],
        ["BULK1", "0x00000000000000000000000000000000000b0003", 1],
      ]),
    );
    expect(groups[0]?.rows).toEqual([40, 41]); // the token with the most airdrops first
    // A priced arrival is no unpriced airdrop.
    expect(isUnpricedAirdrop({ kind: "unknown-in", wertEUR: "1.00" })).toBe(false);
    expect(isUnpricedAirdrop({ kind: "income", wertEUR: null })).toBe(false);
  });

  it("searches token, hash and addresses, case-insensitive, within the open tab", () => {
    const flags = rowFlags(rows);
    const hex = searchMask(rows, "  hex ");
    expect([...viewOf(flags, { ...all, mask: hex })]).toEqual(expected((r) => r.coin_name === "HEX"));
    const hash = (rows[7]?.hash ?? "").toUpperCase();
    expect([...viewOf(flags, { ...all, mask: searchMask(rows, hash) })]).toEqual([7]);
    const from = rows.find((r) => r.typ === "ROI")?.from_address ?? "";
    expect(viewOf(flags, { ...all, filter: "roi", mask: searchMask(rows, from) }).length).toBeGreaterThan(0);
    expect(viewOf(flags, { ...all, filter: "käufe", mask: searchMask(rows, from) }).length).toBe(0);
    expect(searchMask(rows, "   ")).toBeNull();
    expect(filterCounts(flags, { hideAirdrops: false, mask: hex }).alle).toBe(
      expected((r) => r.coin_name === "HEX").length,
    );
  });

  it("sorts by date, value and gain, exactly, with unknown values last both ways", () => {
    const base = rows.slice(0, 6);
    const withValues = base.map((r, i) => ({
      ...r,
      wertEUR: ["10.00", null, "9.99", "100.00", "10.005", null][i] ?? null,
      gain: ["-5.00", "3.00", null, "0.01", "-0.01", "2.50"][i] ?? null,
    }));
    const ids = (sort: ReportSort) => {
      const order = sortedOrder(computeSortOrders(withValues), withValues.length, sort);
      return order ? [...order] : withValues.map((_, i) => i);
    };
    expect(ids("date-asc")).toEqual([0, 1, 2, 3, 4, 5]);
    expect(ids("date-desc")).toEqual([5, 4, 3, 2, 1, 0]);
    expect(ids("value-asc")).toEqual([2, 0, 4, 3, 1, 5]);
    expect(ids("value-desc")).toEqual([3, 4, 0, 2, 1, 5]);
    expect(ids("gain-asc")).toEqual([0, 4, 3, 5, 1, 2]);
    expect(ids("gain-desc")).toEqual([1, 5, 3, 4, 0, 2]);
    // The view follows the order.
    const flags = rowFlags(withValues);
    expect([...viewOf(flags, { ...all, order: sortedOrder(computeSortOrders(withValues), 6, "value-desc") })]).toEqual([
      3, 4, 0, 2, 1, 5,
    ]);
  });

  it("stays fast at 200,000 rows", () => {
    const big = Array.from({ length: 200_000 }, (_, i) => ({
      typ: (["Kauf", "Verkauf", "ROI", "Tausch"] as const)[i % 4] ?? "Kauf",
      steuerpflichtig: i % 3 === 0,
      kind: "buy" as const,
      wertEUR: "1.00",
    }));
    const started = performance.now();
    const flags = rowFlags(big);
    const buys = viewOf(flags, { ...all, filter: "käufe" });
    const counts = filterCounts(flags, { hideAirdrops: true, mask: null });
    const ms = performance.now() - started;
    expect(buys.length).toBe(50_000);
    expect(counts.steuerpflichtig).toBe(66_667);
    expect(ms).toBeLessThan(500);
  });
});

describe("job tracking (SSE + polling every 5 s)", () => {
  const start = initialJobTracking("job-1");

  it("polls until completed or failed and listens as long", () => {
    expect(shouldPoll(start)).toBe(true);
    expect(jobPhase(start)).toBe("waiting");
    const pending = jobTrackingReducer(start, { type: "job", job: sampleJob({ status: "pending", step: null }) });
    expect(shouldPoll(pending)).toBe(true);
    const processing = jobTrackingReducer(pending, {
      type: "job",
      job: sampleJob({ updated_at: "2025-02-10T09:31:00.000Z" }),
    });
    expect(shouldPoll(processing)).toBe(true);
    expect(shouldListen(processing)).toBe(true);
    expect(jobPercent(processing)).toBe(30);
    expect(jobStepKey(processing)).toBe("job.step.fetching_tx");
    const completed = jobTrackingReducer(processing, {
      type: "job",
      job: sampleJob({
        status: "completed",
        step: null,
        processed_batches: 10,
        updated_at: "2025-02-10T09:32:00.000Z",
      }),
    });
    expect(shouldPoll(completed)).toBe(false);
    expect(shouldListen(completed)).toBe(false);
    expect(jobPhase(completed)).toBe("completed");
    expect(jobPercent(completed)).toBe(100);
    const failed = jobTrackingReducer(processing, {
      type: "job",
      job: sampleJob({ status: "failed", error: "RPC down", updated_at: "2025-02-10T09:32:00.000Z" }),
    });
    expect(shouldPoll(failed)).toBe(false);
    expect(jobPhase(failed)).toBe("failed");
  });

  it("a deleted job stops everything: 'Job was deleted'", () => {
    const deleted = jobTrackingReducer(start, { type: "deleted" });
    expect(jobPhase(deleted)).toBe("deleted");
    expect(shouldPoll(deleted)).toBe(false);
    expect(jobTrackingReducer(deleted, { type: "job", job: sampleJob() })).toBe(deleted);
  });

  it("keeps the newest update: a slow poll does not take a finished job back", () => {
    const done = sampleJob({ status: "completed", updated_at: "2025-02-10T09:40:00.000Z" });
    expect(acceptsUpdate(done, sampleJob({ updated_at: "2025-02-10T09:50:00.000Z" }), "job-1")).toBe(false);
    const running = sampleJob({ updated_at: "2025-02-10T09:40:00.000Z" });
    expect(acceptsUpdate(running, sampleJob({ updated_at: "2025-02-10T09:39:00.000Z" }), "job-1")).toBe(false);
    expect(acceptsUpdate(running, sampleJob({ updated_at: "2025-02-10T09:40:00.000Z" }), "job-1")).toBe(true);
    expect(acceptsUpdate(null, sampleJob({ id: "job-2" }), "job-1")).toBe(false);
  });

  it("shows the live channel and poll failures", () => {
    const open = jobTrackingReducer(start, { type: "liveOpen" });
    expect(open.live).toBe("open");
    expect(open.everOpen).toBe(true);
    const lost = jobTrackingReducer(open, { type: "liveLost" });
    expect(lost.live).toBe("lost");
    expect(lost.everOpen).toBe(true);
    expect(jobTrackingReducer(start, { type: "liveLost" }).everOpen).toBe(false);
    const pollFailed = jobTrackingReducer(lost, { type: "pollFailed", message: { key: "errors.network" } });
    expect(pollFailed.pollError).toEqual({ key: "errors.network" });
    expect(shouldPoll(pollFailed)).toBe(true);
    expect(jobTrackingReducer(pollFailed, { type: "job", job: sampleJob() }).pollError).toBeNull();
    expect(
      jobStepKey(jobTrackingReducer(start, { type: "job", job: sampleJob({ status: "pending", step: null }) })),
    ).toBe("job.status.pending");
  });
});

describe("the history sync's progress in real numbers", () => {
  it('says "18.400 von ~125.000 Transaktionen geladen" while the history is read, nothing in other steps', () => {
    const job = sampleJob({ status: "processing", step: "fetching_tx", sync_loaded: 18_400, sync_expected: 125_000 });
    const synced = syncLoadedOf(job);
    expect(synced).toEqual({ loaded: 18_400, expected: 125_000 });
    const say = (lang: "de" | "en") =>
      text(lang, "job.syncLoaded", {
        loaded: formatInteger(synced?.loaded ?? 0, lang),
        expected: formatInteger(synced?.expected ?? 0, lang),
      });
    expect(say("de")).toBe("18.400 von ~125.000 Transaktionen geladen");
    expect(say("en")).toBe("18,400 of ~125,000 transactions loaded");
    expect(syncLoadedOf({ ...job, sync_expected: null })).toEqual({ loaded: 18_400, expected: null });
    expect(text("de", "job.syncLoadedUnknown", { loaded: "900" })).toBe("900 Transaktionen geladen");
    expect(syncLoadedOf({ ...job, step: "classifying_tx" })).toBeNull();
    expect(syncLoadedOf(sampleJob({ status: "processing", step: "fetching_tx" }))).toBeNull();
  });
});

describe("the analysis (loading -> result or error)", () => {
  const request = { scope: "address" as const, walletAddress: WALLET, taxYear: 2024 };

  it("goes job-based: starting, tracking, loading the result, result", () => {
    const starting = analysisReducer(initialAnalysis, { type: "start", run: 1, mode: "job", request });
    expect(starting.phase).toBe("starting");
    expect(isBusy(starting)).toBe(true);
    const tracking = analysisReducer(starting, { type: "jobStarted", run: 1, jobId: "job-1" });
    expect(tracking).toMatchObject({ phase: "tracking", jobId: "job-1" });
    expect(isBusy(tracking)).toBe(true);
    expect(isBusy(tracking, true)).toBe(false);
    const loading = analysisReducer(tracking, { type: "jobCompleted", run: 1 });
    expect(loading).toMatchObject({ phase: "loadingResult", jobId: "job-1" });
    const done = analysisReducer(loading, { type: "report", run: 1, result: SMALL });
    expect(done).toMatchObject({ phase: "result", jobId: "job-1" });
    expect(isBusy(done)).toBe(false);
  });

  it("goes direct: starting, result", () => {
    const starting = analysisReducer(initialAnalysis, { type: "start", run: 1, mode: "direct", request });
    expect(analysisReducer(starting, { type: "report", run: 1, result: SMALL })).toMatchObject({
      phase: "result",
      jobId: null,
    });
  });

  it("an error keeps the request (retry) and clears itself when the inputs change", () => {
    const starting = analysisReducer(initialAnalysis, { type: "start", run: 1, mode: "direct", request });
    const failed = analysisReducer(starting, { type: "failed", run: 1, message: { key: "errors.tooLarge" } });
    expect(failed).toMatchObject({ phase: "error", mode: "direct", request, message: { key: "errors.tooLarge" } });
    expect(analysisReducer(failed, { type: "inputsChanged" }).phase).toBe("idle");
    const done = analysisReducer(starting, { type: "report", run: 1, result: SMALL });
    expect(analysisReducer(done, { type: "inputsChanged" })).toBe(done);
  });

  it("drops answers of an earlier run ('Neue Analyse' while starting)", () => {
    const starting = analysisReducer(initialAnalysis, { type: "start", run: 1, mode: "job", request });
    const reset = analysisReducer(starting, { type: "reset", run: 2 });
    expect(reset.phase).toBe("idle");
    expect(analysisReducer(reset, { type: "jobStarted", run: 1, jobId: "late" })).toBe(reset);
    expect(analysisReducer(reset, { type: "failed", run: 1, message: { key: "errors.failed" } })).toBe(reset);
  });

  it("resumes a running or a completed job", () => {
    expect(
      analysisReducer(initialAnalysis, { type: "resume", run: 3, request, jobId: "j", completed: false }),
    ).toMatchObject({ phase: "tracking", run: 3 });
    expect(
      analysisReducer(initialAnalysis, { type: "resume", run: 3, request, jobId: "j", completed: true }),
    ).toMatchObject({
      phase: "loadingResult",
    });
  });
});

describe("CSV export", () => {
  it("exports the whole report, whatever the filter", async () => {
    const file = await reportCsvFile(SMALL, new Date("2025-03-01T10:00:00Z"));
    expect(file).not.toBeNull();
    if (!file) return;
    expect(file.fileName).toBe(`steuerreport_0x95b3_2024_2025-03-01.csv`);
    expect(file.content.startsWith("\uFEFFHash;Typ;Coin;Steuerpflichtig;Haltefrist;Wert (EUR)")).toBe(true);
    const lines = file.content.trimEnd().split("\r\n");
    // One line per transaction, or per lot that a sale used or a transfer moved.
    const expectedLines = SMALL.transactions.reduce((n, t) => n + Math.max(1, t.lots.length), 0);
    expect(lines).toHaveLength(expectedLines + 1);
    // The "käufe" tab shows fewer rows; the file still has all of them.
    expect(filterCounts(rowFlags(SMALL.transactions)).käufe).toBeLessThan(lines.length - 1);
    expect(file.type).toBe("text/csv;charset=utf-8");
  });

  it("has nothing to export without transactions", async () => {
    expect(await reportCsvFile({ ...SMALL, transactions: [] })).toBeNull();
    expect((await reportCsvFile({ ...SMALL, address: "all" }, new Date("2025-03-01T10:00:00Z")))?.fileName).toBe(
      "steuerreport_all_2024_2025-03-01.csv",
    );
  });
});

describe("reading the result", () => {
  it("validates small reports fully with zod", () => {
    const json = JSON.parse(JSON.stringify(SMALL));
    expect(parseReportResult(json).transactions).toHaveLength(40);
    const bad = JSON.parse(JSON.stringify(SMALL));
    bad.transactions[0].lots[0].use = "stolen";
    expect(() => parseReportResult(bad)).toThrow(ReportFormatError);
    expect(() => parseReportResult({ ...json, summary: null })).toThrow(ReportFormatError);
  });

  it("checks large reports structurally in place and the lots when a row is opened", () => {
    const count = FULL_ROW_CHECK_MAX + 1;
    const big = JSON.parse(JSON.stringify(sampleResult(count)));
    const parsed = parseReportResult(big);
    expect(parsed.transactions[0]).toBe(big.transactions[0]);
    const broken = JSON.parse(JSON.stringify(sampleResult(count)));
    broken.transactions[count - 1].typ = "Geschenk";
    expect(() => parseReportResult(broken)).toThrow(/transactions\.20000\.typ/);
    const row = sampleRow(2, 12);
    expect(parseLots(row)).toHaveLength(2);
    expect(parseLots({ ...row, lots: [{ use: "x" }] as never })).toBeNull();
  });

  it("the structural check accepts what zod accepts and names what is wrong", () => {
    for (let i = 0; i < 200; i++) {
      const row = sampleRow(i, 200);
      expect(reportTransactionSchema.safeParse(row).success).toBe(true);
      expect(rowProblem(row)).toBeNull();
    }
    const row = sampleRow(1, 10);
    expect(rowProblem({ ...row, wertEUR: 12.5 })).toBe("wertEUR");
    expect(rowProblem({ ...row, steuerpflichtig: "maybe" })).toBe("steuerpflichtig");
    expect(rowProblem({ ...row, chainId: "369" })).toBe("chainId");
    expect(rowProblem({ ...row, lots: null })).toBe("lots");
    expect(rowProblem(null)).toBe("not an object");
  });

  it("200,000 rows: the structural check is far cheaper than zod", () => {
    const result = sampleResult(200_000);
    let started = performance.now();
    parseReportResult(result);
    const structural = performance.now() - started;
    started = performance.now();
    for (const row of result.transactions.slice(0, 20_000)) reportTransactionSchema.parse(row);
    const zodTenth = performance.now() - started;
    console.info(
      `200k rows: structural check ${structural.toFixed(0)} ms; zod on 20k rows ${zodTenth.toFixed(0)} ms (x10 for 200k)`,
    );
    expect(structural).toBeLessThan(1_000);
  }, 60_000);
});

describe("figures and formats", () => {
  it("reads the report year's figures, else the summary's", () => {
    expect(yearFiguresOf(SMALL).freigrenze23).toBe("1000.00");
    const without = yearFiguresOf({ ...SMALL, year: 2023, years: {} });
    expect(without.freigrenze23).toBe("600.00");
    expect(without.freigrenze22).toBe("256.00");
    expect(without.gainTaxable).toBe(SMALL.summary.gainTaxable);
    const c = completenessOf(SMALL);
    expect(c.incomplete).toBe(true);
    expect(c.unknownGains).toBe(1);
  });

  it("adds up the year's proceeds from the disposed lots exactly; unknown proceeds are counted, not added", () => {
    const lot = (proceeds: string | null) => ({
      use: "disposed" as const,
      wallet: WALLET,
      asset: "369:0xabc",
      acquired: "2024-01-01",
      acquiredAt: 0,
      amount: "1",
      cost: "1",
      proceeds,
      gain: proceeds,
      taxFree: false,
      holdingPeriodEnds: "2025-01-01",
    });
    const rows = [
      { ...sampleRow(0, 4), date: "2024-03-01", lots: [lot("0.105"), lot("0.2")] },
      { ...sampleRow(1, 4), date: "2024-05-01", lots: [lot(null)] },
      { ...sampleRow(2, 4), date: "2024-06-01", lots: [{ ...lot("5"), use: "moved" as const }] },
    ];
    const totals = disposalTotalsOf({ ...SMALL, year: 2024, transactions: rows });
    expect(totals).toEqual({ proceeds: "0.31", lots: 3, unknownProceeds: 1 });
  });

  it("formats EUR from exact decimal strings, never unknown as 0", () => {
    expect(formatEur("1234567.891", "de")).toBe("1.234.567,89\u00a0€");
    expect(formatEur("1234567.891", "en")).toBe("€1,234,567.89");
    expect(formatEur("-0.005", "de")).toBe("-0,01\u00a0€");
    expect(formatEur("-12.3", "en")).toBe("-€12.30");
    expect(formatEur("-0.004", "de")).toBe("0,00\u00a0€");
    expect(formatEur("812.331234567", "de")).toBe("812,33\u00a0€");
    expect(formatEur(null, "de")).toBeNull();
    expect(formatEur("n/a", "de")).toBeNull();
    expect(formatSignedEur("12.3", "de")).toBe("+12,30\u00a0€");
    expect(formatSignedEur("-4", "en")).toBe("−€4.00");
    expect(formatSignedEur("0", "en")).toBe("€0.00");
    expect(signOf("-0.001")).toBe(0);
    expect(signOf("-0.01")).toBe(-1);
    expect(formatDecimal("999.995", "en")).toBe("1,000.00");
  });

  it("formats amounts, dates and hashes", () => {
    expect(formatAmount("1234.500000000000000000", "de")).toBe("1.234,5");
    expect(formatAmount("1234.5", "en")).toBe("1,234.5");
    expect(formatAmount("0.00000004812", "de")).toBe("0,00000004812");
    expect(formatAmount("0.0000000481234", "en")).toBe("0.00000004812");
    expect(formatAmount("2", "de")).toBe("2");
    expect(formatAmount("0.1234567", "de")).toBe("0,123457");
    expect(formatReportDate("2024-03-15", "de")).toBe("15.03.2024");
    expect(formatReportDate("2024-03-15", "en")).toBe("03/15/2024");
    expect(formatReportDate(null, "de")).toBe("–");
    const hash = `0x${"ab".repeat(32)}`;
    expect(shortHash(hash)).toBe("0xabab...abab");
    expect(explorerTxUrl(369, hash)).toBe(`https://scan.pulsechain.com/tx/${hash}`);
    expect(explorerTxUrl(1, hash)).toBe(`https://etherscan.io/tx/${hash}`);
    expect(explorerTxUrl(943, hash)).toBeNull();
    expect(explorerTxUrl(null, hash)).toBeNull();
    expect(explorerTxUrl(369, "manual-1")).toBeNull();
    expect(chainOfAsset("369:0xabc")).toBe(369);
    expect(chainOfAsset("1:native")).toBe(1);
    expect(chainOfAsset("HEX")).toBeNull();
  });

  it("uses the manual-entries errors' keys of report-pdf and no entries while the file has errors", () => {
    expect(manualErrorKey("manualImport.errors.invalidNumber")).toBe("manualImport.errors.invalidNumber");
    expect(manualErrorKey("empty")).toBe("manualImport.errors.empty");
    const entry = { time: 1, wallet: "W1", type: "buy" as const, asset: "HEX", amount: "1" };
    expect(usableEntries(null)).toEqual([]);
    expect(usableEntries({ fileName: "a.csv", entries: [entry], errors: [] })).toEqual([entry]);
    expect(usableEntries({ fileName: "a.csv", entries: [entry], errors: [{ line: 2, key: "x" }] })).toEqual([]);
  });
});

describe("rows kept as JSON text (a report loaded in the worker)", () => {
  it("reads back every row exactly as sent, any order, beyond what it keeps decoded", () => {
    const rows = sampleResult(2_500).transactions;
    const encoded = new EncodedRows(rows.map((r) => JSON.stringify(r)));
    expect(encoded.length).toBe(2_500);
    for (const i of [0, 2_499, 1_234, 0, 7, 2_000, 1_500, 3]) expect(encoded.at(i)).toEqual(rows[i]);
    for (let i = 0; i < rows.length; i++) expect(encoded.at(i).hash).toBe(rows[i]?.hash);
    // The same object while it is kept (React rows do not re-render for nothing).
    expect(encoded.at(2_499)).toBe(encoded.at(2_499));
  });

  it("a directly answered report does the same work here: flags, orders, airdrops, search, CSV, tables", async () => {
    const data = reportDataOf(SMALL);
    expect(data.rows.length).toBe(SMALL.transactions.length);
    expect(data.rows.at(3)).toBe(SMALL.transactions[3]);
    expect(data.derived.flags.length).toBe(SMALL.transactions.length);
    expect(data.derived.disposals).toEqual(disposalTotalsOf(SMALL));
    expect(await data.search("")).toBeNull();
    expect((await data.csv()).startsWith("\uFEFFHash;")).toBe(true);
    expect((await data.anlageSoLines(2024)).disposals.length).toBeGreaterThan(0);
    expect(reportDataOf(SMALL)).toBe(data);
  });
});
