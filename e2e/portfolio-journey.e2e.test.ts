import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { confirmedUser } from "../apps/server/test/support/accounts.ts";
import { DESKTOP, loadTakingEarlyAnswers, newContext, PHONE, screenshot, watchForErrors } from "./support/browser.ts";
import { installFakeWallet } from "./support/devchain-app.ts";
import { devchainSuite, deviceOf, LOOKS, poll } from "./support/devchain-suite.ts";

const MINUTE = 60_000;
const PRIVATE_KEY = "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318";
const SEED = "abandon ability able about above absent absorb abstract absurd abuse access accident";

const WORDS = {
  de: {
    email: "E-Mail-Adresse",
    password: "Passwort",
    signIn: "Anmelden",
    emptyTitle: "Noch keine Wallet hinzugefügt",
    address: "Wallet-Adresse",
    nickname: "Name der Wallet",
    add: "Wallet hinzufügen",
    added: "Wallet erfolgreich hinzugefügt!",
    updated: "Wallet bereits vorhanden und aktualisiert!",
    invalidAddress: "Bitte gib eine gültige Wallet-Adresse ein (0x...)",
    secret: "Das sieht nach einem privaten Schlüssel oder einer Seed-Phrase aus.",
    wait: /Bitte warte noch \d+ Sekunden vor dem nächsten Update/,
    loading: "Lädt...",
    hiddenNote: "Token ausgeblendet",
    airdropsHidden: /^[\d.]+ Token ohne Preis ausgeblendet \(nie verkaufte Airdrops\)$/,
    showAll: "Alle anzeigen",
    type: "Wallet-Typ",
    chain: "Blockchain",
    read: (name: string) => `Adresse aus ${name} lesen`,
    rabbyMissing:
      "Rabby Wallet nicht installiert. Installiere die Rabby-Erweiterung in diesem Browser oder gib die Adresse von Hand ein.",
    rejected: "Verbindung vom Benutzer abgelehnt",
    connectionFailed: "Wallet-Verbindung fehlgeschlagen",
    removeConfirm: "Bist du sicher, dass du diese Wallet entfernen möchtest?",
    remove: "Entfernen",
    wallets: (n: number) => `${n} ${n === 1 ? "Wallet" : "Wallets"}`,
    plan: "Premium-Zugang: Alle Features verfügbar",
    toggleTheme: /Design aktivieren/,
    // German: euros at the ECB rate of the day unless chosen otherwise.
    currency: /^\d{1,3}(\.\d{3})*,\d{2} €$/,
    rateNote: /^EZB-Referenzkurs vom \d{2}\.\d{2}\.\d{4}: 1 € = 1,0950 \$$/,
    otherCurrency: "USD",
    otherFormat: /^\d{1,3}(\.\d{3})*,\d{2} \$$/,
    otherNote: null,
    dashboardTotal: "Gesamtwert",
    currencyLabel: "Währung",
  },
  en: {
    email: "Email address",
    password: "Password",
    signIn: "Sign in",
    emptyTitle: "No wallet added yet",
    address: "Wallet address",
    nickname: "Wallet name",
    add: "Add wallet",
    added: "Wallet added successfully!",
    updated: "Wallet already there and updated!",
    invalidAddress: "Please enter a valid wallet address (0x...)",
    secret: "That looks like a private key or a seed phrase.",
    wait: /Please wait \d+ more seconds before the next update/,
    loading: "Loading...",
    hiddenNote: "token hidden",
    airdropsHidden: /^[\d,]+ tokens without a price hidden \(never-sold airdrops\)$/,
    showAll: "Show all",
    type: "Wallet type",
    chain: "Blockchain",
    read: (name: string) => `Read address from ${name}`,
    rabbyMissing: "Rabby Wallet not installed. Install the Rabby extension in this browser or type in the address.",
    rejected: "Connection rejected by the user",
    connectionFailed: "Wallet connection failed",
    removeConfirm: "Are you sure you want to remove this wallet?",
    remove: "Remove",
    wallets: (n: number) => `${n} ${n === 1 ? "wallet" : "wallets"}`,
    plan: "Premium access: all features available",
    toggleTheme: /Switch to (dark|light) theme/,
    // English: dollars unless chosen otherwise.
    currency: /^\$\d{1,3}(,\d{3})*\.\d{2}$/,
    rateNote: null,
    otherCurrency: "EUR",
    otherFormat: /^€\d{1,3}(,\d{3})*\.\d{2}$/,
    otherNote: /^ECB reference rate of \d{2}\/\d{2}\/\d{4}: €1 = \$1\.0950$/,
    dashboardTotal: "Total value",
    currencyLabel: "Currency",
  },
} as const;

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
// A local ECB with a fixed rate for the last weeks: the portfolio's euro values.
const suite = devchainSuite({ from: isoDay(-60), to: isoDay(0) });

const norm = (s: string | null) => (s ?? "").replace(/[\u00a0\u202f]/g, " ").trim();
const short = (a: string) => `${a.slice(0, 6)}...${a.slice(-4)}`.toLowerCase();

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function logIn(page: Page, lang: "de" | "en", email: string, password: string) {
  const w = WORDS[lang];
  await page.goto("/auth/login");
  await page.getByLabel(w.email).fill(email);
  await page.getByLabel(w.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: w.signIn, exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
}

for (const [lang, scheme, viewport] of LOOKS) {
  const w = WORDS[lang];
  const device = deviceOf(viewport);
  const other = { scheme: scheme === "light" ? "dark" : "light", device: device === "phone" ? "desktop" : "phone" };

  describe(`portfolio journey (${lang}, ${scheme}, ${device})`, () => {
    it("adds wallets, sees values, hides tokens, meets the refresh limit, connects and disconnects a browser wallet", async () => {
      const { t, devchain } = suite.app;
      const users = devchain.chain(369).wallets.users;
      const [first, second, browserAccount] = users as [string, string, string];
      const email = `portfolio.${lang}@example.de`;
      const password = "Portfolio2026!";
      await confirmedUser(t, email, password, lang);

      const context = await newContext(suite.browser, t.baseUrl, viewport, { colorScheme: scheme });
      await context.addInitScript((l) => localStorage.setItem("appLanguage", l), lang);
      await installFakeWallet(context, {
        account: browserAccount,
        chainIdHex: "0x171",
        balanceHex: "0x3635c9adc5dea00000",
      });
      const page = await context.newPage();
      const errors = watchForErrors(page);
      const sent: string[] = [];
      page.on("request", (req) => sent.push(`${req.url()} ${req.postData() ?? ""}`));

      await logIn(page, lang, email, password);
      await page.goto("/wallet");
      await page.waitForURL(/\/portfolio$/);

      // Empty: a sentence and the way to add a wallet.
      const empty = page.getByTestId("portfolio-empty");
      await poll(() => empty.isVisible(), 30_000).toBe(true);
      expect(await empty.getByRole("heading").textContent()).toBe(w.emptyTitle);
      expect(await page.getByTestId("reader-plan").textContent()).toBe(w.plan);
      await screenshot(page, `portfolio-empty-${lang}-${scheme}-${device}`);
      await empty.getByRole("button", { name: w.add }).click();
      const address = page.getByLabel(w.address);
      await poll(() => address.evaluate((el) => el === document.activeElement)).toBe(true);

      // A private key or a seed phrase is refused at once and never sent.
      const form = page.getByTestId("add-wallet-form");
      await address.fill(PRIVATE_KEY);
      await poll(() => address.inputValue()).toBe("");
      expect(norm(await form.getByTestId("secret-warning").textContent())).toContain(w.secret);
      await screenshot(page, `portfolio-secret-warning-${lang}-${scheme}-${device}`);
      await address.fill(SEED);
      await poll(() => address.inputValue()).toBe("");
      expect(sent.filter((s) => s.includes(PRIVATE_KEY.slice(2)) || s.includes("abandon ability"))).toEqual([]);

      // A bad address: the spec's message; the nickname is prefilled with '{chain name} Wallet'.
      const nickname = page.getByLabel(w.nickname);
      expect(await nickname.inputValue()).toBe("PulseChain Mainnet Wallet");
      await address.fill("0x1234");
      await nickname.focus();
      await poll(() => form.getByText(w.invalidAddress).isVisible()).toBe(true);
      const addButton = form.getByRole("button", { name: w.add });
      await nickname.fill("");
      expect(await addButton.isDisabled()).toBe(true);
      // A seed phrase pasted into the name is refused as well (before the field's length limit cuts it).
      await nickname.evaluate((el, text) => {
        const data = new DataTransfer();
        data.setData("text/plain", text);
        el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
      }, SEED);
      await poll(() => form.getByTestId("secret-warning").count()).toBe(1);
      expect(await nickname.inputValue()).toBe("");

      // Two devchain wallets through the form.
      await address.fill(first);
      await nickname.fill("Hauptwallet");
      await addButton.click();
      await poll(() => form.getByText(w.added).isVisible()).toBe(true);
      expect(await address.inputValue()).toBe("");
      expect(await nickname.inputValue()).toBe("PulseChain Mainnet Wallet");
      await address.fill(second);
      await addButton.click();
      await poll(() => page.getByTestId("wallet-count").textContent()).toBe(w.wallets(2));
      // The same address again is 'already there and updated'.
      await address.fill(second.toLowerCase());
      await addButton.click();
      await poll(() => form.getByText(w.updated).isVisible()).toBe(true);

      // The total in the language's currency (German: euros at the ECB rate of the day, named beside it), not
      // zero, and PLSX and HEX in the table (a list on phones), once the portfolio is loaded again after the
      // second wallet was added.
      const total = page.getByTestId("summary-total");
      await poll(() => total.isVisible(), 60_000).toBe(true);
      await poll(() => page.getByTestId("summary-wallets").locator("span.tabular").textContent()).toBe("2");
      const totalText = norm(await total.locator("span.tabular").textContent());
      expect(totalText).toMatch(w.currency);
      expect(totalText).not.toMatch(/^[$€]?0[.,]00/);
      const rateNote = total.getByTestId("rate-note");
      if (w.rateNote) expect(norm(await rateNote.textContent())).toMatch(w.rateNote);
      else expect(await rateNote.count()).toBe(0);
      const row = (symbol: string) =>
        page.locator(`[data-testid="token-${device === "phone" ? "item" : "row"}"][data-symbol="${symbol}"]`);
      await poll(() => row("PLSX").count()).toBeGreaterThan(0);
      await poll(() => row("HEX").count()).toBeGreaterThan(0);
      // The devchain's bulk tokens (unpriced airdrops never sent) are hidden by default and counted; the
      // search finds them by symbol once shown, and they hide again.
      const airdrops = page.getByTestId("airdrops-note");
      await poll(() => airdrops.isVisible()).toBe(true);
      expect(norm(await airdrops.locator("span").first().textContent())).toMatch(w.airdropsHidden);
      const bulkRows = page.locator(
        `[data-testid="token-${device === "phone" ? "item" : "row"}"][data-symbol^="BULK"]`,
      );
      expect(await bulkRows.count()).toBe(0);
      await page.getByTestId("token-search").fill("bulk");
      await page.getByTestId("airdrops-toggle").click();
      await poll(() => bulkRows.count()).toBeGreaterThan(0);
      expect(await row("PLSX").count()).toBe(0);
      await page.getByTestId("airdrops-toggle").click();
      await poll(() => bulkRows.count()).toBe(0);
      await page.getByTestId("token-search").fill("");
      await poll(() => row("PLSX").count()).toBeGreaterThan(0);
      expect(await page.getByTestId("distribution-item").count()).toBeGreaterThan(0);
      expect(await page.getByTestId("distribution-item").count()).toBeLessThanOrEqual(10);
      await poll(() => page.getByTestId("history-empty").isVisible()).toBe(true);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `portfolio-${lang}-${scheme}-${device}`);
      await page.getByTestId("distribution").scrollIntoViewIfNeeded();
      await screenshot(page, `portfolio-charts-${lang}-${scheme}-${device}`);

      // The other currency with one click: stored for the user (still there after a reload), then back.
      const currencySwitch = total.getByTestId("currency-switch");
      await currencySwitch.getByRole("button", { name: w.otherCurrency }).click();
      await poll(() => total.locator("span.tabular").textContent().then(norm)).toMatch(w.otherFormat);
      await page.reload();
      await poll(() => total.locator("span.tabular").textContent().then(norm), 30_000).toMatch(w.otherFormat);
      if (w.otherNote) {
        expect(norm(await rateNote.textContent())).toMatch(w.otherNote);
        await screenshot(page, `portfolio-euro-${lang}-${scheme}-${device}`);
      }
      await currencySwitch.getByRole("button", { name: w.otherCurrency === "EUR" ? "USD" : "EUR" }).click();
      await poll(() => total.locator("span.tabular").textContent().then(norm)).toBe(totalText);

      // The first address saved for Ethereum too: one line in the list with what each chain holds, counted once.
      await page.getByLabel(w.chain).selectOption("ethereum");
      await address.fill(first);
      await nickname.fill("Hauptwallet");
      await addButton.click();
      await poll(() => form.getByText(w.added).isVisible()).toBe(true);
      const firstItem = page.locator(`[data-testid="wallet-item"][data-address="${first.toLowerCase()}"]`);
      await poll(() => firstItem.getByTestId("wallet-chain-value").count(), 60_000).toBe(2);
      expect(await page.getByTestId("wallet-count").textContent()).toBe(w.wallets(2));
      await poll(() => page.getByTestId("summary-wallets").locator("span.tabular").textContent()).toBe("2");
      await poll(() => total.locator("span.tabular").textContent().then(norm), 60_000).toBe(totalText);
      expect(norm(await firstItem.textContent())).toContain("Ethereum");
      await firstItem.scrollIntoViewIfNeeded();
      await screenshot(page, `portfolio-wallet-chains-${lang}-${scheme}-${device}`);
      await page.evaluate(() => window.scrollTo(0, 0));

      // One click explains a price.
      await row("PLSX").first().getByTestId("price-source").click();
      await poll(() => page.getByTestId("price-note").first().isVisible()).toBe(true);
      await screenshot(page, `portfolio-price-note-${lang}-${scheme}-${device}`);
      await page.keyboard.press("Escape");

      // Hide PulseChain's HEX: gone from the table and the distribution, the total stays; 'show all'
      // brings it back. Hiding is per token (chain and address): the HEX on Ethereum and the HEX bridged
      // from there, which carry the same symbol, stay.
      const pulseHex = (await row("HEX").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-token")))).find(
        (token) => token?.startsWith("369:"),
      ) as string;
      const hexRow = () =>
        page.locator(`[data-testid="token-${device === "phone" ? "item" : "row"}"][data-token="${pulseHex}"]`);
      await hexRow().first().getByTestId("hide-token").click();
      await poll(() => hexRow().count()).toBe(0);
      expect(norm(await page.getByTestId("hidden-note").textContent())).toContain(w.hiddenNote);
      expect(norm(await total.locator("span.tabular").textContent())).toBe(totalText);
      const stored = await page.evaluate(() =>
        Object.entries(localStorage).find(([key]) => key.startsWith("hiddenTokens_")),
      );
      expect(stored?.[1]).toMatch(/^\["369:0x[0-9a-f]{40}"\]$/);
      await page.reload();
      await poll(() => row("PLSX").count()).toBeGreaterThan(0);
      expect(await hexRow().count()).toBe(0);
      await page.getByTestId("show-all").click();
      await poll(() => hexRow().count()).toBeGreaterThan(0);

      // The page's own loads never lock the refresh: a user who just swapped refreshes at once ('Lädt...'),
      // then the button counts down and every wallet's icon is locked too, saying when it works again.
      const refresh = page.getByTestId("portfolio-refresh");
      await poll(() => refresh.getAttribute("data-state")).toBe("default");
      await refresh.click();
      await poll(() => refresh.getAttribute("data-state")).not.toBe("default");
      await poll(() => refresh.getAttribute("data-state"), 60_000).toBe("rateLimited");
      expect(await refresh.isDisabled()).toBe(true);
      expect(norm(await page.getByTestId("refresh-wait").textContent())).toMatch(w.wait);
      const walletRefresh = page.getByTestId("wallet-refresh").first();
      expect(await walletRefresh.isDisabled()).toBe(true);
      expect(await walletRefresh.getAttribute("title")).toMatch(/\d+/);
      const first1 = Number(
        await page
          .getByTestId("refresh-countdown")
          .textContent()
          .then((s) => s?.match(/\d+/)?.[0]),
      );
      expect(first1).toBeGreaterThan(290);
      await screenshot(page, `portfolio-countdown-${lang}-${scheme}-${device}`);
      // A reload keeps the user's limit; five minutes later a refresh runs again.
      await page.reload();
      await poll(() => refresh.getAttribute("data-state")).toBe("rateLimited");
      t.clock.advance(5 * MINUTE + 1_000);
      await page.reload();
      await poll(() => refresh.getAttribute("data-state")).toBe("default");

      // The developer panel with Ctrl+Shift+D.
      await page.keyboard.press("Control+Shift+D");
      await poll(() => page.getByTestId("debug-panel").isVisible()).toBe(true);
      await page.keyboard.press("Control+Shift+D");
      await poll(() => page.getByTestId("debug-panel").count()).toBe(0);

      // Read the address from the browser wallet inside the same form (the test wallet on window.ethereum,
      // a MetaMask, is offered beside the typed-in address). Rabby chosen, but not installed: said so.
      const walletType = page.getByLabel(w.type);
      expect(await walletType.inputValue()).toBe("manual");
      await walletType.selectOption("Rabby");
      await form.getByRole("button", { name: w.read("Rabby") }).click();
      await poll(() => form.getByTestId("read-message").textContent()).toBe(w.rabbyMissing);
      await walletType.selectOption("manual");
      await page.evaluate(() => {
        (window as any).__fakeWallet.mode = "reject";
      });
      await form.getByRole("button", { name: w.read("MetaMask") }).click();
      // A failed connection is headed as such, the wallet's reason below it.
      await poll(() => form.getByTestId("read-message").textContent()).toBe(`${w.connectionFailed}${w.rejected}`);
      await page.evaluate(() => {
        (window as any).__fakeWallet.mode = "ok";
      });
      await form.getByRole("button", { name: w.read("MetaMask") }).click();
      await poll(() => form.getByTestId("read-address").textContent()).toBe(short(browserAccount));
      expect(await form.getByTestId("read-network").textContent()).toBe("PulseChain Mainnet");
      expect(norm(await form.getByTestId("read-balance").textContent())).toBe(
        lang === "de" ? "1.000,0000 PLS" : "1,000.0000 PLS",
      );
      expect(await address.inputValue()).toBe(browserAccount.toLowerCase());
      expect(await walletType.inputValue()).toBe("MetaMask");
      await form.scrollIntoViewIfNeeded();
      await screenshot(page, `portfolio-reader-${lang}-${scheme}-${device}`);
      await addButton.click();
      await poll(() => form.getByText(w.added).isVisible()).toBe(true);
      await poll(() => page.getByTestId("wallet-count").textContent()).toBe(w.wallets(3));
      expect(await page.evaluate(() => localStorage.getItem("connectedAddress"))).toBe(browserAccount.toLowerCase());
      // The success message goes after 3 s.
      await poll(() => form.getByText(w.added).count(), 6_000).toBe(0);

      // Known as the connected wallet after a reload too (from the saved wallets).
      await page.reload();
      await poll(() => page.getByTestId("wallet-count").textContent(), 30_000).toBe(w.wallets(3));
      expect(await page.evaluate(() => localStorage.getItem("connectedAddress"))).toBe(browserAccount.toLowerCase());

      // Removing a wallet asks first (a dialog, not window.confirm); the browser forgets the removed one.
      const browserItem = page.locator(`[data-testid="wallet-item"][data-address="${browserAccount.toLowerCase()}"]`);
      await browserItem.getByTestId("wallet-remove").click();
      const dialog = page.getByTestId("remove-wallet-dialog");
      await poll(() => dialog.isVisible()).toBe(true);
      expect(await dialog.getByText(w.removeConfirm).isVisible()).toBe(true);
      await screenshot(page, `portfolio-remove-${lang}-${scheme}-${device}`);
      await dialog.getByRole("button", { name: w.remove, exact: true }).click();
      await poll(() => page.getByTestId("wallet-count").textContent()).toBe(w.wallets(2));
      expect(
        await page.evaluate(() => [localStorage.getItem("connectedWallet"), localStorage.getItem("connectedAddress")]),
      ).toEqual([null, null]);

      // The same page in the other theme and on the other device size.
      await page.getByRole("button", { name: w.toggleTheme }).first().click();
      await page.setViewportSize(other.device === "phone" ? PHONE : DESKTOP);
      await page.evaluate(() => window.scrollTo(0, 0));
      await poll(() => page.getByTestId("summary-total").isVisible()).toBe(true);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `portfolio-${lang}-${other.scheme}-${other.device}`);
      await page.getByTestId("wallet-list").scrollIntoViewIfNeeded();
      await screenshot(page, `portfolio-wallets-${lang}-${other.scheme}-${other.device}`);

      // The dashboard's portfolio card shows the total in the same currency. Its first screen reads every
      // answer asked for early instead of asking the server again.
      expect(await loadTakingEarlyAnswers(page, "/dashboard")).toEqual([]);
      const dashboardTotal = page.getByTestId("dashboard-total");
      await poll(() => dashboardTotal.isVisible(), 30_000).toBe(true);
      expect(norm(await dashboardTotal.textContent())).toContain(w.dashboardTotal);
      expect(norm(await dashboardTotal.locator("span.tabular").textContent())).toMatch(w.currency);
      await screenshot(page, `dashboard-total-${lang}-${other.scheme}-${other.device}`);

      // The same choice in the settings: the other currency for the dashboard, then 'automatic' again.
      const saveCurrency = async (value: string) => {
        const saved = page.waitForResponse((r) => r.url().endsWith("/api/settings") && r.request().method() === "PUT");
        await page.getByLabel(w.currencyLabel).selectOption(value);
        expect((await saved).status()).toBe(200);
      };
      await page.goto("/settings");
      await poll(() => page.getByLabel(w.currencyLabel).isVisible(), 30_000).toBe(true);
      await saveCurrency(w.otherCurrency);
      await screenshot(page, `settings-currency-${lang}-${other.scheme}-${other.device}`);
      await page.goto("/dashboard");
      await poll(() => dashboardTotal.locator("span.tabular").textContent().then(norm), 30_000).toMatch(w.otherFormat);
      await page.goto("/settings");
      await poll(() => page.getByLabel(w.currencyLabel).inputValue(), 30_000).toBe(w.otherCurrency);
      await saveCurrency("auto");

      expect(errors).toEqual([]);
      await context.close();
    });
  });
}

describe("portfolio states (de, dark, desktop)", () => {
  it("draws the value chart, shows the admin monitor, the debug panel, a partial load error, stale data, a typed-in Trezor address, a Tangem card number and an unknown network", async () => {
    const { t, devchain } = suite.app;
    const users = devchain.chain(369).wallets.users as string[];
    const email = "zustaende@example.de";
    const password = "Zustaende2026!";
    const api = await confirmedUser(t, email, password, "de");
    expect((await api.post("/api/wallet-management", { address: users[3], nickname: "Depot" })).status).toBe(200);
    // Day one's snapshot, then a day later the page loads afresh: two days in the chart.
    expect((await api.get("/api/portfolio")).status).toBe(200);
    t.clock.advance(24 * 60 * MINUTE);

    const context = await newContext(suite.browser, t.baseUrl, DESKTOP, { colorScheme: "dark" });
    await context.addInitScript(() => localStorage.setItem("appLanguage", "de"));
    await installFakeWallet(context, {
      account: users[4] as string,
      chainIdHex: "0x171",
      balanceHex: "0x1bc16d674ec80000",
    });
    const page = await context.newPage();
    const errors = watchForErrors(page);
    // This user is an admin (the compute-unit monitor); the portfolio answer is changed per step below.
    await page.route("**/api/me", async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), isAdmin: true } });
    });
    let change: ((result: Record<string, any>, headers: Record<string, string>) => void) | null = null;
    await page.route("**/api/portfolio", async (route) => {
      const response = await route.fetch({ headers: { ...route.request().headers(), "if-none-match": "" } });
      const json = await response.json();
      const { "content-encoding": _encoding, "content-length": _length, ...headers } = response.headers();
      if (change) {
        change(json, headers);
      }
      await route.fulfill({ response, json, headers });
    });
    await logIn(page, "de", email, password);
    expect(await loadTakingEarlyAnswers(page, "/portfolio")).toEqual([]);

    // The value chart from two daily snapshots.
    await poll(() => page.getByTestId("summary-total").isVisible(), 60_000).toBe(true);
    const history = page.getByTestId("history");
    // The chart draws once it comes near the screen.
    await history.scrollIntoViewIfNeeded();
    await poll(() => history.locator(".recharts-area").count()).toBeGreaterThan(0);
    await screenshot(page, "portfolio-chart-de-dark-desktop");

    // The compute-unit monitor (admins): collapsed at first, the last loads when opened.
    const monitor = page.getByTestId("cu-monitor");
    await poll(() => monitor.isVisible()).toBe(true);
    await monitor.getByRole("button", { name: /Compute-Unit-Monitor/ }).click();
    expect(norm(await monitor.textContent())).toContain("Schätzung");
    expect(norm(await monitor.textContent())).toMatch(/GET \/api\/portfolio/);
    // The developer panel.
    await page.keyboard.press("Control+Shift+D");
    const debug = page.getByTestId("debug-panel");
    await poll(() => debug.isVisible()).toBe(true);
    expect(norm(await debug.textContent())).toContain("API-Aufrufe");
    await debug.scrollIntoViewIfNeeded();
    await screenshot(page, "portfolio-debug-de-dark-desktop");
    await page.keyboard.press("Control+Shift+D");

    // One chain failed: the rest is shown with the non-blocking error and 'Erneut versuchen'; stale data emphasises refresh.
    change = (r, headers) => {
      r.error = "Ethereum Mainnet: The request took too long to respond.";
      r.debug.problems = [r.error];
      r.readFailures = [{ chainId: 1, walletAddresses: [r.wallets[0].address], reason: "timeout" }];
      r.wallets[0].chains[1].readFailure = "timeout";
      r.stale = true;
      // Old data: a refresh is allowed (the server says so per answer).
      headers["x-refresh-available-in"] = "0";
    };
    await page.reload();
    const loadError = page.getByTestId("portfolio-load-error");
    await poll(() => loadError.isVisible()).toBe(true);
    expect(norm(await loadError.textContent())).toContain("Portfolio-Ladefehler (nicht blockierend)");
    // In the user's words which chain and why; the provider's English only under the details.
    expect(norm(await loadError.getByTestId("read-failure").textContent())).toBe(
      "Ethereum: 1 Wallet nicht gelesen – der Knoten oder Explorer hat zu lange nicht geantwortet.",
    );
    expect(await loadError.getByText("The request took too long to respond.").isVisible()).toBe(false);
    const unread = page.getByTestId("wallet-unread");
    await poll(() => unread.count()).toBe(1);
    expect(norm(await unread.textContent())).toContain(
      "Ethereum konnte nicht gelesen werden: der Knoten oder Explorer hat zu lange nicht geantwortet.",
    );
    expect(norm(await page.getByTestId("wallet-chain-unread").textContent())).toBe("nicht gelesen");
    expect(await loadError.getByRole("button", { name: "Erneut versuchen" }).isEnabled()).toBe(true);
    expect(await page.getByTestId("portfolio-refresh").getAttribute("data-state")).toBe("stale");
    await poll(() => page.locator('[data-testid="token-row"]').count()).toBeGreaterThan(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "portfolio-load-error-de-dark-desktop");
    change = null;

    // A Trezor by its address in the one add form: a wrong one is named, a seed phrase refused, a right one saved.
    const form = page.getByTestId("add-wallet-form");
    const walletType = form.getByLabel("Wallet-Typ");
    await walletType.selectOption("Trezor");
    const field = form.getByLabel("Trezor-Adresse");
    await field.fill("95b303987a60c71504d99aa1b13b4da07b0790ab");
    await form.getByLabel("Name der Wallet").focus();
    await poll(() => form.getByText("Trezor-Adresse ungültig oder nicht eingegeben.").isVisible()).toBe(true);
    await form.getByRole("button", { name: "Wallet hinzufügen" }).click();
    expect(await form.getByText("Trezor-Adresse ungültig oder nicht eingegeben.").isVisible()).toBe(true);
    await field.fill(SEED);
    await poll(() => field.inputValue()).toBe("");
    await poll(() => form.getByTestId("secret-warning").isVisible()).toBe(true);
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, "portfolio-trezor-de-dark-desktop");
    // A Tangem user typing the card's number instead of the address is told so.
    await walletType.selectOption("Tangem");
    await form.getByLabel("Tangem-Adresse").fill("CB79 0000 1234 5678");
    await form.getByLabel("Name der Wallet").focus();
    await poll(() => form.getByText(/^Tangem-Karte nicht gefunden oder ungültig/).isVisible()).toBe(true);
    await walletType.selectOption("Trezor");
    await field.fill(users[1] as string);
    await form.getByRole("button", { name: "Wallet hinzufügen" }).click();
    await poll(() => form.getByText("Wallet erfolgreich hinzugefügt!").isVisible()).toBe(true);
    const trezorItem = page.locator(
      `[data-testid="wallet-item"][data-address="${(users[1] as string).toLowerCase()}"]`,
    );
    await poll(() => trezorItem.textContent().then(norm)).toContain("Trezor");

    // A browser wallet on a network the app does not know: still named, balance in ETH; saved for PulseChain.
    await page.evaluate(() => {
      (window as any).__fakeWallet.chainIdHex = "0x38";
    });
    await walletType.selectOption("MetaMask");
    await form.getByRole("button", { name: "Adresse aus MetaMask lesen" }).click();
    await poll(() => form.getByTestId("read-network").textContent()).toBe("Unbekanntes Netzwerk (Chain 56)");
    expect(norm(await form.getByTestId("read-balance").textContent())).toBe("2,0000 ETH");
    expect(await form.getByLabel("Blockchain").inputValue()).toBe("pulsechain");
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, "portfolio-reader-unknown-de-dark-desktop");
    await form.getByRole("button", { name: "Wallet hinzufügen" }).click();
    await poll(() => form.getByText("Wallet erfolgreich hinzugefügt!").isVisible()).toBe(true);
    await poll(() => page.getByTestId("wallet-count").textContent()).toBe("3 Wallets");

    expect(errors).toEqual([]);
    // A portfolio reload may still be on its way through the routes above.
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await context.close();
  });
});
