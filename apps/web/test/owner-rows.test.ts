import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { MeResponse } from "@pulsemanager/core";
import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { ownerRows } from "../src/features/settings/owner-rows.ts";

const LOCALES = join(import.meta.dirname, "../src/i18n/locales");

async function rowsOf(me: MeResponse, lang: "de" | "en") {
  const i18n = createInstance();
  await i18n.init({
    lng: lang,
    resources: { [lang]: { settings: JSON.parse(readFileSync(join(LOCALES, lang, "settings.json"), "utf8")) } },
    defaultNS: "settings",
    interpolation: { escapeValue: false },
  });
  return Object.fromEntries(ownerRows(me, i18n.t, lang));
}

const me = (status: "trial" | "active", extra: Partial<MeResponse> = {}): MeResponse => ({
  user: { id: "u", email: "owner@example.de", emailVerified: true, createdAt: "2025-01-01T00:00:00Z" },
  subscription: {
    status,
    daysRemaining: status === "trial" ? 2 : 0,
    trialEndsAt: "2025-01-04T00:00:00Z",
    plan: status === "trial" ? "basic" : "premium",
  },
  isAdmin: true,
  edition: "community",
  access: "full",
  billing: null,
  ...extra,
});

describe("the owner debug tools", () => {
  it("word the status, plan, edition and access in the page's language, not as raw enum values", async () => {
    const de = await rowsOf(me("active"), "de");
    expect(de).toMatchObject({
      Status: "Premium aktiv",
      Plan: "Premium",
      Edition: "Community Edition (ohne Bezahlung)",
      Zugriff: "voller Zugriff",
    });
    expect(Object.values(de)).not.toContain("active");
    expect(Object.values(de)).not.toContain("community");
    expect(Object.values(de)).not.toContain("full");
    const en = await rowsOf(me("active"), "en");
    expect(en).toMatchObject({ Status: "Premium active", Edition: "Community Edition (no billing)" });
  });

  it("show the trial's end only while the account is in its trial", async () => {
    expect(Object.keys(await rowsOf(me("active"), "de"))).not.toContain("Testphase endet am");
    const trial = await rowsOf(me("trial"), "de");
    expect(trial["Testphase endet am"]).toMatch(/^04\.01\.2025/);
    expect(trial["Verbleibende Tage"]).toBe("2");
  });
});
