/**
 * A JSON-RPC node of a chain on which nothing has happened yet (no contracts, no logs, empty
 * balances): what a server test talks to when it names no node of its own, so that no test reaches
 * a public RPC and none waits out the retries of an unreachable one. Tests that need the chain's
 * state run on the devchain (anvil); tests of an unreachable node name one.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface EmptyNode {
  /** The node of each chain: `${url}/369`, `${url}/1`. */
  url: string;
  /** The methods asked so far, in order. */
  methods: string[];
  close(): Promise<void>;
}

interface RpcCall {
  id: unknown;
  method: string;
  params?: unknown[];
}

const HEAD = 100n;

function hex(n: bigint): string {
  return `0x${n.toString(16)}`;
}

function block(number: bigint) {
  const zero = `0x${"0".repeat(64)}`;
  return {
    number: hex(number),
    hash: `0x${number.toString(16).padStart(64, "0")}`,
    parentHash: zero,
    // The head is now, as on a live chain; a block every 10 seconds before it.
    timestamp: hex(BigInt(Math.floor(Date.now() / 1000)) - (HEAD - number) * 10n),
    gasLimit: hex(30_000_000n),
    gasUsed: "0x0",
    baseFeePerGas: "0x0",
    miner: `0x${"0".repeat(40)}`,
    transactions: [],
  };
}

function blockNumberOf(tag: unknown): bigint {
  if (typeof tag === "string" && tag.startsWith("0x")) {
    const n = BigInt(tag);
    return n > HEAD ? HEAD : n;
  }
  return HEAD;
}

function answer(chainId: bigint, call: RpcCall) {
  const result = (value: unknown) => ({ jsonrpc: "2.0", id: call.id, result: value });
  switch (call.method) {
    case "eth_chainId":
      return result(hex(chainId));
    case "net_version":
      return result(chainId.toString());
    case "eth_blockNumber":
      return result(hex(HEAD));
    case "eth_getBlockByNumber":
      return result(block(blockNumberOf(call.params?.[0])));
    case "eth_getLogs":
      return result([]);
    case "eth_getBalance":
    case "eth_getTransactionCount":
      return result("0x0");
    case "eth_getCode":
    case "eth_call":
      return result("0x");
    case "eth_gasPrice":
      return result("0x0");
    default:
      return {
        jsonrpc: "2.0",
        id: call.id,
        error: { code: -32601, message: `the method ${call.method} does not exist` },
      };
  }
}

function chainOf(path: string): bigint {
  const id = path.split("/").filter(Boolean)[0];
  return id && /^\d+$/.test(id) ? BigInt(id) : 369n;
}

export async function startEmptyNode(): Promise<EmptyNode> {
  const methods: string[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const chainId = chainOf(new URL(req.url ?? "/", "http://127.0.0.1").pathname);
      let reply: unknown;
      try {
        const parsed = JSON.parse(body) as RpcCall | RpcCall[];
        const calls = Array.isArray(parsed) ? parsed : [parsed];
        for (const c of calls) methods.push(c.method);
        const answers = calls.map((c) => answer(chainId, c));
        reply = Array.isArray(parsed) ? answers : answers[0];
      } catch {
        reply = { jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse error" } };
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    methods,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
