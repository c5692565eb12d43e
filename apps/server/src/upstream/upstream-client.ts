import { type CallKind, computeUnitsFor, ERROR_COMPUTE_UNITS } from "./compute-units.ts";
import { RateLimiter, Semaphore } from "./limits.ts";

export interface ProviderPolicy {
  /** Concurrent requests at most. */
  maxConcurrent: number;
  /** Requests per second on average (Infinity for none). */
  ratePerSecond: number;
  burst?: number;
  timeoutMs: number;
  /** Retries after the first attempt, for 429, 5xx, timeouts and network errors. */
  retries: number;
  /** First backoff step; doubles each retry, with ±50 % jitter. */
  backoffMs?: number;
}

export const DEFAULT_POLICY: ProviderPolicy = {
  maxConcurrent: 4,
  ratePerSecond: 10,
  timeoutMs: 15_000,
  retries: 3,
  backoffMs: 300,
};

export type Outcome = "ok" | "http_error" | "rate_limited" | "timeout" | "network";

export interface MeteredCall {
  provider: string;
  endpoint: string;
  kind: CallKind;
  computeUnits: number;
  durationMs: number;
  outcome: Outcome;
  status: number | null;
  attempts: number;
  at: Date;
}

export interface MeterSink {
  record(call: MeteredCall): void;
}

export class UpstreamError extends Error {
  constructor(
    readonly provider: string,
    readonly kind: Exclude<Outcome, "ok">,
    message: string,
    readonly status: number | null = null,
  ) {
    super(`${provider}: ${message}`);
    this.name = "UpstreamError";
  }
}

export interface UpstreamRequest {
  provider: string;
  /** A short name of the endpoint for metering ("tokentx", "prices/current"). */
  endpoint: string;
  kind: CallKind;
  url: string;
  init?: RequestInit;
  /** The fetch for this request only (a connection pinned to a checked address); the client's otherwise. */
  transport?: typeof fetch;
}

interface ProviderState {
  policy: ProviderPolicy;
  semaphore: Semaphore;
  limiter: RateLimiter;
}

export interface UpstreamClientOptions {
  policies?: Record<string, Partial<ProviderPolicy>>;
  sink?: MeterSink;
  fetch?: typeof fetch;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const RETRY_AFTER_CAP_MS = 30_000;

/**
 * The one door to every third party: timeouts, retries with jittered backoff on
 * 429 / 5xx / network errors, per-provider concurrency and rate limits, and a
 * metering record of each call.
 */
export class UpstreamClient {
  private readonly providers = new Map<string, ProviderState>();
  private readonly fetchImpl: typeof fetch;
  private readonly random: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: UpstreamClientOptions = {}) {
    this.fetchImpl = options.fetch ?? fetch;
    this.random = options.random ?? Math.random;
    this.sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  policy(provider: string): ProviderPolicy {
    return this.state(provider).policy;
  }

  private state(provider: string): ProviderState {
    let s = this.providers.get(provider);
    if (!s) {
      const policy = { ...DEFAULT_POLICY, ...this.options.policies?.[provider] };
      s = {
        policy,
        semaphore: new Semaphore(policy.maxConcurrent),
        limiter: new RateLimiter(
          policy.ratePerSecond,
          policy.burst ?? Math.max(1, policy.maxConcurrent),
          Date.now,
          this.sleep,
        ),
      };
      this.providers.set(provider, s);
    }
    return s;
  }

  /** Performs the request; resolves with a 2xx/4xx response (4xx other than 429 are not retried), throws UpstreamError otherwise. */
  async request(req: UpstreamRequest): Promise<Response> {
    const { policy, semaphore, limiter } = this.state(req.provider);
    const started = performance.now();
    let attempts = 0;
    let lastError: UpstreamError | undefined;
    const meter = (outcome: Outcome, status: number | null) =>
      this.options.sink?.record({
        provider: req.provider,
        endpoint: req.endpoint,
        kind: req.kind,
        computeUnits: outcome === "ok" ? computeUnitsFor(req.kind) : ERROR_COMPUTE_UNITS,
        durationMs: Math.round(performance.now() - started),
        outcome,
        status,
        attempts,
        at: new Date(),
      });

    while (attempts <= policy.retries) {
      // A caller that gave up gets no further attempts.
      if (req.init?.signal?.aborted) throw req.init.signal.reason ?? new Error("aborted");
      attempts++;
      let retryAfterMs: number | undefined;
      try {
        const res = await semaphore.run(async () => {
          await limiter.take();
          return this.fetchWithTimeout(req, policy.timeoutMs);
        });
        if (res.status === 429 || res.status >= 500) {
          retryAfterMs = parseRetryAfter(res.headers.get("retry-after"));
          // A refusal for asking too fast, with the time to wait, holds every request to this provider.
          if (res.status === 429 && retryAfterMs !== undefined)
            limiter.hold(Math.min(retryAfterMs, RETRY_AFTER_CAP_MS));
          await res.body?.cancel().catch(() => undefined);
          lastError = new UpstreamError(
            req.provider,
            res.status === 429 ? "rate_limited" : "http_error",
            `HTTP ${res.status} from ${req.endpoint}`,
            res.status,
          );
        } else {
          meter(res.ok ? "ok" : "http_error", res.status);
          return res;
        }
      } catch (err) {
        lastError = err instanceof UpstreamError ? err : new UpstreamError(req.provider, "network", errorText(err));
      }
      if (attempts > policy.retries) break;
      await this.sleep(this.backoff(policy, attempts, retryAfterMs));
    }
    const error = lastError ?? new UpstreamError(req.provider, "network", "request failed");
    meter(error.kind, error.status);
    throw error;
  }

  /** GET (or the given init) and parse JSON; a body that is not JSON is an error. */
  async json<T>(req: UpstreamRequest): Promise<{ status: number; body: T }> {
    const res = await this.request(req);
    const text = await res.text();
    try {
      return { status: res.status, body: JSON.parse(text) as T };
    } catch {
      throw new UpstreamError(
        req.provider,
        "http_error",
        `non-JSON answer from ${req.endpoint} (HTTP ${res.status})`,
        res.status,
      );
    }
  }

  async text(req: UpstreamRequest): Promise<{ status: number; body: string }> {
    const res = await this.request(req);
    return { status: res.status, body: await res.text() };
  }

  /** A fetch function for libraries (viem's http transport) that goes through this client. */
  fetchFor(provider: string, endpoint: string, kind: CallKind): typeof fetch {
    return (async (input: string | URL | Request, init?: RequestInit) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.toString() : input.url;
      return this.request({ provider, endpoint, kind, url, init });
    }) as typeof fetch;
  }

  private async fetchWithTimeout(req: UpstreamRequest, timeoutMs: number): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const outer = req.init?.signal;
    const onAbort = () => controller.abort();
    outer?.addEventListener("abort", onAbort);
    try {
      return await (req.transport ?? this.fetchImpl)(req.url, { ...req.init, signal: controller.signal });
    } catch (err) {
      if (controller.signal.aborted && !outer?.aborted) {
        throw new UpstreamError(req.provider, "timeout", `no answer from ${req.endpoint} within ${timeoutMs} ms`);
      }
      throw new UpstreamError(req.provider, "network", errorText(err));
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener("abort", onAbort);
    }
  }

  private backoff(policy: ProviderPolicy, attempt: number, retryAfterMs?: number): number {
    const base = (policy.backoffMs ?? 300) * 2 ** (attempt - 1);
    const jittered = base * (0.5 + this.random());
    return Math.max(jittered, Math.min(retryAfterMs ?? 0, RETRY_AFTER_CAP_MS));
  }
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function errorText(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as Error & { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ? `${err.message} (${cause.code})` : err.message;
  }
  return String(err);
}
