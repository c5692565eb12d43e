/**
 * The import boundaries of docs/boundaries.md hold in the whole repository: core is pure, the server's
 * shared folders import no feature, web features use each other only through their index.ts, the web app-wide
 * state (state/) imports no feature, and no source file reaches itself through its imports.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error a plain ES module script without type declarations
import { findViolations } from "../../../scripts/check-boundaries.mjs";

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), "pm-boundaries-"));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe("import boundaries", () => {
  it("names each kind of violation", () => {
    const root = tree({
      "packages/core/src/a.ts": 'import { readFileSync } from "node:fs";\n',
      "apps/server/src/upstream/a.ts": 'import { x } from "../market/b.ts";\n',
      "apps/server/src/tax-report/a.ts": 'import { y } from "../chain/explorers/util.ts";\n',
      "apps/web/src/features/a/a.ts":
        'import { z } from "../b/internal.ts";\nimport { p } from "../../app/paths.ts";\n',
      "apps/web/src/features/a/ok.ts":
        'import { z } from "../b/index.ts";\nconst Page = lazy(() => import("../b/page.tsx"));\n',
      "apps/web/src/lib/a.ts": 'import { q } from "../features/b/index.ts";\n',
    });
    const found = findViolations(root) as string[];
    expect(found.map((v) => v.split(":")[0]).sort()).toEqual(
      [
        "packages/core/src/a.ts",
        "apps/server/src/tax-report/a.ts",
        "apps/server/src/upstream/a.ts",
        "apps/web/src/features/a/a.ts",
        "apps/web/src/features/a/a.ts",
        "apps/web/src/lib/a.ts",
      ].sort(),
    );
  });

  it("keeps the server's shared floors below the features: chain/, db/, http/, fx/ and the root files", () => {
    const root = tree({
      "packages/core/src/a.ts": "export const a = 1;\n",
      "apps/server/src/chain/a.ts": 'import { p } from "../positions/nft.ts";\nimport { f } from "../fx/fx.ts";\n',
      "apps/server/src/db/a.ts": 'import { w } from "../wallets/store.ts";\n',
      "apps/server/src/http/a.ts": 'import { c } from "../chain/services.ts";\n',
      "apps/server/src/config.ts": 'import { n } from "./news/feeds.ts";\n',
      "apps/server/src/app.ts": 'import { n } from "./news/routes.ts";\n',
      "apps/server/src/market/a.ts": 'import { c } from "../chain/services.ts";\n',
      "apps/web/src/lib/a.ts": "export const a = 1;\n",
    });
    const found = (findViolations(root) as string[]).map((v) => v.split(" - ")[0]).sort();
    expect(found).toEqual(
      [
        "apps/server/src/chain/a.ts: ../positions/nft.ts",
        "apps/server/src/config.ts: ./news/feeds.ts",
        "apps/server/src/db/a.ts: ../wallets/store.ts",
        "apps/server/src/http/a.ts: ../chain/services.ts",
      ].sort(),
    );
  });

  it("names the app-wide state's rules and every import cycle, static or dynamic", () => {
    const root = tree({
      "packages/core/src/a.ts": "export const a = 1;\n",
      "apps/server/src/market/a.ts": 'import { b } from "./b.ts";\n',
      "apps/server/src/market/b.ts": 'const a = () => import("./a.ts");\n',
      "apps/web/src/state/session/a.ts": 'import { c } from "../../features/c/index.ts";\n',
      "apps/web/src/features/c/index.ts": 'import { s } from "../../state/session/a.ts";\n',
      "apps/web/src/lib/b.ts": 'import { s } from "../state/session/index.ts";\n',
    });
    const found = findViolations(root) as string[];
    expect(found.map((v) => v.split(" - ")[1]).sort()).toEqual(
      [
        "state/ lies below the features: it imports none",
        "the app-wide state only through its index.ts (state/session/index.ts)",
        "lib/ is shared: it imports no feature and no app-wide state",
        "an import cycle (no file may reach itself)",
        "an import cycle (no file may reach itself)",
      ].sort(),
    );
    expect(found.filter((v) => v.includes("cycle")).map((v) => v.split(" - ")[0])).toEqual(
      expect.arrayContaining([
        "apps/server/src/market/a.ts: market/a.ts -> market/b.ts -> market/a.ts",
        "apps/web/src/features/c/index.ts: features/c/index.ts -> state/session/a.ts -> features/c/index.ts",
      ]),
    );
  });

  it("keeps the report files (the advisor PDF) to core, pdf-lib and their own files", () => {
    const root = tree({
      "packages/report-files/src/ok.ts":
        'import { x } from "@pulsemanager/core";\nimport { PDFDocument } from "pdf-lib";\nimport { y } from "./other.ts";\n',
      "packages/report-files/src/other.ts": "export const y = 1;\n",
      "packages/report-files/src/react.ts": 'import { useState } from "react";\n',
      "packages/report-files/src/web.ts": 'import { t } from "../../../apps/web/src/i18n/index.ts";\n',
    });
    const found = findViolations(root) as string[];
    expect(found.map((v) => v.split(":")[0]).sort()).toEqual([
      "packages/report-files/src/react.ts",
      "packages/report-files/src/web.ts",
    ]);
  });

  it("no import crosses a boundary", () => {
    const root = path.resolve(import.meta.dirname, "../../..");
    expect(findViolations(root)).toEqual([]);
  });
});
