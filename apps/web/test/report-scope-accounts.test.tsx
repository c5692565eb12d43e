/**
 * The report over all wallets with imported exchange accounts: the note names them (they count as
 * wallets of their own), and a user with accounts but no saved wallet may start it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createInstance } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AllWalletsNote } from "../src/features/wallet-report/form/report-form-fields.tsx";
import { analysisBlocker } from "../src/features/wallet-report/form/report-inputs.ts";

const LOCALES = join(import.meta.dirname, "../src/i18n/locales");

async function note(savedWallets: number, importedAccounts: number): Promise<string> {
  const i18n = createInstance();
  const ns = JSON.parse(readFileSync(join(LOCALES, "de", "wallet-report.json"), "utf8"));
  await i18n.use(initReactI18next).init({ lng: "de", fallbackLng: false, resources: { de: { "wallet-report": ns } } });
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <AllWalletsNote savedWallets={savedWallets} importedAccounts={importedAccounts} loading={false} />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

describe("the report over all wallets with imported accounts", () => {
  it("names the accounts beside the wallets, and analyses the accounts alone when no wallet is saved", async () => {
    expect(await note(2, 3)).toContain("Deine 3 importierten Börsen-Konten zählen je als eigene Wallet mit.");
    expect(await note(0, 1)).toContain("Ausgewertet wird dein importiertes Börsen-Konto.");
    expect(await note(0, 0)).toContain("Du hast noch keine Wallet gespeichert.");
  });

  it("may start with accounts only; with neither wallets nor accounts it says so", () => {
    const base = { scope: "all" as const, address: "", year: "2024", signedIn: true, running: false };
    expect(analysisBlocker({ ...base, savedWallets: 1 })).toBeNull();
    expect(analysisBlocker({ ...base, savedWallets: 0 })).toEqual({ key: "form.noSavedWallets" });
  });
});
