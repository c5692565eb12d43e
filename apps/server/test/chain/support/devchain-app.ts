import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Devchain } from "../../../../../tools/devchain/src/index.ts";
import { startTestServer, type TestServer, type TestServerOptions } from "../../support/test-server.ts";

/** Writes the devchain's JSON (as `npm run devchain` prints it) for DEVCHAIN_FILE. */
export function writeDevchainFile(devchain: Devchain, only?: (369 | 1)[]): string {
  const json = devchain.toJSON();
  if (only) for (const id of ["369", "1"] as const) if (!only.includes(Number(id) as 369 | 1)) delete json.chains[id];
  const file = path.join(mkdtempSync(path.join(tmpdir(), "pm-devchain-")), "devchain.json");
  writeFileSync(file, JSON.stringify(json));
  return file;
}

/** The app on the devchain: RPC history and discovery, pool prices, nothing from the internet. */
export function startDevchainApp(
  devchain: Devchain,
  options: TestServerOptions & { chains?: (369 | 1)[] } = {},
): Promise<TestServer> {
  return startTestServer({
    ...options,
    env: { DEVCHAIN_FILE: writeDevchainFile(devchain, options.chains), ...options.env },
  });
}
