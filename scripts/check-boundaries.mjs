#!/usr/bin/env node
// The import boundaries of docs/boundaries.md, checked on every source file: `npm run lint` runs it
// and a server test fails on any violation. Relative imports are resolved; packages are named.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s[^"';]*?from\s+["']([^"']+)["']/g;
const DYNAMIC_IMPORT = /import\(\s*["']([^"']+)["']\s*\)/g;
// Pure libraries only: validation, exact decimals, and (for the exchange exports) CSV text and time zones.
const CORE_PACKAGES = new Set(["zod", "decimal.js", "papaparse", "luxon"]);
/** What the report files (the advisor PDF, shared by web and server) may import besides their own. */
const REPORT_FILES_PACKAGES = new Set(["@pulsemanager/core", "pdf-lib"]);
/**
 * The server's shared floors and the folders each may import besides its own ("" is the root files:
 * config, logger, secrets). A floor imports no feature folder; chain/ is the highest of them.
 */
const SERVER_FLOORS = {
  lib: ["upstream", "db", ""],
  upstream: ["lib", "db", ""],
  db: ["lib", ""],
  fx: ["upstream", "lib", "db", ""],
  http: ["upstream", "lib", "db", ""],
  users: ["lib", "db", ""],
  chain: ["fx", "http", "upstream", "lib", "db", ""],
};
/** The root files that compose the server (everything else at the root is a floor of its own). */
const SERVER_COMPOSITION = new Set(["app.ts", "main.ts", "worker.ts"]);

function sourceFiles(dir) {
  // A tree without a folder (a test's small tree without packages/report-files) has no files there.
  if (!existsSync(dir)) return [];
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

/** The file a relative import names: as written, or with the extension or index file the resolver adds. */
function resolveImport(file, spec) {
  const target = path.resolve(path.dirname(file), spec);
  const candidates = [target, ...[".ts", ".tsx", ".mts"].map((e) => target + e), path.join(target, "index.ts")];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/**
 * The import cycles among the source files under `dir` (relative imports, static and dynamic): each
 * circle of files that reach each other (a strongly connected component, Tarjan's algorithm) once,
 * as the files of one closed path through it.
 */
export function findCycles(dir) {
  const files = sourceFiles(path.resolve(dir));
  const edges = new Map(
    files.map((f) => [
      f,
      [
        ...new Set(
          importsOf(f)
            .filter((s) => s.startsWith("."))
            .map((s) => resolveImport(f, s)),
        ),
      ].filter(Boolean),
    ]),
  );
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (f) => {
    index.set(f, index.size);
    low.set(f, index.get(f));
    stack.push(f);
    onStack.add(f);
    for (const t of edges.get(f) ?? []) {
      if (!index.has(t)) {
        visit(t);
        low.set(f, Math.min(low.get(f), low.get(t)));
      } else if (onStack.has(t)) low.set(f, Math.min(low.get(f), index.get(t)));
    }
    if (low.get(f) !== index.get(f)) return;
    const component = [];
    let t;
    do {
      t = stack.pop();
      onStack.delete(t);
      component.push(t);
    } while (t !== f);
    if (component.length > 1 || (edges.get(f) ?? []).includes(f)) components.push(component);
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return components.map((component) => closedPath(component, edges));
}

/** One path from the component's first file back to itself through its files (breadth-first). */
function closedPath(component, edges) {
  const inside = new Set(component);
  const start = [...component].sort()[0];
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const f = queue.shift();
    for (const t of edges.get(f) ?? []) {
      if (!inside.has(t) || cameFrom.has(t)) continue;
      cameFrom.set(t, f);
      if (t === start) queue.length = 0;
      else queue.push(t);
    }
  }
  const route = [];
  let f = start;
  do {
    route.unshift(f);
    f = cameFrom.get(f);
  } while (f !== start);
  return { files: component, route: [start, ...route] };
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
      } else if (!CORE_PACKAGES.has(spec))
        report(file, spec, "core is pure: only zod, decimal.js, papaparse and luxon");
    }
  }

  const reportFiles = path.join(root, "packages/report-files/src");
  for (const file of sourceFiles(reportFiles)) {
    for (const spec of importsOf(file)) {
      if (spec.startsWith(".")) {
        if (path.relative(reportFiles, path.resolve(path.dirname(file), spec)).startsWith(".."))
          report(file, spec, "the report files import only their own files");
      } else if (!REPORT_FILES_PACKAGES.has(spec)) report(file, spec, "the report files use only core and pdf-lib");
    }
  }

  const server = path.join(root, "apps/server/src");
  for (const file of sourceFiles(server)) {
    const from = areaOf(server, file);
    for (const spec of importsOf(file).filter((s) => s.startsWith("."))) {
      const target = path.resolve(path.dirname(file), spec);
      const to = areaOf(server, target);
      if (to === null || to === from) continue;
      if (from in SERVER_FLOORS && !SERVER_FLOORS[from].includes(to))
        report(file, spec, `${from}/ is a shared floor: it imports no feature folder`);
      if (from === "" && !SERVER_COMPOSITION.has(path.basename(file)) && to !== "lib")
        report(
          file,
          spec,
          "a root file other than the composition (app.ts, main.ts, worker.ts) imports no folder but lib/",
        );
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
      if (["features", "state", "lib", "components"].includes(from) && rel[0] === "app")
        report(file, spec, "app/ composes the features; nothing imports it");
      if ((from === "lib" || from === "components") && (rel[0] === "features" || rel[0] === "state"))
        report(file, spec, `${from}/ is shared: it imports no feature and no app-wide state`);
      if (from === "state" && rel[0] === "features")
        report(file, spec, "state/ lies below the features: it imports none");
      if (fromFeature && rel[0] === "state" && rel.length > 2 && !/^index\.tsx?$/.test(rel[2] ?? ""))
        report(file, spec, `the app-wide state only through its index.ts (state/${rel[1]}/index.ts)`);
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

  for (const dir of [core, reportFiles, server, web]) {
    for (const { route } of findCycles(dir)) {
      const names = route.map((f) => path.relative(dir, f));
      out.push(`${path.relative(root, route[0])}: ${names.join(" -> ")} - an import cycle (no file may reach itself)`);
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
