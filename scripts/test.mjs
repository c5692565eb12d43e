#!/usr/bin/env node
// Runs every test a fresh machine can run, then prints one closing line:
// "tests: N passed, N failed". Server tests run on PGlite, and again on
// PostgreSQL when TEST_DATABASE_URL is set. e2e runs last, against the built app.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const outDir = path.join(root, "test-results");
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const stages = [
  {
    name: "unit-and-server",
    projects: ["core", "web", "server-pglite", ...(onPostgres ? ["server-postgres"] : [])],
    // Vitest runs one file at a time on a 2-core machine (its default is the cores less one); most server
    // files wait on the database and their HTTP servers, so two at a time fills the machine.
    workers: 2,
  },
  // Chain code against real EVM nodes (anvil): each file starts its own devchain on free ports, so two
  // files run side by side (427 s -> 151 s on a 2-core machine).
  { name: "chain", projects: ["devchain", "chain", "tax"], workers: 2 },
  {
    // Each file has its own devchain, server and browser: two at a time (~440 s -> 213 s).
    name: "e2e",
    projects: ["e2e"],
    before: ["npm", ["run", "build", "--workspace", "@pulsemanager/web"]],
    workers: 2,
  },
];

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
let broken = false;
const failures = [];

for (const stage of stages) {
  if (only.length && !only.includes(stage.name)) continue;
  if (stage.before) {
    const [cmd, args] = stage.before;
    const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit" });
    if (r.status !== 0) {
      console.error(`${stage.name}: preparation failed`);
      broken = true;
      continue;
    }
  }
  const outputFile = path.join(outDir, `${stage.name}.json`);
  const args = [
    "vitest",
    "run",
    ...stage.projects.flatMap((p) => ["--project", p]),
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${outputFile}`,
    ...(stage.workers ? [`--maxWorkers=${stage.workers}`] : []),
  ];
  const r = spawnSync("npx", args, { cwd: root, stdio: "inherit", env: process.env });
  try {
    const report = JSON.parse(readFileSync(outputFile, "utf8"));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    if (report.numFailedTestSuites > 0 && report.numFailedTests === 0) broken = true;
    failures.push(...failedTests(report, stage.name));
  } catch {
    broken = true;
  }
  if (r.status !== 0) broken = true;
}

// CI shows only the end of the output: name what failed right above the closing line.
for (const line of failures) console.log(line);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(broken || failed > 0 ? 1 : 0);

function failedTests(report, stageName) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const relative = path.relative(root, file.name);
    const failedInFile = (file.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const test of failedInFile) {
      const reason = (test.failureMessages?.[0] ?? "").split("\n")[0].slice(0, 300);
      lines.push(`FAILED [${stageName}] ${relative} > ${test.fullName}: ${reason}`);
    }
    if (file.status === "failed" && failedInFile.length === 0) {
      lines.push(`FAILED [${stageName}] ${relative}: ${(file.message ?? "").split("\n")[0].slice(0, 300)}`);
    }
  }
  return lines;
}
