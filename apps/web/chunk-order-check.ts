import path from "node:path";
import type { OutputBundle } from "rolldown";
import { type Plugin, parseAst } from "vite";

/**
 * Chunks that import each other statically (directly or around a circle): the strongly connected
 * groups of the import graph with more than one chunk (Tarjan).
 */
export function chunkCycles(imports: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v) as number);
    stack.push(v);
    onStack.add(v);
    for (const w of imports.get(v) ?? []) {
      if (!imports.has(w)) continue;
      if (!index.has(w)) visit(w);
      if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop() as string;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const v of imports.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

type Node = { type: string; [key: string]: unknown };
const isNode = (x: unknown): x is Node => typeof x === "object" && x !== null && typeof (x as Node).type === "string";

/** Children of a node that run when the module runs (function bodies and methods run later). */
function* runNow(node: Node): Generator<Node> {
  if (/Function/.test(node.type)) return;
  if (node.type === "ClassDeclaration" || node.type === "ClassExpression") {
    if (isNode(node.superClass)) yield node.superClass;
    for (const member of ((node.body as Node).body as Node[]) ?? [])
      if (member.type === "StaticBlock" || (member.type === "PropertyDefinition" && member.static)) yield member;
    return;
  }
  for (const [key, value] of Object.entries(node)) {
    // Names that are not reads: a member's property, an object key, a method's name.
    if (!node.computed && (key === "property" || key === "key")) continue;
    if (Array.isArray(value)) for (const v of value) if (isNode(v)) yield v;
    if (isNode(value)) yield value;
  }
}

/** The chunk's own functions by name (declared, or a top-level `var f = () => …`): a call while loading runs them. */
function localFunctions(body: readonly Node[]): Map<string, Node> {
  const functions = new Map<string, Node>();
  for (const s of body) {
    const d = s.type === "ExportNamedDeclaration" && isNode(s.declaration) ? s.declaration : s;
    if (d.type === "FunctionDeclaration" && isNode(d.id)) functions.set(d.id.name as string, d);
    if (d.type === "VariableDeclaration")
      for (const v of d.declarations as Node[])
        if (isNode(v.id) && isNode(v.init) && /Function/.test(v.init.type)) functions.set(v.id.name as string, v.init);
  }
  return functions;
}

/** The function a call or `new` runs now: an expression called in place, or one of the chunk's own. */
function calledNow(node: Node, functions: ReadonlyMap<string, Node>): Node | undefined {
  if (node.type !== "CallExpression" && node.type !== "NewExpression") return undefined;
  const callee = node.callee as Node;
  if (/Function/.test(callee.type)) return callee;
  return callee.type === "Identifier" ? functions.get(callee.name as string) : undefined;
}

/**
 * The names a chunk's module-level code reads from the given chunks (`partners`, file names), also
 * through a function it calls while loading (one written in place or declared in the chunk): in a cycle
 * of chunks one of them runs before the other has set its variables, and such a read silently finds
 * undefined (a bundler writes them as `var`). Other function bodies run later and are fine. A name
 * reused in an inner block counts as a read too (the check errs on the side of failing).
 */
export function moduleLevelReads(code: string, partners: ReadonlySet<string>, fileName = "assets/chunk.js"): string[] {
  const program = parseAst(code) as unknown as { body: Node[] };
  const imported = new Map<string, string>();
  for (const s of program.body) {
    if (s.type !== "ImportDeclaration") continue;
    const from = path.posix.join(path.posix.dirname(fileName), String((s.source as { value: string }).value));
    if (!partners.has(from)) continue;
    for (const spec of s.specifiers as { local: { name: string } }[]) imported.set(spec.local.name, from);
  }
  if (imported.size === 0) return [];
  const functions = localFunctions(program.body);
  const entered = new Set<Node>();
  const reads = new Set<string>();
  const walk = (node: Node) => {
    if (node.type === "Identifier" && imported.has(node.name as string))
      reads.add(`${node.name} from ${imported.get(node.name as string)}`);
    const called = calledNow(node, functions);
    if (called && !entered.has(called)) {
      entered.add(called);
      walk(called.body as Node);
    }
    for (const child of runNow(node)) walk(child);
  };
  for (const s of program.body) {
    if (s.type === "ImportDeclaration" || (s.type === "ExportNamedDeclaration" && !s.declaration)) continue;
    walk(s);
  }
  return [...reads];
}

/**
 * Fails the build when chunks that import each other read one another's variables while they load:
 * a grouping of modules into chunks (vite.config.ts) can make such a circle, and which chunk runs first
 * then depends on the page (the portfolio's query key was once undefined that way).
 */
export function chunkOrderCheck(): Plugin {
  return {
    name: "chunk-order-check",
    apply: "build",
    generateBundle: {
      order: "post",
      handler(_options, bundle: OutputBundle) {
        const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
        const imports = new Map(chunks.map((c) => [c.fileName, c.imports]));
        const problems: string[] = [];
        for (const cycle of chunkCycles(imports)) {
          const partners = new Set(cycle);
          for (const chunk of chunks.filter((c) => partners.has(c.fileName)))
            for (const read of moduleLevelReads(chunk.code, partners, chunk.fileName))
              problems.push(`${chunk.fileName} reads ${read} while loading (chunks in a cycle: ${cycle.join(", ")})`);
        }
        if (problems.length) this.error(`chunks depend on their load order:\n${problems.join("\n")}`);
      },
    },
  };
}
