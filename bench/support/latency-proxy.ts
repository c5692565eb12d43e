import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An HTTP proxy on loopback that waits `latencyMs` before forwarding each request
 * to `target`, and counts requests: a stand-in for a remote RPC node or API.
 */
export class LatencyProxy {
  requests = 0;
  private server: Server | undefined;
  url = "";

  constructor(
    private readonly target: string,
    private readonly latencyMs: number,
  ) {}

  async start(): Promise<string> {
    const target = new URL(this.target);
    this.server = createServer((req, res) => {
      this.requests++;
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        setTimeout(() => {
          const upstream = httpRequest(
            {
              hostname: target.hostname,
              port: target.port,
              path: req.url,
              method: req.method,
              headers: { ...req.headers, host: target.host },
            },
            (up) => {
              res.writeHead(up.statusCode ?? 502, up.headers);
              up.pipe(res);
            },
          );
          upstream.on("error", () => {
            res.writeHead(502);
            res.end();
          });
          upstream.end(Buffer.concat(chunks));
        }, this.latencyMs);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  reset(): void {
    this.requests = 0;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
