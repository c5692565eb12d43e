import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** Builds the web app as `npm start` does, so a benchmark measures the current code. */
export function buildWebApp(): void {
  const r = spawnSync("npm", ["run", "build", "--workspace", "@pulsemanager/web"], { cwd: root, stdio: "ignore" });
  if (r.status !== 0) throw new Error("web build failed: run `npm run build` to see why");
}
