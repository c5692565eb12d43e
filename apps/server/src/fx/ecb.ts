/**
 * ECB euro reference rates (https://www.ecb.europa.eu/stats/eurofxref/): eurofxref-daily.xml (latest
 * business day), eurofxref-hist-90d.xml (~90 days), eurofxref-hist.xml (since 1999-01-04, several MB).
 * Rate = units of the currency per 1 EUR, so the USD rate is "USD per EUR" and EUR = USD / rate
 * (see usdToEur in @pulsemanager/core/fx/rate-on). Business days only; usdPerEurOn falls back to the
 * last published day. Read as in the recorded ECB files the tests replay (apps/server/test/providers/ecb.test.ts).
 */
import { withAbort } from "../lib/abort.ts";
import { type UpstreamClient, UpstreamError } from "../upstream/upstream-client.ts";

export const ECB_BASE_URL = "https://www.ecb.europa.eu/stats/eurofxref";

export type EcbFile = "daily" | "hist-90d" | "hist";

const FILES: Record<EcbFile, string> = {
  daily: "eurofxref-daily.xml",
  "hist-90d": "eurofxref-hist-90d.xml",
  hist: "eurofxref-hist.xml",
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const RATE = /^\d+(?:\.\d+)?$/;

/**
 * Reads `Cube time=...` > `Cube currency=... rate=...` from the ECB XML, namespace-agnostic (any prefix
 * on Cube), either quote style, any whitespace, comments ignored. Returns date -> rate (decimal string)
 * for `currency`, in document order (the hist files are newest first).
 */
export function parseEcbXml(xml: string, currency = "USD"): Map<string, string> {
  const rates = new Map<string, string>();
  const text = xml.replace(/<!--[\s\S]*?-->/g, "").replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, "");
  const tag = /<(\/?)(?:[A-Za-z_][\w.-]*:)?Cube\b((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;
  const attr = /([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  /** Open Cube elements: the `time` each carries (or undefined). */
  const stack: Array<string | undefined> = [];
  for (let m = tag.exec(text); m; m = tag.exec(text)) {
    const [, closing, attrText = "", selfClosing] = m;
    if (closing) {
      stack.pop();
      continue;
    }
    const attrs: Record<string, string> = {};
    for (let a = attr.exec(attrText); a; a = attr.exec(attrText)) {
      const name = (a[1] ?? "").replace(/^.*:/, "");
      attrs[name] = (a[2] ?? a[3] ?? "").trim();
    }
    attr.lastIndex = 0;
    if (attrs.currency !== undefined) {
      const time = [...stack].reverse().find((t) => t !== undefined);
      if (
        time &&
        attrs.currency.toUpperCase() === currency.toUpperCase() &&
        attrs.rate &&
        RATE.test(attrs.rate) &&
        Number(attrs.rate) > 0
      ) {
        rates.set(time, attrs.rate);
      }
    }
    if (!selfClosing) stack.push(attrs.time !== undefined && DATE.test(attrs.time) ? attrs.time : undefined);
  }
  return rates;
}

export interface EcbClientOptions {
  upstream: UpstreamClient;
  /** Default https://www.ecb.europa.eu/stats/eurofxref (the three files live below it). */
  baseUrl?: string;
  /** UpstreamClient provider name; default "ecb". */
  provider?: string;
}

export class EcbClient {
  private readonly base: string;
  private readonly provider: string;

  constructor(private readonly options: EcbClientOptions) {
    this.base = (options.baseUrl ?? ECB_BASE_URL).replace(/\/+$/, "");
    this.provider = options.provider ?? "ecb";
  }

  /**
   * USD per EUR by date ("YYYY-MM-DD" -> "1.0389") from one of the files. Throws UpstreamError when the
   * ECB cannot be reached (after the client's retries), answers non-2xx, or sends no USD rate at all.
   */
  async usdPerEur(file: EcbFile = "daily", signal?: AbortSignal): Promise<Map<string, string>> {
    return this.rates(file, "USD", signal);
  }

  async rates(file: EcbFile, currency: string, signal?: AbortSignal): Promise<Map<string, string>> {
    const { status, body } = await withAbort(
      this.options.upstream.text({
        provider: this.provider,
        endpoint: FILES[file],
        kind: "fx",
        url: `${this.base}/${FILES[file]}`,
        init: { headers: { accept: "text/xml, application/xml" }, ...(signal ? { signal } : {}) },
      }),
      signal,
    );
    if (status < 200 || status >= 300)
      throw new UpstreamError(this.provider, "http_error", `HTTP ${status} from ${FILES[file]}`, status);
    const rates = parseEcbXml(body, currency);
    if (rates.size === 0)
      throw new UpstreamError(
        this.provider,
        "http_error",
        `no ${currency} rates in ${FILES[file]} (unexpected format)`,
        status,
      );
    return rates;
  }
}
