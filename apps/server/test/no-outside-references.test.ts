/**
 * Whoever continues the project has only the repository: no code, comment, string or document in it may
 * point at documents kept outside it (the original specification's chapters, its design and architecture
 * notes, the folder of reference material beside the checkout). The product is described in
 * docs/product/; a comment points there or states the rule itself.
 *
 * One exception: tests may read the worked tax cases and the recorded provider answers kept beside the
 * repository, through a relative path written as one string literal in a test file.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");
/** What is scanned: every source and document folder, and the root README. */
const SCANNED = ["apps", "packages", "tools", "e2e", "bench", "scripts", "docs", "README.md"];
/** Installed, built or generated: not ours to word. */
const SKIPPED_DIRS = new Set([
  "node_modules",
  "dist",
  "coverage",
  "test-results",
  ".test-data",
  "data",
  "data-demo",
  "screenshots",
  "out",
]);
const TEXT_FILE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|sol|json|md|css|html|sql|ya?ml|txt)$/;
const THIS_FILE = path
  .relative(ROOT, import.meta.filename)
  .split(path.sep)
  .join("/");

/** References to the documents outside the repository. */
const FORBIDDEN: readonly { what: string; pattern: RegExp }[] = [
  { what: "a chapter of the original specification", pattern: /\bspec\s*(0[12]\b|§|\d)/i },
  { what: "the specification's files", pattern: /\b0[12]-(accounts-subscription-shell|wallets-portfolio-tax)\b/i },
  { what: "the design notes beside the repository", pattern: /\bDESIGN\.md\b/ },
  { what: "the architecture notes beside the repository", pattern: /\bARCHITECTURE\.md\b/ },
  { what: "the reference folder beside the repository", pattern: /\/work\/shared\b/ },
  {
    // Its folders by name; a code module of a `shared/` folder inside the repository is not one of them.
    what: "the reference folder beside the repository",
    pattern:
      /(^|[^\w-])shared\/(spec|tax-cases|providers|hooks|DESIGN|ARCHITECTURE)\b(?![\w/.-]*\.(tsx?|mts|cts|jsx?|mjs|cjs|css)\b)/,
  },
];

/** A test's read of the worked tax cases or of the recorded provider answers: one relative path literal. */
const ALLOWED_TEST_DATA_READ = /(["'`])(\.\.\/)+shared\/(tax-cases\/cases\.json|providers(\/[\w.-]+\.json)?)\1/g;

function isTestFile(file: string): boolean {
  return /(^|\/)test\//.test(file) || file.startsWith("e2e/") || /\.(e2e\.)?test\.[cm]?tsx?$/.test(file);
}

interface Offence {
  file: string;
  line: number;
  what: string;
  text: string;
}

/** The references to outside documents in one file's text (`file` relative to the repository root). */
function offencesIn(file: string, text: string): Offence[] {
  const out: Offence[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i] as string;
    if (isTestFile(file)) line = line.replace(ALLOWED_TEST_DATA_READ, '""');
    for (const { what, pattern } of FORBIDDEN) {
      if (pattern.test(line)) {
        out.push({ file, line: i + 1, what, text: (lines[i] as string).trim().slice(0, 160) });
        break;
      }
    }
  }
  return out;
}

function* filesUnder(relative: string): Generator<string> {
  const full = path.join(ROOT, relative);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) {
    if (TEXT_FILE.test(relative)) yield relative;
    return;
  }
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    const child = `${relative}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith(".")) yield* filesUnder(child);
    } else if (entry.isFile() && TEXT_FILE.test(entry.name)) yield child;
  }
}

describe("no references to documents outside the repository", () => {
  it("finds none in the code, comments, strings, catalogues and documents", () => {
    const offences: string[] = [];
    let scanned = 0;
    for (const top of SCANNED) {
      for (const file of filesUnder(top)) {
        if (file === THIS_FILE) continue;
        scanned++;
        for (const o of offencesIn(file, readFileSync(path.join(ROOT, file), "utf8")))
          offences.push(`${o.file}:${o.line}: ${o.what}: ${o.text}`);
      }
    }
    expect(scanned).toBeGreaterThan(500);
    // Point to docs/product/ (or docs/api.md, a README) instead, or state the rule in the comment.
    expect(offences).toEqual([]);
  });

  it("catches each kind of reference", () => {
    const caught = (file: string, text: string) => offencesIn(file, text).map((o) => o.what);
    expect(caught("apps/web/src/a.ts", "/** Spec 02 §4: the four states. */")).toHaveLength(1);
    expect(caught("apps/web/src/a.ts", "// spec 01 §9: 3 s")).toHaveLength(1);
    expect(caught("apps/web/src/a.ts", "(see spec §5)")).toHaveLength(1);
    expect(caught("packages/core/src/a.ts", " * DESIGN.md: tabular figures")).toHaveLength(1);
    expect(caught("packages/core/src/a.ts", " * ARCHITECTURE.md: never a fake 500")).toHaveLength(1);
    expect(caught("apps/server/src/a.ts", " * Format: /work/shared/providers/ecb-eurofxref.json.")).toHaveLength(1);
    expect(caught("tools/tax-cli/README.md", "the format of `shared/tax-cases/README.md`")).toHaveLength(1);
    expect(caught("docs/a.md", "see ../shared/spec/02-wallets-portfolio-tax.md")).toHaveLength(1);
  });

  it("leaves pointers into the repository and the tests' data reads alone", () => {
    const caught = (file: string, text: string) => offencesIn(file, text);
    expect(
      caught("apps/web/src/a.ts", "/** The first 6 and the last 4 characters (docs/product/design.md). */"),
    ).toEqual([]);
    expect(caught("apps/web/src/a.ts", "// the spec's five tabs")).toEqual([]);
    expect(caught("apps/web/src/a.ts", 'import { x } from "../shared/format.ts";')).toEqual([]);
    expect(caught("apps/web/src/a.ts", 'import { useX } from "../../shared/hooks/use-x.ts";')).toEqual([]);
    expect(caught("apps/web/src/a.tsx", 'import { Providers } from "./shared/providers.tsx";')).toEqual([]);
    const read = 'const casesFile = path.resolve(root, "../shared/tax-cases/cases.json");';
    expect(caught("tools/tax-cli/test/cli.test.ts", read)).toEqual([]);
    expect(
      caught("apps/server/test/providers/fake-http.ts", 'resolve(dir, "../../../../../shared/providers")'),
    ).toEqual([]);
    // The same read outside a test, or a comment naming the folder, is a reference.
    expect(caught("tools/tax-cli/src/main.ts", read)).toHaveLength(1);
    expect(caught("tools/tax-cli/test/cli.test.ts", "// the cases of shared/tax-cases, see its README")).toHaveLength(
      1,
    );
  });
});
