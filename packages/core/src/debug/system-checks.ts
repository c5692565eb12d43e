/**
 * The debug monitor's checks of a user's own numbers: the data-quality checks (at least one token,
 * a value above 0, payouts and transactions found, a live price, no missing prices, few zero-value
 * tokens and payouts) and whether the numbers add up (rows, wallets and chains against the total).
 * The owner-specific expectations are information, never failures. Pure: the server gathers the
 * inputs, the page shows the outcome.
 */
import { z } from "zod";
import { D } from "../chains/amounts.ts";
import type { PortfolioResult } from "../portfolio/portfolio-api.ts";

export const checkSchema = z.object({
  id: z.string(),
  ok: z.boolean(),
  /** critical: a wrong number; warning: an incomplete one; info: shown, never a failure. */
  severity: z.enum(["critical", "warning", "info"]),
  value: z.string(),
  expected: z.string(),
});
export type SystemCheck = z.infer<typeof checkSchema>;

export const inconsistencySchema = z.object({
  kind: z.enum(["rows", "wallets", "chain"]),
  chainId: z.number().int().nullable(),
  expected: z.string(),
  actual: z.string(),
});
export type Inconsistency = z.infer<typeof inconsistencySchema>;

type Portfolio = Pick<PortfolioResult, "tokens" | "totalValue" | "wallets" | "roiTransactions"> &
  Partial<Pick<PortfolioResult, "positions">>;

/** Price sources that are estimates, not live prices. */
const ESTIMATES: ReadonlySet<string> = new Set(["fallback", "fallback_minimal", "unknown"]);

const sum = (values: readonly string[]) => values.reduce((s, v) => s.add(v), new D(0));
const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

/** Where the total does not equal its parts (to the cent). */
export function valueInconsistencies(p: Portfolio): Inconsistency[] {
  const out: Inconsistency[] = [];
  const total = new D(p.totalValue);
  // The total's parts: the included token rows and the valued positions (liquidity, stakes).
  const included = [
    ...p.tokens.filter((t) => t.isIncludedInPortfolio).map((t) => ({ chainId: t.chainId, value: t.value })),
    ...(p.positions ?? []).flatMap((x) => (x.valueUsd === null ? [] : [{ chainId: x.chainId, value: x.valueUsd }])),
  ];
  const cents = (d: InstanceType<typeof D>) => d.toFixed(2, D.ROUND_HALF_UP);
  const rows = sum(included.map((t) => t.value));
  if (cents(rows) !== cents(total))
    out.push({ kind: "rows", chainId: null, expected: cents(total), actual: cents(rows) });
  const wallets = sum(p.wallets.map((w) => w.value));
  if (p.wallets.length > 0 && cents(wallets) !== cents(total))
    out.push({ kind: "wallets", chainId: null, expected: cents(total), actual: cents(wallets) });
  const chains = new Set(included.map((t) => t.chainId));
  for (const w of p.wallets) for (const c of w.chains) chains.add(c.chainId);
  for (const chainId of chains) {
    const fromRows = sum(included.filter((t) => t.chainId === chainId).map((t) => t.value));
    const fromWallets = sum(
      p.wallets.flatMap((w) => w.chains.filter((c) => c.chainId === chainId).map((c) => c.value)),
    );
    if (p.wallets.length > 0 && cents(fromRows) !== cents(fromWallets))
      out.push({ kind: "chain", chainId, expected: cents(fromRows), actual: cents(fromWallets) });
  }
  return out;
}

/** The spec's data-quality checks over the user's portfolio and history. */
export function dataQualityChecks(p: Portfolio, facts: { transactionCount: number }): SystemCheck[] {
  const tokens = p.tokens.length;
  const missing = p.tokens.filter((t) => t.price === null).length;
  const zeroValue = p.tokens.filter((t) => new D(t.value).isZero()).length;
  const live = p.tokens.filter((t) => t.hasReliablePrice && !ESTIMATES.has(t.priceSource)).length;
  const payouts = p.roiTransactions as { value?: string | null; dust?: boolean }[];
  const zeroPayouts = payouts.filter((r) => r.value == null || new D(r.value).isZero()).length;
  const total = new D(p.totalValue);
  const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
  return [
    { id: "tokens", ok: tokens > 0, severity: "critical", value: String(tokens), expected: "> 0" },
    { id: "value", ok: total.gt(0), severity: "critical", value: total.toFixed(2), expected: "> 0" },
    { id: "livePrice", ok: live > 0, severity: "critical", value: String(live), expected: "≥ 1" },
    { id: "missingPrices", ok: missing === 0, severity: "warning", value: String(missing), expected: "0" },
    {
      id: "zeroValueTokens",
      ok: share(zeroValue, tokens) < 0.5,
      severity: "warning",
      value: pct(share(zeroValue, tokens)),
      expected: "< 50 %",
    },
    { id: "roiList", ok: payouts.length > 0, severity: "info", value: String(payouts.length), expected: "> 0" },
    {
      id: "zeroValuePayouts",
      ok: share(zeroPayouts, payouts.length) < 0.3,
      severity: "warning",
      value: pct(share(zeroPayouts, payouts.length)),
      expected: "< 30 %",
    },
    {
      id: "transactions",
      ok: facts.transactionCount > 0,
      severity: "warning",
      value: String(facts.transactionCount),
      expected: "> 0",
    },
    // The spec's owner-specific expectations: information only.
    {
      id: "ownerTransactions",
      ok: facts.transactionCount > 1000,
      severity: "info",
      value: String(facts.transactionCount),
      expected: "> 1000",
    },
    {
      id: "ownerValue",
      ok: total.gte(10_000) && total.lte(100_000),
      severity: "info",
      value: total.toFixed(2),
      expected: "10000 – 100000",
    },
  ];
}

export const endpointProbeSchema = z.object({
  id: z.string(),
  kind: z.enum(["rpc", "prices", "fx", "history"]),
  name: z.string(),
  ok: z.boolean(),
  latencyMs: z.number(),
  detail: z.string(),
});
export type EndpointProbe = z.infer<typeof endpointProbeSchema>;

const portfolioTokenSchema = z.object({
  symbol: z.string(),
  chainId: z.number().int(),
  contractAddress: z.string(),
  value: z.string(),
  priceSource: z.string(),
});

/** POST /api/debug/test-system: the user's own data checked, the installation's upstreams asked. */
export const testSystemResultSchema = z.object({
  status: z.enum(["OPERATIONAL", "DEGRADED"]),
  /** Why DEGRADED: the ids of the failed checks and endpoints that matter. */
  reasons: z.array(z.string()),
  ranAt: z.string(),
  durationMs: z.number(),
  checks: z.array(checkSchema),
  endpoints: z.array(endpointProbeSchema),
  inconsistencies: z.array(inconsistencySchema),
  portfolio: z.object({
    loadMs: z.number(),
    fromCache: z.boolean(),
    totalValue: z.string(),
    tokenCount: z.number().int(),
    transactionCount: z.number().int(),
    missingPriceCount: z.number().int(),
    /** The first 10 of them. */
    missingPrices: z.array(portfolioTokenSchema),
    zeroValuePayouts: z.array(z.object({ tokenSymbol: z.string(), timeStamp: z.number(), amount: z.string() })),
    topTokens: z.array(portfolioTokenSchema),
  }),
});
export type TestSystemResult = z.infer<typeof testSystemResultSchema>;

/** DEGRADED when a critical check fails, the numbers do not add up, or an upstream is down. */
export function systemStatus(
  checks: readonly SystemCheck[],
  endpoints: readonly EndpointProbe[],
  inconsistencies: readonly Inconsistency[],
): Pick<TestSystemResult, "status" | "reasons"> {
  const reasons = [
    ...checks.filter((c) => !c.ok && c.severity === "critical").map((c) => `check:${c.id}`),
    ...(inconsistencies.length > 0 ? ["valueInconsistency"] : []),
    ...endpoints.filter((e) => !e.ok).map((e) => `endpoint:${e.id}`),
  ];
  return { status: reasons.length === 0 ? "OPERATIONAL" : "DEGRADED", reasons };
}
