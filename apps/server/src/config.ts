import { z } from "zod";
import { DEFAULT_NEWS_FEEDS, parseNewsFeeds } from "./news-feeds-config.ts";

/** A comma-separated list: each entry trimmed and lower-cased, empty ones left out, then checked. */
function lowerCaseList(entry: z.ZodType<string, string>) {
  return z
    .string()
    .default("")
    .transform((s) =>
      s
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(entry));
}

const emailList = lowerCaseList(z.email({ message: "each entry must be an e-mail address" }));

const optionalString = z
  .string()
  .optional()
  .transform((s) => (s && s.trim() !== "" ? s.trim() : undefined));

/** "chainId:0xaddress" entries, comma-separated, lower-cased. */
const chainAddressList = lowerCaseList(
  z.string().regex(/^\d+:0x[0-9a-f]{40}$/, { message: "entries must look like 369:0x…" }),
);

export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /** Unset: every address of the machine, IPv4 and IPv6 (127.0.0.1 and [::1] both work). */
  HOST: optionalString,
  APP_URL: optionalString.pipe(z.url({ message: "must be a URL like https://pulse.example.com" }).optional()),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { message: "must start with postgres:// or postgresql://" })
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  BETTER_AUTH_SECRET: optionalString.pipe(
    z.string().min(32, { message: "must be at least 32 characters (e.g. openssl rand -hex 32)" }).optional(),
  ),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, { message: "must start with smtp:// or smtps://" })
      .optional(),
  ),
  MAIL_FROM: z.string().default("PulseManager <no-reply@localhost>"),
  SUPPORT_EMAIL: z.email({ message: "must be an e-mail address" }).default("support@pulsemanager.local"),
  ADMIN_EMAILS: emailList,
  /** Trusted reverse-proxy hops in front of the app: "false"/0 none, "true" one, or a number. */
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((v) => v.trim().toLowerCase())
    .pipe(
      z.string().regex(/^(true|false|\d{1,2}|)$/, {
        message: "must be false, true or the number of proxies in front (1, 2, …)",
      }),
    )
    .transform((v) => (v === "true" ? 1 : v === "false" || v === "" ? 0 : Number(v))),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  STRIPE_SECRET_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^(sk|rk)_/, { message: "must be a Stripe secret key (sk_live_…, sk_test_… or rk_…)" })
      .optional(),
  ),
  STRIPE_PRICE_ID: optionalString.pipe(
    z
      .string()
      .regex(/^(price|plan)_/, { message: "must be a Stripe price id (price_…)" })
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalString.pipe(
    z.string().startsWith("whsec_", { message: "must be the webhook signing secret (whsec_…)" }).optional(),
  ),
  /** Tests and local fakes only: where the Stripe library sends its API calls (default https://api.stripe.com). */
  // Chain data (issue: chain data and prices).
  PULSECHAIN_RPC_URL: z.url({ message: "must be an http(s) URL" }).default("https://rpc.pulsechain.com"),
  ETHEREUM_RPC_URL: z.url({ message: "must be an http(s) URL" }).default("https://ethereum-rpc.publicnode.com"),
  PULSECHAIN_HISTORY_SOURCE: z.enum(["blockscout", "blockscout-v2", "moralis", "rpc"]).default("blockscout"),
  ETHEREUM_HISTORY_SOURCE: z.enum(["blockscout", "blockscout-v2", "etherscan", "moralis", "rpc"]).default("blockscout"),
  PULSECHAIN_BLOCKSCOUT_URL: z
    .url({ message: "must be an http(s) URL" })
    .default("https://api.scan.pulsechain.com/api"),
  ETHEREUM_BLOCKSCOUT_URL: z.url({ message: "must be an http(s) URL" }).default("https://eth.blockscout.com/api"),
  /**
   * Requests per second the app sends each Blockscout instance (`/api` and `/api/v2` share it). Blockscout's
   * default limit without an API key is 5 per second per IP (300 a minute); newer releases document 3.
   */
  PULSECHAIN_BLOCKSCOUT_RPS: z.coerce.number().positive().max(100).default(5),
  ETHEREUM_BLOCKSCOUT_RPS: z.coerce.number().positive().max(100).default(5),
  ETHERSCAN_API_KEY: optionalString,
  MORALIS_API_KEY: optionalString,
  DEFILLAMA_URL: z.string().default("https://coins.llama.fi"),
  ECB_URL: z.string().default("https://www.ecb.europa.eu/stats/eurofxref"),
  /** Market data providers ("off": the chain's own pools only). */
  GECKOTERMINAL_URL: z.string().default("https://api.geckoterminal.com/api/v2"),
  DEXSCREENER_URL: z.string().default("https://api.dexscreener.com"),
  /** PulseX V1 and V2 subgraphs, comma-separated, V1 first. */
  PULSEX_SUBGRAPH_URLS: z
    .string()
    .default(
      "https://graph.pulsechain.com/subgraphs/name/pulsechain/pulsex,https://graph.pulsechain.com/subgraphs/name/pulsechain/pulsexv2",
    ),
  PRICE_LIQUIDITY_FLOOR_USD: z
    .string()
    .regex(/^\d+(\.\d+)?$/, { message: "must be a number of US dollars" })
    .default("1000"),
  DEVCHAIN_FILE: optionalString,
  /** NFT images from plain http and from private or loopback hosts: only for tests and a local setup. */
  NFT_IMAGES_FROM_PRIVATE_HOSTS: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** Lets a monitor read /api/health's details (version, database) with `Authorization: Bearer <token>`. */
  HEALTH_TOKEN: optionalString,
  /** Known fake tokens, "chainId:0xaddress" comma-separated. */
  TOKEN_BLOCKLIST: chainAddressList,
  /** Work tax-report jobs in this process; "false" for API-only processes (run `npm run worker` beside them). */
  /** The alert checks' schedules (docs/product/alerts.md); `false` leaves them out (the tests' servers). */
  ALERT_SCHEDULE: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  REPORT_WORKER: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /** A report without progress for this long lost its worker and is queued again. */
  REPORT_STALE_SECONDS: z.coerce.number().int().min(1).default(120),
  REPORT_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).default(5),
  /** The direct analysis answers 504 after this long. */
  DIRECT_REPORT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Printer-token distributors whose payouts are income (ROI), "chainId:0xaddress" comma-separated. */
  REWARD_DISTRIBUTORS: chainAddressList,
  /** News feeds (RSS or Atom), comma-separated, each "lang=url" or a URL; "off" for none. */
  NEWS_FEEDS: z
    .string()
    .default(DEFAULT_NEWS_FEEDS)
    .transform((value, ctx) => {
      const { feeds, problems } = parseNewsFeeds(value);
      if (problems.length)
        ctx.addIssue({
          code: "custom",
          message: `${problems.length} entr${problems.length === 1 ? "y is" : "ies are"} not a feed: each entry is an http(s) URL, optionally with its language first (de=https://…)`,
        });
      return feeds;
    }),
  STRIPE_API_BASE: optionalString.pipe(
    z.url({ protocol: /^https?$/, message: "must be an http(s) URL like http://127.0.0.1:12111" }).optional(),
  ),
});

/** Rules across settings, checked on the raw environment so they are listed next to every other problem. */
function productionProblems(env: Record<string, string | undefined>): string[] {
  if (env.NODE_ENV !== "production") return [];
  const problems: string[] = [];
  if (!env.BETTER_AUTH_SECRET?.trim()) problems.push("BETTER_AUTH_SECRET: is required in production");
  if (!env.APP_URL?.trim()) problems.push("APP_URL: is required in production (the public address)");
  return problems;
}

/** With a Stripe key, billing needs the price and the webhook secret too. */
function billingProblems(env: Record<string, string | undefined>): string[] {
  if (!env.STRIPE_SECRET_KEY?.trim()) return [];
  const problems: string[] = [];
  if (!env.STRIPE_PRICE_ID?.trim()) {
    problems.push("STRIPE_PRICE_ID: is required with STRIPE_SECRET_KEY (the monthly subscription price, price_…)");
  }
  if (!env.STRIPE_WEBHOOK_SECRET?.trim()) {
    problems.push("STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY (the webhook signing secret, whsec_…)");
  }
  return problems;
}

/** History sources that need a key say so at start, not at the first sync. */
function chainProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  for (const name of ["PULSECHAIN_HISTORY_SOURCE", "ETHEREUM_HISTORY_SOURCE"]) {
    if (env[name] === "moralis" && !env.MORALIS_API_KEY?.trim())
      problems.push(`${name}: "moralis" needs MORALIS_API_KEY`);
    if (env[name] === "etherscan" && !env.ETHERSCAN_API_KEY?.trim())
      problems.push(`${name}: "etherscan" needs ETHERSCAN_API_KEY`);
  }
  return problems;
}

export type RawConfig = z.infer<typeof configSchema>;

export interface AppConfig extends RawConfig {
  appUrl: string;
  /** Origins whose pages may call the API: APP_URL, and outside production the loopback names with PORT. */
  trustedOrigins: string[];
  edition: "community" | "commercial";
}

/** Outside production the app is as reachable at localhost as at 127.0.0.1 or [::1]: all are trusted. */
export function trustedOriginsFor(appUrl: string, port: number, production: boolean): string[] {
  const origins = new Set([new URL(appUrl).origin]);
  if (!production) {
    for (const host of ["localhost", "127.0.0.1", "[::1]"]) origins.add(`http://${host}:${port}`);
  }
  return [...origins];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Validates the environment and lists every problem at once, readable for a self-hoster. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = configSchema.safeParse(env);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".") || "(environment)"}: ${i.message}`)),
    ...productionProblems(env),
    ...billingProblems(env),
    ...chainProblems(env),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const c = parsed.data;
  const appUrl = (c.APP_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, "");
  return {
    ...c,
    appUrl,
    trustedOrigins: trustedOriginsFor(appUrl, c.PORT, c.NODE_ENV === "production"),
    edition: c.STRIPE_SECRET_KEY ? "commercial" : "community",
  };
}
