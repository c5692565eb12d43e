/**
 * Debian's Chromium for the browser tests and the benchmarks. A fresh machine has none: it is
 * installed here with apt-get (as root, or through sudo), once, so `npm test` and `npm run bench`
 * need nothing installed by hand. CHROMIUM_PATH points at another build and is never installed.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function run(command: string, args: string[]): boolean {
  const r = spawnSync(command, args, {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  return r.status === 0;
}

function aptGet(): string[] | null {
  if (!existsSync("/usr/bin/apt-get")) return null;
  if (process.getuid?.() === 0) return ["apt-get"];
  return existsSync("/usr/bin/sudo") ? ["sudo", "-n", "apt-get"] : null;
}

/** The path of a Chromium that exists, installing Debian's package when it is missing. */
export function ensureChromium(): string {
  if (existsSync(CHROMIUM) || process.env.CHROMIUM_PATH) return CHROMIUM;
  const apt = aptGet();
  if (apt) {
    const [command, ...prefix] = apt as [string, ...string[]];
    process.stderr.write("Chromium is missing: installing Debian's chromium package (apt-get)…\n");
    run(command, [...prefix, "update", "-qq"]);
    run(command, [...prefix, "install", "-y", "-qq", "chromium"]);
  }
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM} and could not be installed: apt-get install -y chromium`);
  return CHROMIUM;
}
