/**
 * A newcomer follows the paths the documents name: every repository path written in README.md, docs/
 * and the other READMEs exists. A path counts when it starts at the repository's root (`apps/…`,
 * `packages/…`, `docs/…`, …); one with a placeholder (`*`, `<name>`, `…`, `{a,b}`) names a pattern,
 * not a file, and is left out; a file of another repository is written `owner/name:path` and is not ours.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const TOP_FOLDERS = ["apps", "packages", "tools", "e2e", "bench", "scripts", "docs", ".ci"];
const SKIPPED_DIRS = new Set(["node_modules", "dist", ".git", "test-results", "coverage"]);
const PATH = new RegExp(
  `(?<![\\w./:-])(?:${TOP_FOLDERS.map((f) => f.replace(".", "\\.")).join("|")})/[\\w./@*<>{},…-]*`,
  "g",
);
const PLACEHOLDER = /[*<>{}…]/;
/** A file named in a code span by a path within a source folder (`features/shell/main-layout.tsx`). */
const INNER_FILE = /`((?:[\w@.-]+\/)+[\w.-]+\.(?:tsx?|mts|mjs|md|json|sql|sol))`/g;
/** The folders such a path is written from: the source roots, the document's own folder. */
const SOURCE_ROOTS = [
  "apps/server/src",
  "apps/server",
  "apps/web/src",
  "apps/web",
  "packages/core/src",
  "packages/core",
  "tools",
  ".",
];

function documents(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (SKIPPED_DIRS.has(e.name)) return [];
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return documents(full);
    return e.name.endsWith(".md") ? [full] : [];
  });
}

/** The root-anchored paths a document names, without trailing punctuation or a line number. */
export function pathsIn(text: string): string[] {
  return [...text.matchAll(PATH)]
    .map((m) => m[0].replace(/[.,:]+$/, "").replace(/:\d+(-\d+)?$/, ""))
    .filter((p) => !PLACEHOLDER.test(p));
}

/** The files named by a path inside a source folder, each with the folders it may be read from. */
function innerFilesIn(text: string): string[] {
  return [...text.matchAll(INNER_FILE)]
    .map((m) => m[1] as string)
    .filter((p) => !PLACEHOLDER.test(p) && !TOP_FOLDERS.some((f) => p.startsWith(`${f}/`)) && !p.includes(":"));
}

function existsFrom(doc: string, p: string): boolean {
  return [path.dirname(doc), ...SOURCE_ROOTS.map((r) => path.join(ROOT, r))].some((base) =>
    existsSync(path.join(base, p)),
  );
}

describe("paths written in the documents", () => {
  it("reads paths as a reader would (sentences, code spans, line numbers, patterns)", () => {
    expect(pathsIn("See `apps/server/src/app.ts`, then docs/api.md. Line: packages/core/src/index.ts:12")).toEqual([
      "apps/server/src/app.ts",
      "docs/api.md",
      "packages/core/src/index.ts",
    ]);
    expect(pathsIn("every `apps/server/src/*/routes.ts` and bench/<name>.bench.mts")).toEqual([]);
    expect(pathsIn("L2BEAT's `l2beat/l2beat:packages/config/x.json`")).toEqual([]);
  });

  it("every repository path in README.md and docs/ exists", () => {
    const missing = documents(ROOT).flatMap((file) =>
      pathsIn(readFileSync(file, "utf8"))
        .filter((p) => !existsSync(path.join(ROOT, p)))
        .map((p) => `${path.relative(ROOT, file)}: ${p}`),
    );
    expect(missing).toEqual([]);
  });

  it("every file named by a path inside a source folder exists there", () => {
    const missing = documents(ROOT).flatMap((file) =>
      innerFilesIn(readFileSync(file, "utf8"))
        .filter((p) => !existsFrom(file, p))
        .map((p) => `${path.relative(ROOT, file)}: ${p}`),
    );
    expect(missing).toEqual([]);
  });
});
