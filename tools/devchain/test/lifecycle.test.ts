import { spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { freePort } from "../src/anvil.ts";
import { startDevchain } from "../src/index.ts";
import { readSnapshot } from "./helpers.ts";

const here = path.dirname(fileURLToPath(import.meta.url));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

describe("devchain lifecycle", () => {
  it("deploys the snapshot's contract addresses also without the story and with fewer bulk tokens", async () => {
    const devchain = await startDevchain({ seed: false, bulkTokens: 3 });
    try {
      const snapshot = readSnapshot();
      expect(snapshot).toBeDefined();
      for (const id of ["369", "1"] as const) {
        const chain = devchain.toJSON().chains[id];
        const { bulkTokens, ...contracts } = chain?.contracts ?? { bulkTokens: [] };
        const expected = (snapshot?.addresses[id] as { contracts: unknown; bulkTokens: { first: string } }) ?? {};
        // Only the story's bridge moves create the bridged tokens and their pool.
        const { bridgedHex, bridgedWeth, pairs, ...fixed } = expected.contracts as Record<string, unknown>;
        const { wplsBridgedHexV2, ...fixedPairs } = pairs as Record<string, string>;
        expect(contracts).toEqual({ ...fixed, pairs: fixedPairs });
        expect(bulkTokens[0]).toBe(expected.bulkTokens.first);
        expect(bulkTokens).toHaveLength(3);
      }
      // Without the story the history holds only the bulk mints.
      expect(devchain.seeded[369]?.transfers.every((t) => t.kind === "bulk-mint")).toBe(true);
      expect(devchain.seeded[369]?.transfers).toHaveLength(15);
    } finally {
      await devchain.stop();
    }
  });

  it("without the fork (fork: false) starts 369 from a 2024 genesis of its own, with the same addresses", async () => {
    const devchain = await startDevchain({ seed: false, bulkTokens: 0, fork: false });
    try {
      expect(devchain.fork).toBeUndefined();
      expect(devchain.toJSON().fork).toBeUndefined();
      const expected = (readSnapshot()?.addresses["369"] as { contracts: Record<string, unknown> } | undefined)
        ?.contracts;
      // Without the story there are no bridge moves, so no bridged tokens and no pool for them either.
      const { link, pairs, bridgedHex, bridgedWeth, ...rest } = expected as {
        link: string;
        pairs: Record<string, string>;
        bridgedHex: string;
        bridgedWeth: string;
      };
      const { wplsLinkV2, wplsBridgedHexV2, ...otherPairs } = pairs;
      const { bulkTokens, ...contracts } = devchain.chain(369).contracts;
      expect(contracts).toEqual({ ...rest, pairs: otherPairs });
      expect(link).toBeDefined();
      expect(wplsLinkV2).toBeDefined();
      const rpc = (method: string, params: unknown[]) =>
        fetch(devchain.chain(369).rpcUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
        }).then(async (r) => ((await r.json()) as { result: { timestamp: string } }).result);
      const genesis = await rpc("eth_getBlockByNumber", ["0x0", false]);
      expect(new Date(Number(genesis.timestamp) * 1000).toISOString().slice(0, 10)).toBe("2024-01-01");
    } finally {
      await devchain.stop();
    }
  });

  it("listens on a fixed port when asked and kills its anvil processes on stop()", async () => {
    const port = await freePort();
    const devchain = await startDevchain({ chains: [1], ports: { 1: port }, seed: false, bulkTokens: 0 });
    expect(devchain.chain(1).rpcUrl).toBe(`http://127.0.0.1:${port}`);
    expect(() => devchain.chain(369)).toThrow(/not started/);
    const [proc] = devchain.anvil;
    expect(proc).toBeDefined();
    if (!proc) return;
    expect(alive(proc.pid)).toBe(true);
    await devchain.stop();
    expect(alive(proc.pid)).toBe(false);
    await devchain.stop(); // idempotent
    await expect(fetch(devchain.chain(1).rpcUrl, { method: "POST", body: "{}" })).rejects.toThrow();
  });

  it("reports a taken port without leaving a process behind", async () => {
    const port = await freePort();
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(port, "127.0.0.1", () => r()));
    try {
      const otherPort = await freePort();
      await expect(
        startDevchain({ chains: [369, 1], ports: { 369: otherPort, 1: port }, bulkTokens: 0 }),
      ).rejects.toThrow(/already in use/);
      // The chain that did start was stopped again: its port is free.
      const probe = net.createServer();
      await new Promise<void>((resolve, reject) => {
        probe.once("error", reject);
        probe.listen(otherPort, "127.0.0.1", () => probe.close(() => resolve()));
      });
    } finally {
      blocker.close();
    }
  });

  it("leaves no anvil behind when the Node process that started it is killed with SIGKILL", async () => {
    const script = [
      `import { startDevchain } from ${JSON.stringify(path.join(here, "..", "src", "index.ts"))};`,
      `const d = await startDevchain({ chains: [1], seed: false, bulkTokens: 0 });`,
      `console.log(JSON.stringify(d.anvil));`,
      `setInterval(() => {}, 1000);`,
    ].join("\n");
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: path.join(here, ".."),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      err += d;
    });
    const started = await waitUntil(() => out.includes("\n"), 30_000);
    expect(started, err).toBe(true);
    const [proc] = JSON.parse(out.trim().split("\n")[0] ?? "[]") as { pid: number }[];
    expect(proc && alive(proc.pid)).toBe(true);
    child.kill("SIGKILL");
    // The watchdog notices within about half a second.
    expect(await waitUntil(() => !alive(proc?.pid ?? 0), 5_000)).toBe(true);
  });
});
