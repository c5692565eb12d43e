import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

// better-auth core tables (names and columns as better-auth expects them).
export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

// One row per user, created when the e-mail is confirmed (docs/product/accounts-and-plans.md).
export const userProfiles = pgTable(
  "user_profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    subscriptionStatus: text("subscription_status").notNull().default("trial"),
    trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // Billing: written only by a signature-verified Stripe webhook (see billing/).
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    stripeSubscriptionStatus: text("stripe_subscription_status"),
    stripeCurrentPeriodEnd: timestamp("stripe_current_period_end", { withTimezone: true }),
    stripeCancelAtPeriodEnd: boolean("stripe_cancel_at_period_end").notNull().default(false),
  },
  (t) => [
    uniqueIndex("user_profiles_stripe_customer_idx").on(t.stripeCustomerId),
    index("user_profiles_stripe_subscription_idx").on(t.stripeSubscriptionId),
  ],
);

// Stripe webhook events already processed: a redelivered event changes nothing twice.
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
  stripeCreatedAt: timestamp("stripe_created_at", { withTimezone: true }).notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

// Fixed-window counters shared by every server process (login limits, mail limits).
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: bigint("window_start", { mode: "number" }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

// Local outbox: mails written here when no SMTP server is configured.
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** Extra headers of the mail (List-Unsubscribe); null for mails without. */
    headers: jsonb("headers"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index("mail_outbox_created_at_idx").on(t.createdAt)],
);

// ---- Chain data ----

/** Token metadata, read once from the chain and kept. */
export const tokenMetadata = pgTable(
  "token_metadata",
  {
    chainId: integer("chain_id").notNull(),
    address: text("address").notNull(),
    symbol: text("symbol"),
    name: text("name"),
    decimals: integer("decimals"),
    /** False when the contract did not answer like an ERC-20. */
    isErc20: boolean("is_erc20").notNull().default(true),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
);

/** Normalised transfers of watched addresses, from any source. */
export const transfers = pgTable(
  "transfers",
  {
    chainId: integer("chain_id").notNull(),
    txHash: text("tx_hash").notNull(),
    /** "l" log, "n" top-level native value, "i" internal native value. */
    kind: text("kind").notNull(),
    logIndex: integer("log_index").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    token: text("token").notNull(),
    amount: numeric("amount", { precision: 78, scale: 0 }).notNull(),
    fee: numeric("fee", { precision: 78, scale: 0 }).notNull(),
    methodId: text("method_id"),
    source: text("source").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.txHash, t.kind, t.logIndex] }),
    index("transfers_from_idx").on(t.chainId, t.fromAddress, t.blockNumber),
    index("transfers_to_idx").on(t.chainId, t.toAddress, t.blockNumber),
  ],
);

/**
 * HEX stakes' starts and ends of the wallets (the stake contract's StakeStart / StakeEnd events),
 * read beside the history: the tax report pairs them with the records that moved the principal.
 */
export const hexStakeEvents = pgTable(
  "hex_stake_events",
  {
    chainId: integer("chain_id").notNull(),
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    wallet: text("wallet").notNull(),
    stakeId: text("stake_id").notNull(),
    /** "start" or "end". */
    phase: text("phase").notNull(),
    /** The staked token (HEX). */
    token: text("token").notNull(),
    principal: numeric("principal", { precision: 78, scale: 0 }).notNull(),
    /** At the end: principal + yield - penalty; 0 at the start. */
    returned: numeric("returned", { precision: 78, scale: 0 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.txHash, t.logIndex] }),
    index("hex_stake_events_wallet_idx").on(t.chainId, t.wallet),
  ],
);

/**
 * The official bridge's TokensBridgingInitiated (a deposit) and TokensBridged (a payout) events that
 * concern the wallets, and their counterparts on the other chain (the same message id): the tax
 * report pairs them into bridge moves (bridge/bridge-event-sync.ts). Chain facts, shared by all users.
 */
export const bridgeEvents = pgTable(
  "bridge_events",
  {
    chainId: integer("chain_id").notNull(),
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    /** "initiated" (TokensBridgingInitiated) or "bridged" (TokensBridged). */
    event: text("event").notNull(),
    /** The token on this chain, lower-case. */
    token: text("token").notNull(),
    /** The event's sender (initiated) or recipient (bridged), lower-case. */
    account: text("account").notNull(),
    amount: numeric("amount", { precision: 78, scale: 0 }).notNull(),
    messageId: text("message_id").notNull(),
    txFrom: text("tx_from").notNull(),
    /** The deposit came through the bridge's native router (the user sent the native coin). */
    viaNativeRouter: boolean("via_native_router").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.txHash, t.logIndex] }),
    index("bridge_events_message_idx").on(t.messageId),
    index("bridge_events_account_idx").on(t.account),
    index("bridge_events_tx_from_idx").on(t.txFrom),
  ],
);

/** How far the history of an address has been read, per source: the next sync starts after it. */
export const syncState = pgTable(
  "sync_state",
  {
    chainId: integer("chain_id").notNull(),
    address: text("address").notNull(),
    source: text("source").notNull(),
    syncedToBlock: bigint("synced_to_block", { mode: "number" }).notNull(),
    partial: boolean("partial").notNull().default(false),
    problems: text("problems"),
    /**
     * When a history sync last finished reading up to the explorer's newest data (its last range stored,
     * none before it incomplete); null before that. A mark moved by a range in the middle of a sync
     * leaves it (see RECENT_SYNC_MS).
     */
    readToHeadAt: timestamp("read_to_head_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address, t.source] })],
);

/** Historical USD prices, kept forever. `at` is unix seconds (a day's 00:00 UTC for daily prices). */
export const priceHistory = pgTable(
  "price_history",
  {
    chainId: integer("chain_id").notNull(),
    token: text("token").notNull(),
    granularity: text("granularity").notNull(),
    at: bigint("at", { mode: "number" }).notNull(),
    usd: numeric("usd").notNull(),
    source: text("source").notNull(),
    reliable: boolean("reliable").notNull(),
    note: text("note"),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.token, t.granularity, t.at] })],
);

/** ECB reference rates: US dollars per euro on a publication day. */
export const fxRates = pgTable("fx_rates", {
  day: text("day").primaryKey(),
  usdPerEur: numeric("usd_per_eur").notNull(),
  source: text("source").notNull().default("ecb"),
});

/** Every third-party call, for the monitor pages. */
export const upstreamCalls = pgTable(
  "upstream_calls",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    provider: text("provider").notNull(),
    endpoint: text("endpoint").notNull(),
    kind: text("kind").notNull(),
    computeUnits: integer("compute_units").notNull(),
    durationMs: integer("duration_ms").notNull(),
    outcome: text("outcome").notNull(),
    status: integer("status"),
    attempts: integer("attempts").notNull(),
    /** The user whose request made the call; null for background work (jobs, schedules). */
    userId: text("user_id"),
    /** Our API route that made it ("GET /api/portfolio"); null for background work. */
    apiEndpoint: text("api_endpoint"),
  },
  (t) => [index("upstream_calls_at_idx").on(t.at), index("upstream_calls_user_idx").on(t.userId, t.at)],
);

// ---- Wallets and portfolio ----

/** The user's saved public addresses; removing sets is_active false. */
export const wallets = pgTable(
  "wallets",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    walletType: text("wallet_type"),
    chainId: integer("chain_id").notNull(),
    nickname: text("nickname").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    lastConnected: timestamp("last_connected", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("wallets_user_chain_address_idx").on(t.userId, t.chainId, t.address)],
);

/** The user's own choices that follow them to every browser (theme and language stay in the browser). */
export const userSettings = pgTable("user_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** "EUR" or "USD"; null: the UI language decides (German EUR, English USD). */
  displayCurrency: text("display_currency"),
  /** "de" or "en"; null: the browser's own choice. */
  language: text("language"),
  /** How the tax report costs PulseChain's fork copies: "zero" (the default) or "split". */
  forkCost: text("fork_cost").notNull().default("zero"),
  /** The last change of the user's tax declarations (an add, a change, a take-back); null: never. */
  declarationsChangedAt: timestamp("declarations_changed_at", { withTimezone: true, precision: 3 }),
  /** "Bericht monatlich sichern": on the first of each month the year's report is made and kept. */
  monthlyArchive: boolean("monthly_archive").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The user's own word on an arrival of tokens whose acquisition the chain cannot tell (core's
 * declarations-api.ts): one per arrival (chain, transaction, token, wallet), used by every report.
 * Kept apart from the reports: deleting a report leaves them.
 */
export const taxDeclarations = pgTable(
  "tax_declarations",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    chainId: integer("chain_id").notNull(),
    txHash: text("tx_hash").notNull(),
    /** Lower-case token address, or "native". */
    token: text("token").notNull(),
    /** Lower-case address of the wallet the tokens arrived in. */
    wallet: text("wallet").notNull(),
    /** cost, zero, income, own-transfer, sacrifice. */
    kind: text("kind").notNull(),
    /** EUR as entered (cost, own-transfer, sacrifice). */
    eur: numeric("eur", { precision: 14, scale: 2 }),
    acquiredOn: date("acquired_on", { mode: "string" }),
    /** own-transfer: the wallet or exchange account the tokens came from. */
    fromLabel: text("from_label"),
    /** sacrifice: what was given ("1.5 ETH"). */
    givenLabel: text("given_label"),
    declaredAt: timestamp("declared_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.chainId, t.txHash, t.token, t.wallet] })],
);

/**
 * Where a token's holder rewards come from, read from the token itself once (its distributor() or
 * dividendTracker() getter; null when it has neither): the senders whose payouts are ROI income.
 */
export const tokenRewardSources = pgTable(
  "token_reward_sources",
  {
    chainId: integer("chain_id").notNull(),
    token: text("token").notNull(),
    /** Lower-case address of the distributor or dividend tracker; null: not a printer token. */
    distributor: text("distributor"),
    /** Which getter named it: "distributor" (a printer) or "dividendTracker" (dividends); null before it was kept. */
    getter: text("getter"),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.token] })],
);

/** Manual investments of the ROI tracker (exact: numeric columns, amounts as entered). */
export const investments = pgTable(
  "investments",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    symbol: text("symbol").notNull().default(""),
    /** Null: no quantity entered. */
    quantity: numeric("quantity"),
    purchaseDate: text("purchase_date").notNull(),
    /** "USD" or "EUR": the currency of the purchase price and the current value. */
    currency: text("currency").notNull().default("USD"),
    purchasePrice: numeric("purchase_price").notNull(),
    currentValue: numeric("current_value").notNull(),
    chainId: integer("chain_id"),
    tokenAddress: text("token_address"),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("investments_user_idx").on(t.userId)],
);

/** The user's word on a sender: its transfers in are ROI income (true) or not (false), everywhere. */
export const incomeChoices = pgTable(
  "income_choices",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    chainId: integer("chain_id").notNull(),
    address: text("address").notNull(),
    income: boolean("income").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.chainId, t.address] })],
);

/** The user's word on single tokens (see core's token-choices.ts): included back although the rule excludes them. */
export const tokenChoices = pgTable(
  "token_choices",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    chainId: integer("chain_id").notNull(),
    address: text("address").notNull(),
    include: boolean("include").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.chainId, t.address] })],
);

/** The last computed portfolio per user (valid 10 minutes; refresh limited to once per 5). */
export const portfolioCache = pgTable("portfolio_cache", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  result: jsonb("result").notNull(),
  loadedAt: timestamp("loaded_at", { withTimezone: true }).notNull(),
});

/** One total per user and day, for the value chart. */
export const portfolioSnapshots = pgTable(
  "portfolio_snapshots",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    totalValue: numeric("total_value").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

// ---- Tax reports ----

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/**
 * A tax report job: one row per requested report. The work runs on pg-boss (queue
 * "tax-report"); this row is what the page reads (status, progress, error, summary) and, once
 * completed, holds the whole result as gzip-compressed JSON.
 */
export const taxReports = pgTable(
  "tax_reports",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** pending, processing, completed, failed. */
    status: text("status").notNull(),
    /** fetching_tx, classifying_tx, generating_report while processing. */
    step: text("step"),
    scope: text("scope").notNull(),
    address: text("address"),
    year: integer("year").notNull(),
    processedBatches: integer("processed_batches").notNull().default(0),
    totalBatches: integer("total_batches").notNull().default(0),
    /** While the history is read: records loaded so far and about how many there are (null: unknown). */
    syncLoaded: integer("sync_loaded"),
    syncExpected: integer("sync_expected"),
    error: text("error"),
    summary: jsonb("summary"),
    /** The request's manual entries (simple event format), kept so a retried job sees them too. */
    manualEntries: jsonb("manual_entries"),
    result: bytea("result"),
    resultBytes: integer("result_bytes"),
    /** The pg-boss job working on it. */
    bossJobId: text("boss_job_id"),
    attempts: integer("attempts").notNull().default(0),
    /** Set by the worker at every step: a processing row whose heartbeat is old lost its worker. */
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
    /** Of a completed report: the declarations version and fork cost it was made with (is it stale?). */
    declarationsVersion: text("declarations_version"),
    forkCost: text("fork_cost"),
    /** A monthly archive's month ("2026-11"): made by the schedule, kept apart from the user's own reports. */
    archiveMonth: text("archive_month"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("tax_reports_user_idx").on(t.userId, t.createdAt),
    index("tax_reports_status_idx").on(t.status),
    // One archive per user and month, however many workers run the schedule.
    uniqueIndex("tax_reports_archive_month_idx").on(t.userId, t.archiveMonth),
  ],
);

/**
 * A completed report's gzip result in pieces of at most RESULT_CHUNK_BYTES, in order of `seq` (the
 * embedded database's socket copies a message per incoming packet: one 10 MB value costs quadratic time,
 * pieces of half a megabyte linear). Reports from before keep theirs in tax_reports.result.
 */
export const taxReportResultChunks = pgTable(
  "tax_report_result_chunks",
  {
    reportId: text("report_id")
      .notNull()
      .references(() => taxReports.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.seq] })],
);

/**
 * Market data shared by all users (market/market-cache.ts): one row per resource ("pairs:369",
 * "token:369:0x…"). `leaseUntil` lets one process at a time ask the provider; a failed refresh keeps
 * the last data and records the error.
 */
export const marketCache = pgTable("market_cache", {
  key: text("key").primaryKey(),
  source: text("source"),
  data: jsonb("data"),
  fetchedAt: timestamp("fetched_at", { withTimezone: true }),
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
  error: text("error"),
  errorAt: timestamp("error_at", { withTimezone: true }),
});

/** A user's watchlist: tokens by chain and contract address. */
export const watchlist = pgTable(
  "watchlist",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    chainId: integer("chain_id").notNull(),
    address: text("address").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.chainId, t.address] })],
);

/**
 * An exchange or tax-tool account the user imported exports of (docs/product/imports.md): a wallet of
 * its own for the tax report. Deleting it deletes its files and rows.
 */
export const exchangeAccounts = pgTable(
  "exchange_accounts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The export format its files were read as (core's EXPORT_FORMATS). */
    format: text("format").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("exchange_accounts_user_idx").on(t.userId)],
);

/** One imported file: its name and content hash (the same file imported twice adds nothing). */
export const exchangeFiles = pgTable(
  "exchange_files",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => exchangeAccounts.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    /** SHA-256 of the file's bytes, hex. */
    contentHash: text("content_hash").notNull(),
    /** Rows this file added (an overlapping later export adds only what is new). */
    rowsAdded: integer("rows_added").notNull(),
    importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("exchange_files_account_hash_idx").on(t.accountId, t.contentHash)],
);

/** One imported row as read (core's ImportedRow), keyed within its account by the exchange's id or its content. */
export const exchangeRows = pgTable(
  "exchange_rows",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => exchangeAccounts.id, { onDelete: "cascade" }),
    fileId: text("file_id")
      .notNull()
      .references(() => exchangeFiles.id, { onDelete: "cascade" }),
    /** core's importedRowKeys: the exchange's id, else time, operation and legs with the repeat's number. */
    rowKey: text("row_key").notNull(),
    /** ISO 8601 as read (with Z when the file gives the zone). */
    time: text("time").notNull(),
    kind: text("kind").notNull(),
    row: jsonb("row").notNull(),
  },
  (t) => [
    uniqueIndex("exchange_rows_account_key_idx").on(t.accountId, t.rowKey),
    index("exchange_rows_account_time_idx").on(t.accountId, t.time),
  ],
);

// ---- Alerts ----

/** A user's alert switches and thresholds (core's AlertSettings); no row: the defaults (every kind on). */
export const alertSettings = pgTable("alert_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  settings: jsonb("settings").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One alert sent to a user: the in-app notification and the mail's part. `key` names the event
 * (core's alert rules), unique per user, so an event is stored, and mailed, once whatever runs it twice.
 * `mailState`: "pending" until a run claims it for its mail, then "sent"; "none" when not mailed.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    kind: text("kind").notNull(),
    facts: jsonb("facts").notNull(),
    mailState: text("mail_state").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("notifications_user_key_idx").on(t.userId, t.key),
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
  ],
);
