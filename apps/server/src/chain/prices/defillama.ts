/**
 * DefiLlama coins API (https://coins.llama.fi, free, no key): prices by contract address, never by
 * symbol. Keys are "{chain}:{address}" with the chain's `defillamaKey` ("pulse", "ethereum"); native
 * coins are "coingecko:pulsechain" / "coingecko:ethereum". Unknown coins (or prices older than
 * searchWidth) are simply absent: no quote, never zero. Prices arrive as JSON numbers; the raw text is
 * rewritten so they are read as decimal strings (no float ever touches them).
 * Read as in the recorded DefiLlama answers the tests replay (apps/server/test/providers/defillama.test.ts).
 */
import { baseCoinOf, CHAINS, D, ETHEREUM, NATIVE, PULSECHAIN, parseTokenKey, tokenKey } from "@pulsemanager/core";
import { withAbort } from "../../lib/abort.ts";
import { type UpstreamClient, UpstreamError } from "../../upstream/upstream-client.ts";

export const DEFILLAMA_URL = "https://coins.llama.fi";

/**
 * DEX-derived prices carry confidence < 1, CoinGecko-sourced ones 0.99. The caller should treat a quote
 * below this as unreliable (this client only reports the number).
 */
export const DEFILLAMA_RELIABLE_CONFIDENCE = 0.9;

/** Native coins by chain id, as DefiLlama names them. */
export const DEFILLAMA_NATIVE: Readonly<Record<number, string>> = {
  [PULSECHAIN]: "coingecko:pulsechain",
  [ETHEREUM]: "coingecko:ethereum",
};

export interface LlamaToken {
  chainId: number;
  /** Contract address (any case) or "native". */
  address: string;
}

export interface LlamaQuote {
  /** USD per whole token, decimal string. */
  usd: string;
  /** Unix seconds of the price DefiLlama actually used (not the one asked for). */
  timestamp: number;
  /** 0..1; below DEFILLAMA_RELIABLE_CONFIDENCE means unreliable. null when absent. */
  confidence: number | null;
  symbol?: string;
  decimals?: number;
}

export interface LlamaPoint {
  timestamp: number;
  usd: string;
  confidence: number | null;
}

export interface LlamaSeries {
  symbol?: string;
  /** Series-level confidence (/chart); null on /batchHistorical (there each point has its own). */
  confidence: number | null;
  decimals?: number;
  /** Oldest first, one entry per timestamp found (missing ones are left out by DefiLlama). */
  prices: LlamaPoint[];
}

export interface LlamaBatch<T> {
  /** By tokenKey (`369:0x...`, `1:native`). A token without an entry has no quote. */
  quotes: Map<string, T>;
  /** tokenKeys whose request failed (absent because of an error, not because DefiLlama lacks them: do not cache as "unknown"). */
  failed: string[];
  /** tokenKeys on chains DefiLlama has no key for (never asked). */
  unsupported: string[];
  problems: string[];
}

export interface DefiLlamaOptions {
  upstream: UpstreamClient;
  /** Default https://coins.llama.fi. */
  baseUrl?: string;
  /** UpstreamClient provider name; default "defillama". */
  provider?: string;
  /** Longest request URL; key lists are split to stay below it. Default 6,000 characters. */
  maxUrlLength?: number;
}

export interface LlamaCallOptions {
  /** Seconds (600) or a number with w/d/h/m (m = minutes): "4h", "1d". */
  searchWidth?: string | number;
  signal?: AbortSignal;
}

export interface LlamaChartOptions extends LlamaCallOptions {
  start?: number;
  end?: number;
  /** Number of points. */
  span?: number;
  /** "1d" (default), "4h", "2w" ... */
  period?: string;
}

type Json = Record<string, unknown>;

/** JSON text -> value, with every `"price": <number>` kept as the number's exact text. */
export function parseKeepingPrices(text: string): unknown {
  return JSON.parse(text.replace(/("price"\s*:\s*)(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g, '$1"$2"'));
}

function usdOf(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) value = String(value);
  if (typeof value !== "string" || !/^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(value)) return null;
  const d = new D(value);
  return d.isNegative() ? null : d.toFixed();
}

function intOf(value: unknown): number | null {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

function confidenceOf(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

const isJson = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

export class DefiLlamaClient {
  private readonly base: string;
  private readonly provider: string;
  private readonly maxUrlLength: number;

  constructor(private readonly options: DefiLlamaOptions) {
    this.base = (options.baseUrl ?? DEFILLAMA_URL).replace(/\/+$/, "");
    this.provider = options.provider ?? "defillama";
    this.maxUrlLength = options.maxUrlLength ?? 6000;
  }

  /** "pulse:0x..." / "coingecko:pulsechain", or undefined for a chain DefiLlama has no key for. */
  static coinKey(chainId: number, address: string): string | undefined {
    if (address === NATIVE) return DEFILLAMA_NATIVE[chainId];
    // A wrapped coin of a chain we do not read is valued as that coin (WBTC as BTC).
    const base = baseCoinOf(chainId, address);
    if (base) return `coingecko:${base}`;
    const chain = CHAINS[chainId]?.defillamaKey;
    return chain ? `${chain}:${tokenKey(chainId, address).split(":")[1]}` : undefined;
  }

  /** Current prices (`/prices/current/{coins}`; DefiLlama's default searchWidth there is 12h). */
  current(tokens: readonly LlamaToken[], opts: LlamaCallOptions = {}): Promise<LlamaBatch<LlamaQuote>> {
    return this.quotes(tokens, opts, "prices/current", (keys) => `/prices/current/${keys}`);
  }

  /** Prices closest to `timestamp` (unix seconds) within searchWidth (DefiLlama default 6h). */
  historical(
    timestamp: number,
    tokens: readonly LlamaToken[],
    opts: LlamaCallOptions = {},
  ): Promise<LlamaBatch<LlamaQuote>> {
    if (!Number.isSafeInteger(timestamp) || timestamp < 0)
      throw new RangeError(`timestamp must be unix seconds, got ${timestamp}`);
    return this.quotes(tokens, opts, "prices/historical", (keys) => `/prices/historical/${timestamp}/${keys}`);
  }

  /** A series per token (`/chart/{coins}`), e.g. daily closes: { start, span: days, period: "1d" }. */
  async chart(tokens: readonly LlamaToken[], opts: LlamaChartOptions = {}): Promise<LlamaBatch<LlamaSeries>> {
    const { byCoin, batch } = this.prepare<LlamaSeries>(tokens);
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries({
      start: opts.start,
      end: opts.end,
      span: opts.span,
      period: opts.period ?? "1d",
      searchWidth: opts.searchWidth,
    })) {
      if (v !== undefined) params.set(k, String(v));
    }
    const suffix = `?${params.toString()}`;
    const chunks = this.chunk([...byCoin.keys()], (keys) => `${this.base}/chart/${keys.join(",")}${suffix}`);
    await Promise.all(
      chunks.map(async (keys) => {
        const body = await this.fetchCoins(
          `${this.base}/chart/${keys.join(",")}${suffix}`,
          "chart",
          keys,
          byCoin,
          batch,
          opts.signal,
        );
        if (!body) return;
        for (const key of keys) {
          const entry = body[key];
          const tk = byCoin.get(key);
          if (!isJson(entry) || !tk || !Array.isArray(entry.prices)) continue;
          const prices = this.points(entry.prices);
          if (prices.length === 0) continue;
          batch.quotes.set(tk, {
            ...(typeof entry.symbol === "string" ? { symbol: entry.symbol } : {}),
            confidence: confidenceOf(entry.confidence),
            ...(intOf(entry.decimals) !== null ? { decimals: intOf(entry.decimals) as number } : {}),
            prices,
          });
        }
      }),
    );
    return batch;
  }

  /**
   * Prices at many timestamps per token (`/batchHistorical?coins={coin: [ts...]}`); timestamps DefiLlama
   * has nothing for within searchWidth (its default 6h) are left out of `prices`.
   */
  async batchHistorical(
    requests: ReadonlyArray<LlamaToken & { timestamps: readonly number[] }>,
    opts: LlamaCallOptions = {},
  ): Promise<LlamaBatch<LlamaSeries>> {
    const { byCoin, batch } = this.prepare<LlamaSeries>(requests);
    const wanted = new Map<string, Set<number>>();
    for (const r of requests) {
      const coin = DefiLlamaClient.coinKey(r.chainId, r.address);
      if (!coin) continue;
      const set = wanted.get(coin) ?? new Set<number>();
      for (const ts of r.timestamps) {
        if (!Number.isSafeInteger(ts) || ts < 0) throw new RangeError(`timestamp must be unix seconds, got ${ts}`);
        set.add(ts);
      }
      wanted.set(coin, set);
    }
    const suffix = opts.searchWidth !== undefined ? `&searchWidth=${encodeURIComponent(String(opts.searchWidth))}` : "";
    const urlFor = (coins: Record<string, number[]>) =>
      `${this.base}/batchHistorical?coins=${encodeURIComponent(JSON.stringify(coins))}${suffix}`;
    // Split into requests whose URL stays short: whole coins where possible, long timestamp lists in pieces.
    const chunks: Array<Record<string, number[]>> = [];
    let current: Record<string, number[]> = {};
    let length = urlFor({}).length;
    const flush = () => {
      if (Object.keys(current).length > 0) chunks.push(current);
      current = {};
      length = urlFor({}).length;
    };
    for (const [coin, set] of wanted) {
      const entryOverhead = encodeURIComponent(`${JSON.stringify(coin)}:[],`).length;
      for (const ts of [...set].sort((a, b) => a - b)) {
        const add = encodeURIComponent(`${ts},`).length + (current[coin] ? 0 : entryOverhead);
        if (length + add > this.maxUrlLength && Object.keys(current).length > 0) flush();
        const list = current[coin] ?? [];
        if (list.length === 0) {
          current[coin] = list;
          length += entryOverhead;
        }
        list.push(ts);
        length += encodeURIComponent(`${ts},`).length;
      }
    }
    flush();
    const merged = new Map<string, { symbol?: string; points: Map<number, LlamaPoint> }>();
    await Promise.all(
      chunks.map(async (coins) => {
        const keys = Object.keys(coins);
        const body = await this.fetchCoins(urlFor(coins), "batchHistorical", keys, byCoin, batch, opts.signal);
        if (!body) return;
        for (const key of keys) {
          const entry = body[key];
          const tk = byCoin.get(key);
          if (!isJson(entry) || !tk || !Array.isArray(entry.prices)) continue;
          const series = merged.get(tk) ?? { points: new Map<number, LlamaPoint>() };
          if (typeof entry.symbol === "string") series.symbol = entry.symbol;
          for (const point of this.points(entry.prices)) series.points.set(point.timestamp, point);
          merged.set(tk, series);
        }
      }),
    );
    for (const [tk, { symbol, points }] of merged) {
      if (points.size === 0) continue;
      const prices = [...points.values()].sort((a, b) => a.timestamp - b.timestamp);
      batch.quotes.set(tk, { ...(symbol !== undefined ? { symbol } : {}), confidence: null, prices });
    }
    return batch;
  }

  private points(raw: unknown[]): LlamaPoint[] {
    const out: LlamaPoint[] = [];
    for (const p of raw) {
      if (!isJson(p)) continue;
      const usd = usdOf(p.price);
      const timestamp = intOf(p.timestamp);
      if (usd === null || timestamp === null) continue;
      out.push({ timestamp, usd, confidence: confidenceOf(p.confidence) });
    }
    return out.sort((a, b) => a.timestamp - b.timestamp);
  }

  private prepare<T>(tokens: readonly LlamaToken[]): { byCoin: Map<string, string>; batch: LlamaBatch<T> } {
    const byCoin = new Map<string, string>();
    const batch: LlamaBatch<T> = { quotes: new Map(), failed: [], unsupported: [], problems: [] };
    for (const t of tokens) {
      const tk = tokenKey(t.chainId, t.address);
      const coin = DefiLlamaClient.coinKey(t.chainId, t.address);
      if (!coin) {
        if (!batch.unsupported.includes(tk)) batch.unsupported.push(tk);
        continue;
      }
      byCoin.set(coin, tk);
    }
    return { byCoin, batch };
  }

  private async quotes(
    tokens: readonly LlamaToken[],
    opts: LlamaCallOptions,
    endpoint: string,
    pathFor: (keys: string) => string,
  ): Promise<LlamaBatch<LlamaQuote>> {
    const { byCoin, batch } = this.prepare<LlamaQuote>(tokens);
    const suffix = opts.searchWidth !== undefined ? `?searchWidth=${encodeURIComponent(String(opts.searchWidth))}` : "";
    const urlFor = (keys: string[]) => `${this.base}${pathFor(keys.join(","))}${suffix}`;
    const chunks = this.chunk([...byCoin.keys()], urlFor);
    await Promise.all(
      chunks.map(async (keys) => {
        const body = await this.fetchCoins(urlFor(keys), endpoint, keys, byCoin, batch, opts.signal);
        if (!body) return;
        for (const key of keys) {
          const entry = body[key];
          const tk = byCoin.get(key);
          if (!isJson(entry) || !tk) continue;
          const usd = usdOf(entry.price);
          const timestamp = intOf(entry.timestamp);
          if (usd === null || timestamp === null) {
            batch.problems.push(`defillama ${endpoint}: unreadable entry for ${key}`);
            continue;
          }
          const decimals = intOf(entry.decimals);
          batch.quotes.set(tk, {
            usd,
            timestamp,
            confidence: confidenceOf(entry.confidence),
            ...(typeof entry.symbol === "string" ? { symbol: entry.symbol } : {}),
            ...(decimals !== null ? { decimals } : {}),
          });
        }
      }),
    );
    return batch;
  }

  /** Greedy split of keys so that each URL stays within maxUrlLength (a single over-long key goes alone). */
  private chunk(keys: string[], urlFor: (keys: string[]) => string): string[][] {
    const chunks: string[][] = [];
    let current: string[] = [];
    let length = urlFor([]).length;
    for (const key of keys) {
      const add = key.length + (current.length > 0 ? 1 : 0);
      if (current.length > 0 && length + add > this.maxUrlLength) {
        chunks.push(current);
        current = [];
        length = urlFor([]).length;
      }
      length += key.length + (current.length > 0 ? 1 : 0);
      current.push(key);
    }
    if (current.length > 0) chunks.push(current);
    return chunks;
  }

  /** The `coins` object of an answer, or undefined after recording the failure for these keys. */
  private async fetchCoins(
    url: string,
    endpoint: string,
    keys: string[],
    byCoin: Map<string, string>,
    batch: LlamaBatch<unknown>,
    signal?: AbortSignal,
  ): Promise<Json | undefined> {
    const fail = (text: string) => {
      batch.problems.push(`defillama ${endpoint}: ${text}`);
      for (const k of keys) {
        const tk = byCoin.get(k);
        if (tk && !batch.failed.includes(tk)) batch.failed.push(tk);
      }
      return undefined;
    };
    try {
      const { status, body } = await withAbort(
        this.options.upstream.text({
          provider: this.provider,
          endpoint,
          kind: "price",
          url,
          init: signal ? { signal } : undefined,
        }),
        signal,
      );
      let parsed: unknown;
      try {
        parsed = parseKeepingPrices(body);
      } catch {
        return fail(`non-JSON answer (HTTP ${status})`);
      }
      if (status < 200 || status >= 300) {
        return fail(
          `HTTP ${status}: ${isJson(parsed) && typeof parsed.message === "string" ? parsed.message : "error without message"}`,
        );
      }
      if (!isJson(parsed) || !isJson(parsed.coins)) return fail("unexpected answer: no coins object");
      return parsed.coins;
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      if (err instanceof UpstreamError) return fail(err.message);
      throw err;
    }
  }
}

/**
 * The shape the price service asks for (`CurrentPriceSource` in price-service.ts): current prices of
 * one chain, keyed by lower-case address ("native" for the coin). Tokens DefiLlama lacks are absent.
 * Throws only when nothing could be read (every request failed), with the problem texts; when just
 * some key chunks failed, the rest is returned (use DefiLlamaClient.current for `failed`/`problems`).
 */
export class DefiLlamaCurrentPrices {
  readonly name = "defillama";

  constructor(
    private readonly client: DefiLlamaClient,
    private readonly options: { searchWidth?: string | number } = {},
  ) {}

  async current(chainId: number, addresses: readonly string[]): Promise<Map<string, LlamaQuote>> {
    const batch = await this.client.current(
      addresses.map((address) => ({ chainId, address })),
      this.options.searchWidth !== undefined ? { searchWidth: this.options.searchWidth } : {},
    );
    if (batch.failed.length > 0 && batch.quotes.size === 0) throw new Error(batch.problems.join("; "));
    const out = new Map<string, LlamaQuote>();
    for (const [key, quote] of batch.quotes) out.set(parseTokenKey(key).address, quote);
    return out;
  }
}
