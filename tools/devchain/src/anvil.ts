import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import { Rpc } from "./rpc.ts";

/** anvil's (and Hardhat's) well-known test mnemonic: never hold real funds with it. */
export const DEFAULT_MNEMONIC = "test test test test test test test test test test test junk";

export interface AnvilOptions {
  chainId: number;
  /** 0 or undefined: a free loopback port is picked. */
  port?: number;
  /** Balance of every dev account, in whole coins. */
  balance: number;
  /** Unix seconds of the genesis block. */
  genesisTimestamp: number;
  gasLimit: number;
  accounts: number;
  /** Start from another node's state at `block` (fork.ts): no genesis of its own, history before it is the other node's. */
  fork?: { url: string; block: number };
}

export interface AnvilProcess {
  chainId: number;
  port: number;
  rpcUrl: string;
  pid: number;
  stop(): Promise<void>;
}

/** The anvil binary from the npm platform package (no download, no postinstall needed). */
export function anvilBinary(): string {
  const fromEnv = process.env.DEVCHAIN_ANVIL_BIN;
  if (fromEnv) return fromEnv;
  const require = createRequire(import.meta.url);
  const platformPackages: Record<string, string> = {
    "linux-x64": "@foundry-rs/anvil-linux-amd64",
    "linux-arm64": "@foundry-rs/anvil-linux-arm64",
    "darwin-x64": "@foundry-rs/anvil-darwin-amd64",
    "darwin-arm64": "@foundry-rs/anvil-darwin-arm64",
    "win32-x64": "@foundry-rs/anvil-win32-amd64",
  };
  const platformPackage = platformPackages[`${process.platform}-${process.arch}`];
  if (!platformPackage) throw new Error(`devchain: anvil has no npm binary for ${process.platform}-${process.arch}`);
  const binary = process.platform === "win32" ? "anvil.exe" : "anvil";
  try {
    const path = require.resolve(`${platformPackage}/bin/${binary}`);
    if (existsSync(path)) return path;
  } catch {
    // reported below
  }
  throw new Error(
    `devchain: ${platformPackage} is not installed (it is an optional dependency of @foundry-rs/anvil); run npm ci, or set DEVCHAIN_ANVIL_BIN`,
  );
}

/** A free TCP port on 127.0.0.1 (anvil cannot be told to pick one itself). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      if (address === null || typeof address === "string") {
        server.close();
        reject(new Error("devchain: could not pick a free port"));
        return;
      }
      const { port } = address;
      server.close(() => resolve(port));
    });
  });
}

// Every anvil this process started, so that nothing outlives it.
const running = new Map<number, ChildProcess>();
let exitGuardInstalled = false;

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

function installExitGuard(): void {
  if (exitGuardInstalled) return;
  exitGuardInstalled = true;
  // 'exit' handlers must be synchronous: SIGKILL every anvil process group still running.
  process.on("exit", () => {
    for (const pid of running.keys()) killGroup(pid, "SIGKILL");
  });
}

/**
 * A detached shell that SIGKILLs the anvil process group when this Node process disappears without
 * running its 'exit' handlers (SIGKILL, a crashed or killed test worker). It ends by itself as soon
 * as anvil is gone.
 */
function startWatchdog(anvilPid: number): ChildProcess | undefined {
  if (process.platform === "win32") return undefined;
  const script = `while kill -0 ${process.pid} 2>/dev/null && kill -0 ${anvilPid} 2>/dev/null; do sleep 0.5; done; kill -9 -${anvilPid} 2>/dev/null || kill -9 ${anvilPid} 2>/dev/null; exit 0`;
  const watchdog = spawn("/bin/sh", ["-c", script], { detached: true, stdio: "ignore" });
  watchdog.on("error", () => {});
  watchdog.unref();
  return watchdog;
}

async function waitForRpc(rpc: Rpc, child: ChildProcess, stderr: () => string, timeoutMs: number): Promise<void> {
  const started = Date.now();
  let exited: string | undefined;
  child.once("exit", (code, signal) => {
    exited = `exited with ${code ?? signal}`;
  });
  for (;;) {
    if (exited) throw new Error(`devchain: anvil ${exited}: ${stderr().trim()}`);
    try {
      await rpc.request("eth_chainId");
      return;
    } catch {
      if (Date.now() - started > timeoutMs) throw new Error(`devchain: anvil did not answer within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 15));
    }
  }
}

export async function startAnvil(options: AnvilOptions): Promise<AnvilProcess> {
  installExitGuard();
  const fixedPort = options.port && options.port > 0 ? options.port : undefined;
  let lastError: unknown;
  // A picked port can be taken between the probe and anvil's bind: try a few.
  for (let attempt = 0; attempt < (fixedPort ? 1 : 4); attempt++) {
    const port = fixedPort ?? (await freePort());
    try {
      return await spawnAnvil(options, port);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

async function spawnAnvil(options: AnvilOptions, port: number): Promise<AnvilProcess> {
  if (!(await portIsFree(port))) throw new Error(`devchain: port ${port} on 127.0.0.1 is already in use`);
  const args = [
    "--chain-id",
    String(options.chainId),
    "--port",
    String(port),
    "--host",
    "127.0.0.1",
    "--mnemonic",
    DEFAULT_MNEMONIC,
    "--accounts",
    String(options.accounts),
    "--balance",
    String(options.balance),
    ...(options.fork
      ? // The fork RPC cache (storage.json) is off: a devchain's chain 1 differs between versions of the story.
        // Every block's state stays in memory: a forked anvil that moves old states to disk loses their
        // contracts' code there ("missing bytecode for code hash"), and the app reads prices at old blocks.
        [
          "--fork-url",
          options.fork.url,
          "--fork-block-number",
          String(options.fork.block),
          "--no-storage-caching",
          "--prune-history",
          "1000000",
        ]
      : ["--timestamp", String(options.genesisTimestamp)]),
    "--gas-limit",
    String(options.gasLimit),
    "--order",
    "fifo",
    "--quiet",
  ];
  const child = spawn(anvilBinary(), args, { detached: true, stdio: ["ignore", "ignore", "pipe"] });
  const pid = child.pid;
  if (pid === undefined) {
    await new Promise((r) => child.once("error", r));
    throw new Error("devchain: could not start anvil");
  }
  running.set(pid, child);
  const watchdog = startWatchdog(pid);
  let stderr = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    if (stderr.length < 8000) stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  exited.then(() => running.delete(pid));

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (running.has(pid)) {
        killGroup(pid, "SIGTERM");
        const timer = setTimeout(() => killGroup(pid, "SIGKILL"), 2000);
        await exited;
        clearTimeout(timer);
      }
      if (watchdog?.pid) killGroup(watchdog.pid, "SIGKILL");
      child.stderr?.destroy();
    })();
    return stopping;
  };

  const rpcUrl = `http://127.0.0.1:${port}`;
  try {
    const rpc = new Rpc(rpcUrl);
    await waitForRpc(rpc, child, () => stderr, 15_000);
    const chainId = Number(await rpc.request<string>("eth_chainId"));
    if (chainId !== options.chainId || !running.has(pid)) {
      throw new Error(`devchain: port ${port} answers for chain ${chainId}, not for the anvil just started`);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { chainId: options.chainId, port, rpcUrl, pid, stop };
}
