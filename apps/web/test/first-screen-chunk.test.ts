/**
 * The grouping of the hot signed-in routes' first screens into a few chunks (first-screen-chunk.ts):
 * what the frame or two pages share, what one page needs alone, nothing of the sign-in page, and
 * imports through barrels counted for the module that exports the name.
 */
import { createRequire } from "node:module";
import path from "node:path";
import type { ChunkingContext } from "rolldown";
import { describe, expect, it } from "vitest";
import { firstScreenChunks } from "../first-screen-chunk.ts";

const root = path.resolve(import.meta.dirname, "..");
const at = (file: string) => path.join(root, file);
/** Core's index as the app's modules import it by its package name. */
const coreIndex = createRequire(at("src/x.ts")).resolve("@pulsemanager/core");
const coreModule = (file: string) => path.join(path.dirname(coreIndex), file);

interface Module {
  code: string;
  imports?: string[];
  exports?: string[];
}

/** A bundle's module graph as rolldown's chunking sees it: ids, code, static imports, exported names. */
function context(modules: Record<string, Module>): ChunkingContext {
  return {
    getModuleInfo: (id: string) => {
      const m = modules[id];
      if (!m) return null;
      return { id, code: m.code, importedIds: m.imports ?? [], exports: m.exports ?? [] } as never;
    },
  } as ChunkingContext;
}

const modules: Record<string, Module> = {
  [at("src/main.tsx")]: { code: 'import "./login.ts";', imports: [at("src/login.ts")] },
  [at("src/login.ts")]: { code: 'import { a } from "./auth.ts";', imports: [at("src/auth.ts")] },
  [at("src/auth.ts")]: { code: "export const a = 1;", exports: ["a"] },
  [at("src/layout.tsx")]: {
    code: 'import { a } from "./auth.ts"; import { f } from "./frame-part.ts"; import { bell } from "./bell.ts";',
    imports: [at("src/auth.ts"), at("src/frame-part.ts"), at("src/bell.ts")],
  },
  [at("src/bell.ts")]: { code: "export const bell = 1;", exports: ["bell"] },
  [at("src/frame-part.ts")]: { code: "export const f = 1;", exports: ["f"] },
  [at("src/dash.tsx")]: {
    code: 'import { money } from "@pulsemanager/core"; import { last } from "./report/index.ts"; import { d } from "./dash-part.ts";',
    imports: [coreIndex, at("src/report/index.ts"), at("src/dash-part.ts")],
  },
  [at("src/dash-part.ts")]: {
    code: 'import { f } from "./frame-part.ts"; export const d = 1;',
    imports: [at("src/frame-part.ts")],
    exports: ["d"],
  },
  [at("src/report.tsx")]: {
    code: 'import { money, lots } from "@pulsemanager/core"; import * as r from "./report/index.ts";',
    imports: [coreIndex, at("src/report/index.ts")],
  },
  // A page without a session that shares the frame's part.
  [at("src/unsubscribe.tsx")]: { code: 'import { f } from "./frame-part.ts";', imports: [at("src/frame-part.ts")] },
  // A feature's index of named re-exports: the dashboard takes `last` only.
  [at("src/report/index.ts")]: {
    code: 'export { last } from "./last.ts"; export { heavy as reader } from "./heavy.ts";',
    imports: [at("src/report/last.ts"), at("src/report/heavy.ts")],
  },
  [at("src/report/last.ts")]: { code: "export const last = 1;", exports: ["last"] },
  [at("src/report/heavy.ts")]: { code: "export const heavy = 1;", exports: ["heavy"] },
  // Core's index of `export *`, one level nested.
  [coreIndex]: {
    code: 'export * from "./fx/index.ts"; export * from "./tax/lots.ts";',
    imports: [coreModule("fx/index.ts"), coreModule("tax/lots.ts")],
  },
  [coreModule("fx/index.ts")]: { code: 'export * from "./money.ts";', imports: [coreModule("fx/money.ts")] },
  [coreModule("fx/money.ts")]: { code: "export const money = 1;", exports: ["money"] },
  [coreModule("tax/lots.ts")]: { code: "export const lots = 1;", exports: ["lots"] },
};

function chunks(graph = modules): Record<string, string | null> {
  const name = firstScreenChunks({
    root,
    frame: "src/layout.tsx",
    pages: { dashboard: ["src/dash.tsx"], report: ["src/report.tsx"] },
    signIn: ["src/main.tsx"],
    signedOut: ["src/unsubscribe.tsx"],
  });
  const ctx = context(graph);
  return Object.fromEntries(Object.keys(graph).map((id) => [path.relative(root, id), name(id, ctx)]));
}

describe("the first-screen chunks", () => {
  it("hold what the frame or two pages share, what one page needs alone in that page's file, what the signed-out pages share apart", () => {
    const got = chunks();
    expect(got["src/bell.ts"]).toBe("first-screen");
    expect(got["src/frame-part.ts"]).toBe("shared-first-screen");
    expect(got["src/unsubscribe.tsx"]).toBeNull();
    expect(got[path.relative(root, coreModule("fx/money.ts"))]).toBe("first-screen");
    expect(got["src/report/last.ts"]).toBe("first-screen");
    expect(got["src/dash-part.ts"]).toBe("dashboard-first-screen");
    expect(got["src/report/heavy.ts"]).toBe("report-first-screen");
    expect(got[path.relative(root, coreModule("tax/lots.ts"))]).toBe("report-first-screen");
  });

  it("leave out the sign-in page's modules, the pages' own modules and the barrels", () => {
    const got = chunks();
    expect(got["src/auth.ts"]).toBeNull();
    expect(got["src/login.ts"]).toBeNull();
    expect(got["src/dash.tsx"]).toBeNull();
    expect(got["src/layout.tsx"]).toBeNull();
    expect(got["src/report/index.ts"]).toBeNull();
    expect(got[path.relative(root, coreIndex)]).toBeNull();
  });

  it("fail the build when a module takes a name its barrel does not export", () => {
    const graph = {
      ...modules,
      [at("src/dash.tsx")]: {
        code: 'import { nothing } from "./report/index.ts";',
        imports: [at("src/report/index.ts")],
      },
    };
    expect(() => chunks(graph)).toThrow(/imports nothing, which .* does not export/);
  });

  it("fail the build when a module imports a barrel in a way not understood", () => {
    const graph = {
      ...modules,
      [at("src/dash.tsx")]: { code: 'const core = await import("@pulsemanager/core");', imports: [coreIndex] },
    };
    expect(() => chunks(graph)).toThrow(/by a name not understood/);
  });
});
