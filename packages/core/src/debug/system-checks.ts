/**
 * The debug monitor's checks of a user's own numbers: the data-quality checks (at least one token,
 * a value above 0, payouts and transactions found, a live price, no missing prices, few zero-value
 * tokens and payouts) and whether the numbers add up (rows, wallets and chains against the total).
 * The owner-specific expectations are information, never failures. Pure: the server gathers the
 * inputs, the page shows the outcome. Figures travel as plain numbers with their unit; the page
 * writes them in the reader's language.
 */
import { z } from "zod";
import { D } from "../chains/amounts.ts";
import type { PortfolioResult } from "../portfolio/portfolio-api.ts";

/** What a check's figures count: items, US dollars, or a share in percent (12.5 is 12.5 %). */
export const checkUnitSchema = z.enum(["count", "usd", "percent"]);

export const checkSchema = z.object({
  id: z.string(),
  ok: z.boolean(),
  /** critical: a wrong number; warning: an incomplete one; info: shown, never a failure. */
  severity: z.enum(["critical", "warning", "info"]),
  unit: checkUnitSchema,
  /** A plain decimal number ("1557503.16", "50"). */
  value: z.string(),
  /** What passes: above, at least, below, exactly, or between two bounds (plain decimal numbers). */
  expected: z.object({ op: z.enum([">", "≥", "<", "=", "between"]), bounds: z.array(z.string()).min(1).max(2) }),
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

type Expected = SystemCheck["expected"];
const above = (n: string): Expected => ({ op: ">", bounds: [n] });
const below = (n: string): Expected => ({ op: "<", bounds: [n] });

/** The spec's data-quality checks over the user's portfolio and history. */
export function dataQualityChecks(p: Portfolio, facts: { transactionCount: number }): SystemCheck[] {
  const tokens = p.tokens.length;
  const missing = p.tokens.filter((t) => t.price === null).length;
  const zeroValue = p.tokens.filter((t) => new D(t.value).isZero()).length;
  const live = p.tokens.filter((t) => t.hasReliablePrice && !ESTIMATES.has(t.priceSource)).length;
  const payouts = p.roiTransactions as { value?: string | null; dust?: boolean }[];
  const zeroPayouts = payouts.filter((r) => r.value == null || new D(r.value).isZero()).length;
  const total = new D(p.totalValue).toFixed(2);
  const pct = (x: number) => (x * 100).toFixed(0);
  const count = (id: string, n: number, ok: boolean, severity: SystemCheck["severity"], expected: Expected) =>
    ({ id, ok, severity, unit: "count", value: String(n), expected }) satisfies SystemCheck;
  return [
    count("tokens", tokens, tokens > 0, "critical", above("0")),
    { id: "value", ok: new D(total).gt(0), severity: "critical", unit: "usd", value: total, expected: above("0") },
    count("livePrice", live, live > 0, "critical", { op: "≥", bounds: ["1"] }),
    count("missingPrices", missing, missing === 0, "warning", { op: "=", bounds: ["0"] }),
    {
      id: "zeroValueTokens",
      ok: share(zeroValue, tokens) < 0.5,
      severity: "warning",
      unit: "percent",
      value: pct(share(zeroValue, tokens)),
      expected: below("50"),
    },
    count("roiList", payouts.length, payouts.length > 0, "info", above("0")),
    {
      id: "zeroValuePayouts",
      ok: share(zeroPayouts, payouts.length) < 0.3,
      severity: "warning",
      unit: "percent",
      value: pct(share(zeroPayouts, payouts.length)),
      expected: below("30"),
    },
    count("transactions", facts.transactionCount, facts.transactionCount > 0, "warning", above("0")),
    // The spec's owner-specific expectations: information only.
    count("ownerTransactions", facts.transactionCount, facts.transactionCount > 1000, "info", above("1000")),
    {
      id: "ownerValue",
      ok: new D(total).gte(10_000) && new D(total).lte(100_000),
      severity: "info",
      unit: "usd",
      value: total,
      expected: { op: "between", bounds: ["10000", "100000"] },
    },
  ];
}

/**
 * What an upstream answered, as figures for the page to word: the newest block and its age, the
 * price source id, the ECB rate and its day; or why it failed (a problem id, or the error's kind).
 */
export const endpointProbeSchema = z.object({
  id: z.string(),
  kind: z.enum(["rpc", "prices", "fx", "history"]),
  name: z.string(),
  ok: z.boolean(),
  latencyMs: z.number(),
  block: z.object({ number: z.string(), ageSeconds: z.number().int() }).optional(),
  priceSource: z.string().optional(),
  rate: z.object({ day: z.string(), usdPerEur: z.string() }).optional(),
  /** "noAnswer", "noPrice", "noRate", or the name of the error ("TimeoutError"). */
  problem: z.string().optional(),
});
export type EndpointProbe = z.infer<typeof endpointProbeSchema>;

const portfolioTokenSchema = z.object({
  symbol: z.string(),
  chainId: z.number().int(),
  contractAddress: z.string(),
  value: z.string(),
  priceSource: z.string(),
});

/**
 * OPERATIONAL: every check that counts passed. WARNING: a warning check failed (numbers incomplete).
 * DEGRADED: a critical check failed, the numbers do not add up, or an upstream is down. NO_WALLETS:
 * the user has no wallet yet, so there is nothing of theirs to check (the upstreams still count).
 */
export const SYSTEM_STATUSES = ["OPERATIONAL", "WARNING", "DEGRADED", "NO_WALLETS"] as const;
export type SystemStatusKind = (typeof SYSTEM_STATUSES)[number];

/** POST /api/debug/test-system: the user's own data checked, the installation's upstreams asked. */
export const testSystemResultSchema = z.object({
  status: z.enum(SYSTEM_STATUSES),
  /** Why not OPERATIONAL: the ids of the failed checks ("check:tokens") and endpoints ("endpoint:ecb"). */
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

/** The status of a run (see SYSTEM_STATUSES): never OPERATIONAL while a check that counts fails. */
export function systemStatus(
  checks: readonly SystemCheck[],
  endpoints: readonly EndpointProbe[],
  inconsistencies: readonly Inconsistency[],
  facts: { walletCount: number } = { walletCount: 1 },
): Pick<TestSystemResult, "status" | "reasons"> {
  const down = endpoints.filter((e) => !e.ok).map((e) => `endpoint:${e.id}`);
  if (facts.walletCount === 0)
    return down.length > 0 ? { status: "DEGRADED", reasons: down } : { status: "NO_WALLETS", reasons: [] };
  const failed = (severity: SystemCheck["severity"]) =>
    checks.filter((c) => !c.ok && c.severity === severity).map((c) => `check:${c.id}`);
  const serious = [...failed("critical"), ...(inconsistencies.length > 0 ? ["valueInconsistency"] : []), ...down];
  const warnings = failed("warning");
  const status = serious.length > 0 ? "DEGRADED" : warnings.length > 0 ? "WARNING" : "OPERATIONAL";
  return { status, reasons: [...serious, ...warnings] };
}
