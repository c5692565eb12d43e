#!/usr/bin/env node
// The import boundaries of docs/boundaries.md, checked on every source file: `npm run lint` runs it
// and a server test fails on any violation. Relative imports are resolved; packages are named.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s[^"';]*?from\s+["']([^"']+)["']/g;
const DYNAMIC_IMPORT = /import\(\s*["']([^"']+)["']\s*\)/g;
const CORE_PACKAGES = new Set(["zod", "decimal.js"]);
const SERVER_SHARED = ["upstream", "lib"];

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name === "dist" ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** The modules a file imports; with `lazy` also those it loads with import() (code splitting). */
function importsOf(file, { lazy = true } = {}) {
  const text = readFileSync(file, "utf8");
  const found = [...text.matchAll(STATIC_IMPORT)].map((m) => m[1]);
  if (lazy) found.push(...[...text.matchAll(DYNAMIC_IMPORT)].map((m) => m[1]));
  return found.filter(Boolean);
}

/** The folder under `base` a path lies in ("market" for apps/server/src/market/x.ts), or null. */
function areaOf(base, file) {
  const rel = path.relative(base, file);
  if (rel.startsWith("..")) return null;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0] : "";
}

/** Every rule broken in the repository at `root`, as "file: import - rule" lines. */
export function findViolations(root) {
  const out = [];
  const report = (file, spec, rule) => out.push(`${path.relative(root, file)}: ${spec} - ${rule}`);

  const core = path.join(root, "packages/core/src");
  for (const file of sourceFiles(core)) {
    for (const spec of importsOf(file)) {
      if (spec.startsWith(".")) {
        if (path.relative(core, path.resolve(path.dirname(file), spec)).startsWith(".."))
          report(file, spec, "core imports only core");
      } else if (!CORE_PACKAGES.has(spec)) report(file, spec, "core is pure: only zod and decimal.js");
    }
  }

  const server = path.join(root, "apps/server/src");
  for (const file of sourceFiles(server)) {
    const from = areaOf(server, file);
    for (const spec of importsOf(file).filter((s) => s.startsWith("."))) {
      const target = path.resolve(path.dirname(file), spec);
      const to = areaOf(server, target);
      if (to === null || to === from) continue;
      if (SERVER_SHARED.includes(from) && !["upstream", "lib", "db", ""].includes(to))
        report(file, spec, `${from}/ is shared: it imports no feature folder`);
      const rel = path.relative(server, target).split(path.sep);
      if (from !== "chain" && rel[0] === "chain" && rel[1] === "explorers")
        report(file, spec, "the explorers' internals are chain/'s own");
    }
  }

  const web = path.join(root, "apps/web/src");
  for (const file of sourceFiles(web)) {
    const from = areaOf(web, file);
    const fromFeature = from === "features" ? path.relative(web, file).split(path.sep)[1] : null;
    const lazyOnly = new Set(importsOf(file).filter((s) => !importsOf(file, { lazy: false }).includes(s)));
    for (const spec of importsOf(file).filter((s) => s.startsWith("."))) {
      const target = path.resolve(path.dirname(file), spec);
      const rel = path.relative(web, target).split(path.sep);
      if ((from === "features" || from === "lib" || from === "components") && rel[0] === "app")
        report(file, spec, "app/ composes the features; nothing imports it");
      if ((from === "lib" || from === "components") && rel[0] === "features")
        report(file, spec, `${from}/ is shared: it imports no feature`);
      // A lazily loaded module of another feature is its own entry point (code splitting), not an internal.
      if (
        fromFeature &&
        !lazyOnly.has(spec) &&
        rel[0] === "features" &&
        rel[1] !== fromFeature &&
        rel.length > 2 &&
        !/^index\.tsx?$/.test(rel[2] ?? "")
      )
        report(file, spec, `another feature only through its index.ts (features/${rel[1]}/index.ts)`);
    }
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
  const violations = findViolations(root);
  for (const v of violations) console.error(v);
  if (violations.length > 0) {
    console.error(`${violations.length} import(s) cross a boundary (docs/boundaries.md)`);
    process.exit(1);
  }
  console.log("import boundaries: ok");
}
