import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const LOCALES_DIR = join(import.meta.dirname, "../src/i18n/locales");
const LANGUAGES = ["de", "en"] as const;

type Catalogue = Record<string, unknown>;

function namespacesOf(lang: string): string[] {
  return readdirSync(join(LOCALES_DIR, lang))
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.replace(/\.json$/, ""))
    .sort();
}

function load(lang: string, ns: string): Catalogue {
  return JSON.parse(readFileSync(join(LOCALES_DIR, lang, `${ns}.json`), "utf8")) as Catalogue;
}

/** Flattens nested objects to dotted keys; arrays are flattened by index. */
function flatten(value: unknown, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

/**
 * The formal address: "Sie" inside a sentence (at a sentence start it may be "they"), or the formal
 * possessive and object forms ("Ihr Wallet", "Ihnen") anywhere but a sentence start.
 */
function addressesFormally(text: string): boolean {
  return /(?<![.!?:;„"(]\s*|^)\s(Sie|Ihnen|Ihre?[mnrs]?)\b/.test(text);
}

function diff(a: Set<string>, b: Set<string>): string[] {
  return [...a].filter((key) => !b.has(key)).sort();
}

describe("i18n catalogues", () => {
  const namespaces = Object.fromEntries(LANGUAGES.map((lang) => [lang, namespacesOf(lang)]));

  it("have the same namespaces in de and en", () => {
    expect(namespaces.de).toEqual(namespaces.en);
    expect(namespaces.de).toContain("common");
  });

  for (const ns of namespacesOf("de")) {
    describe(ns, () => {
      const flat = Object.fromEntries(LANGUAGES.map((lang) => [lang, flatten(load(lang, ns))]));

      it("has the same keys in de and en", () => {
        const de = new Set(flat.de?.keys());
        const en = new Set(flat.en?.keys());
        expect({ onlyInDe: diff(de, en), onlyInEn: diff(en, de) }).toEqual({ onlyInDe: [], onlyInEn: [] });
      });

      for (const lang of LANGUAGES) {
        it(`has only non-empty strings in ${lang}`, () => {
          const bad = [...(flat[lang]?.entries() ?? [])]
            .filter(([, value]) => typeof value !== "string" || value.trim() === "")
            .map(([key]) => key);
          expect(bad).toEqual([]);
        });
      }

      it('addresses the user with "du" in German, never "Sie"', () => {
        const formal = [...(flat.de?.entries() ?? [])]
          .filter(([, value]) => typeof value === "string" && addressesFormally(value))
          .map(([key]) => key);
        expect(formal).toEqual([]);
      });

      it("uses the same {{placeholders}} in de and en", () => {
        const placeholders = (value: unknown) =>
          [...String(value).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
        const mismatched = [...(flat.de?.entries() ?? [])]
          .filter(([key]) => flat.en?.has(key))
          .filter(
            ([key, value]) => JSON.stringify(placeholders(value)) !== JSON.stringify(placeholders(flat.en?.get(key))),
          )
          .map(([key]) => key);
        expect(mismatched).toEqual([]);
      });
    });
  }

  it("recognises the formal address, but not a sentence about them", () => {
    expect(addressesFormally("Bitte prüfen Sie Ihr Wallet.")).toBe(true);
    expect(addressesFormally("Wir helfen Ihnen gern.")).toBe(true);
    expect(addressesFormally("Bitte prüfe dein Wallet.")).toBe(false);
    expect(addressesFormally("Die Bridge verbindet zwei Netze. Sie sperrt Token auf der einen Seite.")).toBe(false);
  });

  it("detects a key that exists in one language only", () => {
    const de = new Set(flatten({ a: { b: "x", c: "y" } }).keys());
    const en = new Set(flatten({ a: { b: "x" } }).keys());
    expect(diff(de, en)).toEqual(["a.c"]);
  });
});
