import { describe, expect, it } from "vitest";
import { RateLimiter } from "../src/upstream/limits.ts";
import { type MeteredCall, UpstreamClient, UpstreamError } from "../src/upstream/upstream-client.ts";
import { closedPortUrl, startFake } from "./providers/fake-http.ts";

function client(policy: Record<string, unknown> = {}) {
  const calls: MeteredCall[] = [];
  const sleeps: number[] = [];
  const upstream = new UpstreamClient({
    policies: { p: { timeoutMs: 300, retries: 2, backoffMs: 100, ratePerSecond: Number.POSITIVE_INFINITY, ...policy } },
    sink: { record: (c) => calls.push(c) },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
  });
  return { upstream, calls, sleeps };
}

const req = (url: string) => ({ provider: "p", endpoint: "thing", kind: "price" as const, url });

describe("upstream client", () => {
  it("retries a 429 with backoff, honouring Retry-After, then succeeds and meters one call", async () => {
    let n = 0;
    const fake = await startFake(() =>
      ++n === 1 ? { status: 429, json: { error: "slow down" } } : { json: { ok: true } },
    );
    const { upstream, calls, sleeps } = client();
    const res = await upstream.json<{ ok: boolean }>(req(`${fake.url}/x`));
    expect(res.body.ok).toBe(true);
    expect(fake.requests.length).toBe(2);
    expect(sleeps).toEqual([100]);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      provider: "p",
      endpoint: "thing",
      outcome: "ok",
      attempts: 2,
      status: 200,
      computeUnits: 5,
    });
    await fake.close();
  });

  it("gives up after the retries on 5xx with an error naming provider and status, metered as 1 compute unit", async () => {
    const fake = await startFake(() => ({ status: 503, text: "down" }));
    const { upstream, calls, sleeps } = client();
    const err = await upstream.request(req(`${fake.url}/x`)).catch((e) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err).toMatchObject({ provider: "p", kind: "http_error", status: 503 });
    expect(fake.requests.length).toBe(3);
    // Exponential: 100, 200 (jitter fixed at the middle here).
    expect(sleeps).toEqual([100, 200]);
    expect(calls).toEqual([expect.objectContaining({ outcome: "http_error", attempts: 3, computeUnits: 1 })]);
    await fake.close();
  });

  it("does not retry a 4xx other than 429: the caller reads it", async () => {
    const fake = await startFake(() => ({ status: 404, json: { message: "Not found" } }));
    const { upstream } = client();
    const res = await upstream.request(req(`${fake.url}/x`));
    expect(res.status).toBe(404);
    expect(fake.requests.length).toBe(1);
    await fake.close();
  });

  it("times out a provider that never answers, and reports a provider that is down", async () => {
    const fake = await startFake(() => "hang");
    const { upstream, calls } = client({ retries: 1 });
    await expect(upstream.request(req(`${fake.url}/x`))).rejects.toMatchObject({ kind: "timeout" });
    expect(fake.requests.length).toBe(2);
    await fake.close();
    const down = await closedPortUrl();
    await expect(upstream.request(req(`${down}/x`))).rejects.toMatchObject({ kind: "network" });
    expect(calls.map((c) => c.outcome)).toEqual(["timeout", "network"]);
  });

  it("a non-JSON answer is an error, not a crash", async () => {
    const fake = await startFake(() => ({ text: "<html>maintenance</html>" }));
    const { upstream } = client();
    await expect(upstream.json(req(`${fake.url}/x`))).rejects.toThrow(/non-JSON answer from thing/);
    await fake.close();
  });

  it("keeps at most maxConcurrent requests in flight per provider", async () => {
    let inFlight = 0;
    let peak = 0;
    const fake = await startFake(async () => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 20));
      inFlight--;
      return { json: {} };
    });
    const { upstream } = client({ maxConcurrent: 3 });
    await Promise.all(Array.from({ length: 12 }, () => upstream.json(req(`${fake.url}/x`))));
    expect(peak).toBe(3);
    await fake.close();
  });

  it("stops retrying once the caller aborts", async () => {
    const fake = await startFake(() => ({ status: 500, text: "x" }));
    const { upstream } = client({ retries: 5 });
    const controller = new AbortController();
    controller.abort(new Error("user left"));
    await expect(upstream.request({ ...req(`${fake.url}/x`), init: { signal: controller.signal } })).rejects.toThrow(
      "user left",
    );
    expect(fake.requests.length).toBe(0);
    await fake.close();
  });
});

describe("rate limiter", () => {
  it("lets a burst through, then spaces requests at the rate", async () => {
    let now = 0;
    const waits: number[] = [];
    const limiter = new RateLimiter(
      2,
      2,
      () => now,
      async (ms) => {
        waits.push(ms);
        now += ms;
      },
    );
    for (let i = 0; i < 4; i++) await limiter.take();
    expect(waits).toEqual([500, 500]);
  });
});
