/**
 * `npm run devchain`: starts both chains, deploys and seeds, prints the addresses as one JSON object
 * on stdout (logs go to stderr) and runs until Ctrl+C.
 *
 *   npm run -s devchain                          # ports 8545 (369) and 8546 (1)
 *   npm run -s devchain -- --free-ports --out devchain.json --history history.json
 *   npm run -s devchain -- --chains 369 --bulk-tokens 20 --no-seed
 *   npm run -s devchain -- --recent-payouts      # the printers also pay over the last 30 days
 *   npm run -s devchain -- --no-fork             # 369 from a genesis of its own (2024), not a fork of 1
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { type DevchainChainId, startDevchain } from "./index.ts";

const { values } = parseArgs({
  options: {
    chains: { type: "string", default: "369,1" },
    "port-369": { type: "string", default: "8545" },
    "port-1": { type: "string", default: "8546" },
    "free-ports": { type: "boolean", default: false },
    "bulk-tokens": { type: "string", default: "300" },
    "no-seed": { type: "boolean", default: false },
    "recent-payouts": { type: "boolean", default: false },
    "no-fork": { type: "boolean", default: false },
    out: { type: "string" },
    history: { type: "string" },
    help: { type: "boolean", short: "h", default: false },
  },
});

if (values.help) {
  process.stderr.write(
    [
      "usage: npm run -s devchain -- [options]",
      "  --chains 369,1        chains to start (default both)",
      "  --port-369 N          RPC port of chain 369 (default 8545)",
      "  --port-1 N            RPC port of chain 1 (default 8546)",
      "  --free-ports          pick free ports instead",
      "  --bulk-tokens N       bulk ERC-20s per user wallet (default 300)",
      "  --no-seed             deploy only, no wallet story",
      "  --recent-payouts      after the story, both printers pay over the last 30 days up to now",
      "  --no-fork             chain 369 from a genesis of its own, not a fork of chain 1 (alone it is never one)",
      "  --out FILE            also write the JSON to FILE",
      "  --history FILE        write the seeded history (every user transfer) to FILE",
      "",
    ].join("\n"),
  );
  process.exit(0);
}

const chains = values.chains.split(",").map((c) => Number(c.trim()));
for (const c of chains) {
  if (c !== 369 && c !== 1) {
    process.stderr.write(`devchain: unknown chain ${c} (369 or 1)\n`);
    process.exit(2);
  }
}
const port = (v: string | undefined) => (values["free-ports"] ? undefined : Number(v));

let devchain: Awaited<ReturnType<typeof startDevchain>> | undefined;
let stopping = false;
async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    process.stderr.write("devchain: stopping\n");
    await devchain?.stop();
  }
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

try {
  devchain = await startDevchain({
    chains: chains as DevchainChainId[],
    ports: { 369: port(values["port-369"]), 1: port(values["port-1"]) },
    seed: !values["no-seed"],
    bulkTokens: Number(values["bulk-tokens"]),
    recentPayouts: values["recent-payouts"],
    fork: !values["no-fork"],
  });
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  await shutdown(1);
}
if (devchain) {
  const json = JSON.stringify(devchain.toJSON(), null, 2);
  if (values.out) writeFileSync(values.out, `${json}\n`);
  if (values.history) writeFileSync(values.history, `${JSON.stringify(devchain.seeded, null, 2)}\n`);
  process.stdout.write(`${json}\n`);
  const urls = Object.values(devchain.toJSON().chains).map((c) => `${c.chainId} at ${c.rpcUrl}`);
  process.stderr.write(`devchain: ready in ${devchain.readyMs} ms: ${urls.join(", ")}; Ctrl+C stops\n`);
  // Keep the event loop alive until a signal arrives.
  setInterval(() => {}, 1 << 30);
}
