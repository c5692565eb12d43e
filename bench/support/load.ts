import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { promisify } from "node:util";

const run = promisify(execFile);
const autocannonCli = createRequire(import.meta.url).resolve("autocannon/autocannon.js");

export interface LoadResult {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
  requests: number;
}

/**
 * HTTP load from a second process (autocannon, from npm: nothing to install by hand), so the
 * server under test keeps its own event loop. 304 counts as success.
 */
export async function load(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const args = [autocannonCli, "-j", "-n", "-c", String(options.connections), "-d", String(options.seconds)];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push("-H", `${name}=${value}`);
  args.push(url);
  const { stdout } = await run(process.execPath, args, { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
  const r = JSON.parse(stdout);
  return {
    rps: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    maxMs: r.latency.max,
    non2xx: r.non2xx - (r["3xx"] ?? 0),
    errors: r.errors + r.timeouts,
    requests: r.requests.total,
  };
}
