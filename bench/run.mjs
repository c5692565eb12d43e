#!/usr/bin/env node
// npm run bench -- <name>: runs bench/<name>.bench.mts; its last line is one JSON object with the figures.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

const dir = path.dirname(new URL(import.meta.url).pathname);
const name = process.argv[2];
const available = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.mts"))
  .map((f) => f.replace(/\.bench\.mts$/, ""));
if (!name || !existsSync(path.join(dir, `${name}.bench.mts`))) {
  console.error(`usage: npm run bench -- <${available.join("|")}>`);
  process.exit(2);
}
const r = spawnSync("npx", ["tsx", path.join(dir, `${name}.bench.mts`), ...process.argv.slice(3)], {
  stdio: "inherit",
});
process.exit(r.status ?? 1);
