import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "../src");
const CORE_SRC = join(import.meta.dirname, "../../../packages/core/src");
const LOCALES = join(SRC, "i18n/locales");

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, pattern);
    return pattern.test(name) ? [path] : [];
  });
}

function lookup(lang: string, ns: string, key: string): unknown {
  let node: unknown;
  try {
    node = JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), "utf8"));
  } catch {
    return undefined;
  }
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** A key exists (a string, or an object/array read with returnObjects), or as plural forms (key_one / key_other). */
function exists(lang: string, ns: string, key: string): boolean {
  if (lookup(lang, ns, key) !== undefined) return true;
  return typeof lookup(lang, ns, `${key}_other`) === "string" && typeof lookup(lang, ns, `${key}_one`) === "string";
}

/**
 * Every literal key passed to t("...") in a file resolves in both languages,
 * in the namespace of that file's useTranslation("ns") (default "common") or
 * the one named with "ns:key".
 */
function usedKeys(): Array<{ file: string; ns: string; key: string }> {
  const result: Array<{ file: string; ns: string; key: string }> = [];
  for (const file of filesUnder(SRC, /\.tsx?$/)) {
    const text = readFileSync(file, "utf8");
    const nsMatch = /useTranslation\(\s*"([\w-]+)"/.exec(text);
    const defaultNs = nsMatch?.[1] ?? "common";
    for (const match of text.matchAll(/\bt\(\s*"([^"]+)"/g)) {
      const raw = match[1] ?? "";
      const [ns, key] = raw.includes(":") ? (raw.split(":", 2) as [string, string]) : [defaultNs, raw];
      result.push({ file: relative(SRC, file), ns, key });
    }
  }
  return result;
}

describe("i18n keys used in the source", () => {
  const used = usedKeys();

  it("finds the keys (the scan works)", () => {
    expect(used.length).toBeGreaterThan(100);
  });

  for (const lang of ["de", "en"]) {
    it(`all resolve in ${lang}`, () => {
      const missing = used
        .filter(({ ns, key }) => !exists(lang, ns, key))
        .map(({ file, ns, key }) => `${file}: ${ns}:${key}`);
      expect(missing).toEqual([]);
    });
  }

  it("every validation message of the shared zod schemas is translated (common.validation)", () => {
    const keys = new Set<string>();
    for (const file of filesUnder(CORE_SRC, /\.ts$/)) {
      for (const match of readFileSync(file, "utf8").matchAll(/"(validation\.\w+)"/g)) keys.add(match[1] ?? "");
    }
    expect(keys.size).toBeGreaterThan(0);
    const missing = [...keys].filter((key) => !exists("de", "common", key) || !exists("en", "common", key));
    expect(missing).toEqual([]);
  });
});
