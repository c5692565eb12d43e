/**
 * The wallet report in Chromium on the devchain: a user analyses a devchain wallet for 2024 (job with
 * live progress), filters the transactions, opens a row's lots, exports the CSV and reads it back
 * (byte-order mark, semicolons, the spec's columns, umlauts, one line per transaction), downloads the
 * PDF and the package for the tax advisor, runs the direct analysis, and starts anew. German light desktop, English dark phone.
 */
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { confirmedUser } from "../apps/server/test/support/accounts.ts";
import { logIn } from "./support/billing.ts";
import { loadTakingEarlyAnswers, newContext, screenshot, watchForErrors } from "./support/browser.ts";
import { devchainSuite, deviceOf, LOOKS, poll } from "./support/devchain-suite.ts";

const MINUTE = 60_000;
const PRIVATE_KEY = "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318";
const CSV_HEADER =
  "Hash;Typ;Coin;Steuerpflichtig;Haltefrist;Wert (EUR);Token Adresse;Von Adresse;An Adresse;Datum;Transaktionsgebühr;Beschreibung;" +
  "Chain;Wallet;Menge;Token;Anschaffungsdatum;Anschaffungskosten (EUR);Veräußerungserlös (EUR);Gewinn/Verlust (EUR);Haltedauer (Tage);Preisquelle";

const WORDS = {
  de: {
    address: "Wallet-Adresse",
    year: "Steuerjahr",
    analyse: "Analyse starten",
    direct: "Direktanalyse",
    tabs: { alle: "Alle", käufe: "Käufe", verkäufe: "Verkäufe", roi: "ROI", steuerpflichtig: "Steuerpflichtig" },
    search: "Suchen",
    export: "Exportieren",
    pdf: "PDF für Steuerberater",
    package: "Paket für die Steuerberatung",
    newAnalysis: "Neue Analyse",
    invalid: "Ungültige Wallet-Adresse",
    live: "Live-Updates aktiv",
    saleDescription: /^Verkauf: [\d.,]+ \S+.* gegen [\d.,]+ \S+/,
  },
  en: {
    address: "Wallet address",
    year: "Tax year",
    analyse: "Start analysis",
    direct: "Direct analysis",
    tabs: { alle: "All", käufe: "Buys", verkäufe: "Sells", roi: "ROI", steuerpflichtig: "Taxable" },
    search: "Search",
    export: "Export",
    pdf: "PDF for tax advisor",
    package: "Package for your tax advisor",
    newAnalysis: "New analysis",
    invalid: "Invalid wallet address",
    live: "Live updates active",
    saleDescription: /^Sell: [\d.,]+ \S+.* for [\d.,]+ \S+/,
  },
} as const;

const suite = devchainSuite({ from: "2023-12-01", to: "2025-01-31" });

async function visibleTyps(page: Page): Promise<string[]> {
  return page.locator("tr[data-typ]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-typ") ?? ""));
}

for (const [lang, scheme, viewport] of LOOKS) {
  const w = WORDS[lang];
  const device = deviceOf(viewport);

  describe(`wallet report (${lang}, ${scheme}, ${device})`, () => {
    it(
      "analyses a devchain wallet, filters, opens the lots, exports CSV and PDF, and starts anew",
      async () => {
        const { t, devchain } = suite.app;
        // User 2 of the devchain's story buys, sells, gets printer payouts and airdrops in 2024.
        const wallet = (devchain.chain(369).wallets.users[2] as string).toLowerCase();
        const email = `report.${lang}@example.de`;
        const password = "Report2026!";
        await confirmedUser(t, email, password, lang);

        const context = await newContext(suite.browser, t.baseUrl, viewport, { colorScheme: scheme });
        await context.addInitScript((l) => localStorage.setItem("appLanguage", l), lang);
        const page = await context.newPage();
        const errors = watchForErrors(page);
        const sent: string[] = [];
        page.on("request", (req) => sent.push(`${req.method()} ${req.url()} ${req.postData() ?? ""}`));
        await logIn(page, lang, email, password);
        await page.goto("/wallet-report");

        // The year select: this year back to 2019.
        const year = page.getByLabel(w.year, { exact: true });
        await poll(() => year.locator("option").count()).toBeGreaterThan(2);
        const years = await year
          .locator("option")
          .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value).filter(Boolean));
        const thisYear = new Date().getFullYear();
        expect(years.map(Number)).toEqual(Array.from({ length: thisYear - 2019 + 1 }, (_, i) => thisYear - i));

        // A private key is refused in the field and never sent; a bad address is named.
        const address = page.getByLabel(w.address);
        await address.fill(PRIVATE_KEY);
        await poll(() => address.inputValue()).toBe("");
        await address.fill("0x1234");
        await address.blur();
        await poll(() => page.getByText(w.invalid, { exact: true }).first().isVisible()).toBe(true);
        await screenshot(page, `wallet-report-form-invalid-${lang}-${scheme}-${device}`);

        // The job: live progress, then the result.
        await address.fill(wallet.toUpperCase().replace("0X", "0x"));
        await year.selectOption("2024");
        await page.getByRole("button", { name: w.analyse, exact: true }).click();
        const result = page.getByTestId("report-result");
        await poll(() => result.isVisible(), 2 * MINUTE).toBe(true);
        expect(
          sent.some((s) => s.startsWith("POST") && s.includes("/api/wallet-report ") && s.includes('"taxYear":2024')),
        ).toBe(true);
        expect(sent.some((s) => /\/api\/wallet-report\/[\w-]+\/events/.test(s))).toBe(true);
        expect(sent.some((s) => /\/api\/wallet-report\/[\w-]+\/result/.test(s))).toBe(true);
        expect(sent.filter((s) => s.includes(PRIVATE_KEY.slice(2)))).toEqual([]);
        await screenshot(page, `wallet-report-result-${lang}-${scheme}-${device}`);

        // Eight tabs with counts (the spec's five, Tausch, Unbekannt, Transfers); each shows only its rows.
        const tabs = page.getByRole("tab");
        expect(await tabs.count()).toBe(8);
        const count = async (name: string) =>
          Number(
            ((await page.getByRole("tab", { name: new RegExp(`^${name}`) }).textContent()) ?? "").replace(/\D/g, ""),
          );
        const all = await count(w.tabs.alle);
        expect(all).toBeGreaterThan(5);
        for (const [key, typ] of [
          ["verkäufe", "Verkauf"],
          ["roi", "ROI"],
          ["käufe", "Kauf"],
        ] as const) {
          const n = await count(w.tabs[key]);
          expect(n, key).toBeGreaterThan(0);
          await page.getByRole("tab", { name: new RegExp(`^${w.tabs[key]}`) }).click();
          await poll(async () => {
            const shown = await visibleTyps(page);
            return shown.length > 0 && shown.every((x) => x === typ);
          }).toBe(true);
          expect(
            await page.getByRole("tab", { name: new RegExp(`^${w.tabs[key]}`) }).getAttribute("aria-selected"),
          ).toBe("true");
        }
        await page.getByRole("tab", { name: new RegExp(`^${w.tabs.alle}`) }).click();
        // The devchain's bulk airdrops (no price) are hidden by default and grouped per token below.
        const hide = page.getByTestId("hide-airdrops");
        expect(await hide.isChecked()).toBe(true);
        const hidden = Number(((await hide.locator("xpath=..").textContent()) ?? "").replace(/\D/g, ""));
        expect(hidden).toBeGreaterThan(0);
        await hide.uncheck();
        await poll(() => count(w.tabs.alle)).toBe(all + hidden);
        await hide.check();
        await poll(() => count(w.tabs.alle)).toBe(all);
        const airdrops = page.getByTestId("airdrops-section");
        await airdrops.locator("summary").first().click();
        await poll(() => airdrops.getByTestId("airdrop-group").count()).toBeGreaterThan(0);
        // Search by token (the first sale's): only rows of that token.
        const coin = (await page.locator('tr[data-typ="Verkauf"]').first().getAttribute("data-coin")) ?? "";
        expect(coin).not.toBe("");
        const search = page.getByRole("searchbox", { name: w.search });
        await search.fill(coin);
        await poll(async () => {
          const coins = await page.locator("tr[data-typ]").evaluateAll((rows) => rows.map((r) => r.dataset.coin ?? ""));
          const match = coins.length > 0 && coins.every((c) => c.toLowerCase().includes(coin.toLowerCase()));
          return match ? "only the token" : coins.join(" | ");
        }).toBe("only the token");
        expect(await count(w.tabs.alle)).toBeLessThan(all);
        await search.fill("no-such-token-xyz");
        await poll(() => page.getByTestId("filter-empty").isVisible()).toBe(true);
        await search.fill("");
        await poll(() => count(w.tabs.alle)).toBe(all);
        // A sale opens to show the lots it used.
        await page.getByRole("tab", { name: new RegExp(`^${w.tabs.verkäufe}`) }).click();
        const toggle = page.getByTestId("row-toggle").first();
        await toggle.click();
        await poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
        const details = page.locator(`#${(await toggle.getAttribute("aria-controls")) as string}`);
        await poll(() => details.isVisible()).toBe(true);
        expect(await details.textContent()).toMatch(/\d{2}\.\d{2}\.2024|\d{2}\/\d{2}\/2024/);
        // The description in the page's language (the CSV below stays German).
        expect(await details.getByTestId("row-description").textContent()).toMatch(w.saleDescription);
        await screenshot(page, `wallet-report-lots-${lang}-${scheme}-${device}`);
        await page.getByRole("tab", { name: new RegExp(`^${w.tabs.alle}`) }).click();
        // The holdings at year end and the unknown costs open as tables (the bulk airdrops have no cost).
        for (const section of ["holdings-section", "unknown-costs-section"]) {
          const details = page.getByTestId(section);
          await details.locator("summary").click();
          await poll(() => details.locator("table").isVisible()).toBe(true);
          expect(await details.locator("tbody tr").count(), section).toBeGreaterThan(0);
        }
        // The spam airdrop and the fake HEX are listed as excluded, with their reason, and are not in the rows.
        const excluded = page.getByTestId("excluded-section");
        await excluded.locator("summary").click();
        await poll(() => excluded.getByTestId("excluded-token").count()).toBeGreaterThanOrEqual(2);
        expect(await excluded.textContent()).toContain(lang === "de" ? "Fälschung" : "Fake");
        await excluded.scrollIntoViewIfNeeded();
        // The fake HEX can be included back (stored for the user), and excluded again.
        const fake = excluded.getByTestId("excluded-token").filter({ hasText: lang === "de" ? "Fälschung" : "Fake" });
        await fake.getByTestId("include-token").click();
        await poll(() => fake.getByTestId("included-note").isVisible()).toBe(true);
        await screenshot(page, `wallet-report-excluded-${lang}-${scheme}-${device}`);
        const stored = await page.evaluate(async () => (await fetch("/api/token-choices")).json());
        expect(stored.choices).toHaveLength(1);
        await fake.getByTestId("include-token").click();
        await poll(() => fake.getByTestId("included-note").count()).toBe(0);

        // CSV export, read back.
        const [csvDownload] = await Promise.all([
          page.waitForEvent("download"),
          page.getByRole("button", { name: w.export, exact: true }).click(),
        ]);
        expect(csvDownload.suggestedFilename()).toMatch(
          new RegExp(`^steuerreport_${wallet.slice(0, 6)}_2024_\\d{4}-\\d{2}-\\d{2}\\.csv$`),
        );
        const csv = readFileSync((await csvDownload.path()) as string, "utf8");
        expect(csv.charCodeAt(0)).toBe(0xfeff);
        const lines = csv.slice(1).trimEnd().split("\r\n");
        expect(lines[0]).toBe(CSV_HEADER);
        // One line per transaction, or per lot a sale used.
        expect(lines.length).toBeGreaterThanOrEqual(all + 1);
        for (const line of lines.slice(1)) {
          // 22 columns (quoted fields may hold a semicolon: count outside quotes).
          const separators = line.replace(/"([^"]|"")*"/g, "").split(";").length;
          expect(separators, line).toBe(22);
          expect(line).toMatch(/;\d{2}\.\d{2}\.2024/);
        }
        expect(csv).toMatch(/;Verkauf;/);
        expect(csv).toMatch(/Gebühr|Tausch|Übertrag|Kauf/);

        // The PDF for the tax advisor.
        const [pdfDownload] = await Promise.all([
          page.waitForEvent("download"),
          page.getByRole("button", { name: w.pdf, exact: true }).click(),
        ]);
        expect(pdfDownload.suggestedFilename()).toMatch(/\.pdf$/);
        expect(
          readFileSync((await pdfDownload.path()) as string)
            .subarray(0, 5)
            .toString("latin1"),
        ).toBe("%PDF-");

        // The package for the tax advisor: the server's ZIP of the stored report.
        const [zipDownload] = await Promise.all([
          page.waitForEvent("download"),
          page.getByRole("button", { name: w.package, exact: true }).click(),
        ]);
        expect(zipDownload.suggestedFilename()).toMatch(
          new RegExp(`^steuerberatung_${wallet.slice(0, 6)}_2024_\\d{4}-\\d{2}-\\d{2}\\.zip$`),
        );
        expect(
          readFileSync((await zipDownload.path()) as string)
            .subarray(0, 2)
            .toString("latin1"),
        ).toBe("PK");

        // Away and back: the last report is open again, with its inputs.
        await page.goto("/dashboard");
        expect(await loadTakingEarlyAnswers(page, "/wallet-report")).toEqual([]);
        await poll(() => result.isVisible(), MINUTE).toBe(true);
        expect(await year.inputValue()).toBe("2024");
        await poll(() => count(w.tabs.alle)).toBe(all);

        // The direct analysis answers the same report.
        await page.getByRole("button", { name: w.direct, exact: true }).click();
        await poll(() => count(w.tabs.alle), 60_000).toBe(all);

        // New analysis: address, result and filter are cleared.
        await page.getByRole("button", { name: w.newAnalysis, exact: true }).click();
        await poll(() => result.count()).toBe(0);
        expect(await page.getByLabel(w.address).inputValue()).toBe("");

        expect(errors).toEqual([]);
        await context.close();
      },
      4 * MINUTE,
    );
  });
}
