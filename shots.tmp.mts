import { chromium } from "playwright-core";
import { logIn } from "./e2e/support/billing.ts";
const A = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const W = {
  de: { address: "Wallet-Adresse", year: "Steuerjahr", analyse: "Analyse starten", search: "Suchen" },
  en: { address: "Wallet address", year: "Tax year", analyse: "Start analysis", search: "Search" },
};
const runs = [
  { base: "http://localhost:3917", lang: "de" as const, scheme: "light" as const, w: 1366, h: 900 },
  { base: "http://127.0.0.1:3917", lang: "en" as const, scheme: "dark" as const, w: 390, h: 844 },
  { base: "http://127.0.0.1:3917", lang: "de" as const, scheme: "dark" as const, w: 390, h: 844 },
  { base: "http://localhost:3917", lang: "en" as const, scheme: "light" as const, w: 1366, h: 900 },
];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
for (const r of runs) {
  const tag = `${r.lang}-${r.scheme}-${r.w}-${new URL(r.base).hostname}`;
  const ctx = await browser.newContext({ baseURL: r.base, viewport: { width: r.w, height: r.h }, colorScheme: r.scheme });
  await ctx.addInitScript((l) => localStorage.setItem("appLanguage", l), r.lang);
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  await logIn(page, r.lang, "demo@pulsemanager.local", "PulseDemo2026!");
  await page.goto("/portfolio");
  await page.getByTestId("distribution-item").first().waitFor({ timeout: 60_000 });
  await page.getByTestId("distribution").scrollIntoViewIfNeeded();
  await page.waitForTimeout(1500);
  await page.getByTestId("distribution").screenshot({ path: `/work/shots/dist-${tag}.png` });
  await page.goto("/wallet-report");
  await page.getByLabel(W[r.lang].address).fill(A);
  await page.getByLabel(W[r.lang].year, { exact: true }).selectOption("2026");
  await page.getByRole("button", { name: W[r.lang].analyse, exact: true }).click();
  await page.getByTestId("report-result").waitFor({ timeout: 120_000 });
  await page.getByRole("searchbox", { name: W[r.lang].search }).fill("Stake");
  await page.waitForTimeout(800);
  await page.locator("tr[data-typ]").first().click();
  await page.waitForTimeout(600);
  const table = page.locator("table").filter({ has: page.locator("tr[data-typ]") }).first();
  await table.screenshot({ path: `/work/shots/stakes-${tag}.png` });
  console.log(tag, "rows", await page.locator("tr[data-typ]").count(), "errors", errors);
  await ctx.close();
}
await browser.close();
