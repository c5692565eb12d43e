import { createRequire } from "node:module";
import path from "node:path";
import type { ChunkingContext, ModuleInfo } from "rolldown";
import { parseAst } from "vite";

/**
 * The chunks of the hot signed-in routes' first screens. Bundled by default, their modules end up in
 * dozens of chunks of 1-2 KB (each set of pages that imports a module gets its own); on a phone every
 * request waits its turn for one of the browser's six connections per host, so the first screen
 * waited for request after request. Here:
 * - `first-screen`: what the frame (`frame`) or at least two of the hot pages (`pages`) import,
 *   directly or through others;
 * - `<page>-first-screen`: what only that one of the hot pages imports (the page's own modules stay
 *   in their chunks: they are loaded on demand). Other pages that share such a module load this file.
 * - `shared-first-screen`: what they share with the pages of visitors not signed in (`signedOut`:
 *   sign-up, the mail links, the legal pages), which load this file, not the signed-in ones.
 * Nothing the entry or the sign-in page (`signIn`) import: the sign-in page's first load stays as it is.
 *
 * Imports through a barrel (a module of only re-exports, as core's index or a feature's index.ts)
 * count for the module that exports the imported name: following the barrel itself would make every
 * page need all of core.
 */
export function firstScreenChunks(options: FirstScreenOptions): (id: string, ctx: ChunkingContext) => string | null {
  let chunkOf: Map<string, string> | undefined;
  return (id, ctx) => {
    chunkOf ??= firstScreenModules(new ModuleGraph(ctx), options);
    return chunkOf.get(id) ?? null;
  };
}

interface FirstScreenOptions {
  /** The directory the paths below are relative to. */
  root: string;
  frame: string;
  /** Each hot page by name: its module and those it loads on demand at once (asked for with it). */
  pages: Record<string, string[]>;
  /** The entry and the sign-in page: nothing they import is grouped. */
  signIn: string[];
  /** The other pages shown without a session (and what they load on demand). */
  signedOut: string[];
}

/** Each module of the hot routes' first screens and the chunk it goes to. */
function firstScreenModules(graph: ModuleGraph, options: FirstScreenOptions): Map<string, string> {
  const resolve = (m: string) => path.resolve(options.root, m);
  const signIn = graph.closure(options.signIn.map(resolve));
  const signedOut = graph.closure(options.signedOut.map(resolve));
  const frame = graph.closure([resolve(options.frame)]);
  const pages = Object.entries(options.pages).map(([name, modules]) => ({
    chunk: `${name}-first-screen`,
    modules: graph.closure(modules.map(resolve)),
  }));
  const roots = new Set([options.frame, ...Object.values(options.pages).flat()].map(resolve));
  const chunkOf = new Map<string, string>();
  for (const id of new Set([...frame, ...pages.flatMap((p) => [...p.modules])])) {
    if (signIn.has(id) || roots.has(id) || graph.isBarrel(id)) continue;
    const users = pages.filter((p) => p.modules.has(id));
    if (signedOut.has(id)) chunkOf.set(id, "shared-first-screen");
    else chunkOf.set(id, frame.has(id) || users.length > 1 ? "first-screen" : (users[0]?.chunk as string));
  }
  return chunkOf;
}

type Node = { type: string; [key: string]: unknown };

/** The static import graph of the bundle's modules, with imports through barrels resolved to the exporting module. */
class ModuleGraph {
  private readonly barrels = new Map<string, Map<string, string> | null>();

  constructor(private readonly ctx: ChunkingContext) {}

  /** The modules `starts` import statically, directly or through others (the starts included). */
  closure(starts: string[]): Set<string> {
    const seen = new Set<string>();
    const queue = [...starts];
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (seen.has(id)) continue;
      seen.add(id);
      queue.push(...this.imports(id));
    }
    return seen;
  }

  isBarrel(id: string): boolean {
    return this.exportsOf(id) !== null;
  }

  private info(id: string): ModuleInfo {
    const info = this.ctx.getModuleInfo(id);
    if (!info) throw new Error(`first-screen chunk: no module ${id}`);
    return info;
  }

  /** A module's static imports; for a barrel, only the modules that export what this module takes from it. */
  private imports(id: string): string[] {
    const info = this.info(id);
    const barrels = info.importedIds.filter((d) => this.isBarrel(d));
    if (barrels.length === 0 || this.isBarrel(id)) return info.importedIds;
    const others = info.importedIds.filter((d) => !barrels.includes(d));
    const program = (parseAst(info.code ?? "") as unknown as { body: Node[] }).body;
    const taken = namesTakenFrom(program, (source) => this.barrelFor(source, id, barrels));
    const unnamed = barrels.filter((b) => !taken.has(b));
    if (unnamed.length > 0)
      throw new Error(`first-screen chunk: ${id} imports ${unnamed.join(", ")} by a name not understood`);
    const through = [...taken].flatMap(([barrel, names]) => {
      const exports = this.exportsOf(barrel) as Map<string, string>;
      if (names === "all") return [...new Set(exports.values())];
      return [...names].map((name) => {
        const from = exports.get(name);
        if (!from) throw new Error(`first-screen chunk: ${id} imports ${name}, which ${barrel} does not export`);
        return from;
      });
    });
    return [...others, ...through];
  }

  /** The barrel an import's source names (a relative path, or a package whose entry is a barrel, as core). */
  private barrelFor(source: string, importer: string, barrels: string[]): string | undefined {
    if (source.startsWith(".")) return barrels.find((b) => b === path.resolve(path.dirname(importer), source));
    let resolved: string | undefined;
    try {
      resolved = createRequire(importer).resolve(source);
    } catch {
      return undefined;
    }
    return barrels.find((b) => b === resolved);
  }

  /**
   * For a barrel of the app or a workspace package (a module of only `export * from` and
   * `export { … } from` relative paths, each one of its imports): each exported name and the module
   * that declares it; null for any other module. Packages under node_modules are left as they are.
   */
  private exportsOf(id: string): Map<string, string> | null {
    if (this.barrels.has(id)) return this.barrels.get(id) ?? null;
    this.barrels.set(id, null);
    const info = this.info(id);
    if (/[\\/]node_modules[\\/]/.test(id) || !/^export /m.test(info.code ?? "")) return null;
    const body = (parseAst(info.code ?? "") as unknown as { body: Node[] }).body;
    const targets = body.map((s) => reExportTarget(s, id, info.importedIds));
    if (body.length === 0 || targets.includes(undefined)) return null;
    const exports = new Map<string, string>();
    const named = new Map<string, string>();
    body.forEach((s, i) => {
      const target = targets[i] as string;
      const nested = this.exportsOf(target);
      const from = (name: string) => nested?.get(name) ?? target;
      if (s.type === "ExportNamedDeclaration")
        for (const x of s.specifiers as Node[]) named.set(specifierName(x.exported), from(specifierName(x.local)));
      else
        for (const name of nested ? nested.keys() : this.info(target).exports)
          if (name !== "default") exports.set(name, from(name));
    });
    // A name re-exported by name wins over the same name of an `export *` (as in the language).
    for (const [name, from] of named) exports.set(name, from);
    this.barrels.set(id, exports);
    return exports;
  }
}

/** The module a statement re-exports from (one of the barrel's imports), or undefined when it is no plain re-export. */
function reExportTarget(s: Node, barrel: string, importedIds: string[]): string | undefined {
  const source = (s.source as { value?: unknown } | null | undefined)?.value;
  if (typeof source !== "string" || !source.startsWith(".")) return undefined;
  const reExport =
    (s.type === "ExportAllDeclaration" && !s.exported) || (s.type === "ExportNamedDeclaration" && !s.declaration);
  const target = path.resolve(path.dirname(barrel), source);
  return reExport && importedIds.includes(target) ? target : undefined;
}

/** An import or export specifier's name (an identifier, or a string as in `export { "a-b" as c }`). */
function specifierName(node: unknown): string {
  const n = node as { name?: string; value?: string };
  return String(n.name ?? n.value);
}

/** The names a module imports or re-exports from each barrel ("all" for `import * as`). */
function namesTakenFrom(
  program: Node[],
  barrelOf: (source: string) => string | undefined,
): Map<string, Set<string> | "all"> {
  const taken = new Map<string, Set<string> | "all">();
  for (const s of program) {
    const source = (s.source as { value?: string } | null | undefined)?.value;
    const barrel = source === undefined ? undefined : barrelOf(source);
    if (!barrel) continue;
    const specifiers = (s.specifiers as Node[] | undefined) ?? [];
    if (s.type === "ExportAllDeclaration" || specifiers.some((x) => x.type === "ImportNamespaceSpecifier")) {
      taken.set(barrel, "all");
      continue;
    }
    const names = taken.get(barrel) ?? new Set<string>();
    if (names === "all") continue;
    for (const x of specifiers)
      names.add(x.type === "ImportDefaultSpecifier" ? "default" : specifierName(x.imported ?? x.local));
    taken.set(barrel, names);
  }
  return taken;
}
