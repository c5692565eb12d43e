/**
 * A very small JSON-RPC client for anvil. Seeding sends a few hundred requests in a row; a plain
 * keep-alive fetch is the cheapest way and keeps every call explicit (no hidden estimateGas or
 * chain-id look-ups that a wallet client would add).
 */
export class RpcError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(`${method}: ${message} (code ${code})`);
    this.name = "RpcError";
  }
}

interface RpcResponse {
  id: number;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

export class Rpc {
  private nextId = 1;

  constructor(readonly url: string) {}

  async request<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
    const id = this.nextId++;
    const res = await fetch(this.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
    });
    if (!res.ok) throw new RpcError(method, res.status, `HTTP ${res.status}`);
    const body = (await res.json()) as RpcResponse;
    if (body.error) throw new RpcError(method, body.error.code, body.error.message, body.error.data);
    return body.result as T;
  }

  /** Read-only calls in one HTTP batch (never for state changes: anvil may run a batch concurrently). */
  async batch<T = unknown>(calls: { method: string; params: unknown[] }[]): Promise<T[]> {
    if (calls.length === 0) return [];
    const first = this.nextId;
    this.nextId += calls.length;
    const res = await fetch(this.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(
        calls.map((c, i) => ({ jsonrpc: "2.0", id: first + i, method: c.method, params: c.params })),
      ),
    });
    if (!res.ok) throw new RpcError("batch", res.status, `HTTP ${res.status}`);
    const body = (await res.json()) as RpcResponse[];
    const byId = new Map(body.map((r) => [r.id, r]));
    return calls.map((c, i) => {
      const r = byId.get(first + i);
      if (!r) throw new RpcError(c.method, -1, "missing response in batch");
      if (r.error) throw new RpcError(c.method, r.error.code, r.error.message, r.error.data);
      return r.result as T;
    });
  }
}
