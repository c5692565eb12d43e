import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { type MeteredCall, type ProviderPolicy, UpstreamClient } from "../../src/upstream/upstream-client.ts";

/**
 * The recorded provider answers (real-format examples per provider, see recorded/README.md): the set kept
 * beside the repository where the workplace has one (CI places it there), else the repository's copy.
 */
const BESIDE_REPOSITORY = path.resolve(import.meta.dirname, "../../../../../shared/providers");
export const PROVIDERS_DIR = existsSync(BESIDE_REPOSITORY)
  ? BESIDE_REPOSITORY
  : path.join(import.meta.dirname, "recorded");

export interface ProviderFile {
  source: string;
  notes: string;
  examples: Record<string, any>;
  http_status?: Record<string, number>;
}

export function loadProviderFile(name: string): ProviderFile {
  return JSON.parse(readFileSync(path.join(PROVIDERS_DIR, name), "utf8")) as ProviderFile;
}

/** One example body by its exact key; fails loudly when the recorded file changed. */
export function example(file: ProviderFile, key: string): any {
  if (!(key in file.examples)) throw new Error(`example not found: ${key}`);
  return structuredClone(file.examples[key]);
}

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** Path plus query string as received. */
  url: string;
}

export type FakeReply =
  | { status?: number; json?: unknown; text?: string; contentType?: string; headers?: Record<string, string> }
  | "hang";

export interface Fake {
  url: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

/** A local HTTP server on 127.0.0.1 (random port) answering through `handler`; "hang" never answers. */
export async function startFake(handler: (req: FakeRequest) => FakeReply | Promise<FakeReply>): Promise<Fake> {
  const requests: FakeRequest[] = [];
  const server = http.createServer(async (req, res) => {
    const u = new URL(req.url ?? "/", "http://127.0.0.1");
    const r: FakeRequest = {
      method: req.method ?? "GET",
      path: decodeURIComponent(u.pathname),
      query: u.searchParams,
      headers: req.headers,
      url: req.url ?? "/",
    };
    requests.push(r);
    let reply: FakeReply;
    try {
      reply = await handler(r);
    } catch (err) {
      reply = { status: 599, text: `fake handler failed: ${(err as Error).message}` };
    }
    if (reply === "hang") return;
    const body = reply.text ?? JSON.stringify(reply.json);
    res.writeHead(reply.status ?? 200, {
      "content-type": reply.contentType ?? (reply.text !== undefined ? "text/plain" : "application/json"),
      ...reply.headers,
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL on which nothing listens (connection refused). */
export async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

export const PROVIDER_NAMES = [
  "blockscout-pulsechain",
  "blockscout-ethereum",
  "etherscan",
  "moralis",
  "defillama",
  "ecb",
  "geckoterminal",
  "dexscreener",
  "pulsex-subgraph",
];

/** An UpstreamClient with fast test policies (300 ms timeout, quick retries, no real sleeping). */
export function testUpstream(overrides: Partial<ProviderPolicy> = {}): {
  upstream: UpstreamClient;
  calls: MeteredCall[];
} {
  const calls: MeteredCall[] = [];
  const policy: Partial<ProviderPolicy> = {
    timeoutMs: 300,
    retries: 2,
    backoffMs: 5,
    ratePerSecond: Number.POSITIVE_INFINITY,
    maxConcurrent: 8,
    ...overrides,
  };
  const upstream = new UpstreamClient({
    policies: Object.fromEntries(PROVIDER_NAMES.map((n) => [n, policy])),
    sink: { record: (c) => calls.push(c) },
    sleep: async () => undefined,
  });
  return { upstream, calls };
}

export const noSleep = async (): Promise<void> => undefined;

export const WALLET = "0xba1393da1eeb9c43fe560273e3ad3202ae21fff2";
export const WALLET_CHECKSUMMED = "0xBA1393dA1eEB9C43fE560273E3Ad3202ae21fFf2";
export const EMPTY_WALLET = "0x00000000000000000000000000000000deadbeef";
export const OTHER = "0x7bd3d113e51fc4c2628a095590287f3a3aed59eb";

/** A deterministic 32-byte hex hash for synthetic rows. */
export function synthHash(n: number, salt = 0): string {
  return `0x${(salt * 1_000_003 + n).toString(16).padStart(64, "0")}`;
}

export function isoOf(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString();
}
