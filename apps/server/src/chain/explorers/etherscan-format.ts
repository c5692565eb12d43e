/**
 * The Etherscan-compatible account API as Etherscan v2 and Blockscout `/api` speak it: the
 * {status, message, result} envelope, the tokentx / txlist / txlistinternal rows (Blockscout before
 * and after v9, Etherscan), and a history reader that walks block ranges past the 10,000-record window.
 * Read as in the recorded answers the tests replay (apps/server/test/providers/blockscout-etherscan.test.ts and
 * etherscan-v2.test.ts).
 */
import { type NormalizedTransfer, normalizeAddress } from "@pulsemanager/core";
import { defaultSleep, throwIfAborted, withAbort } from "../../lib/abort.ts";
import { isRecord, toAddress, toInt, toTxHash, toUint } from "../../lib/parse-values.ts";
import type { CallKind } from "../../upstream/compute-units.ts";
import type { UpstreamClient } from "../../upstream/upstream-client.ts";
import type { HistoryQuery, HistoryResult } from "./types.ts";
import {
  checked,
  checkHistoryQuery,
  coveredTo,
  DEFAULT_SAFETY_MARGIN_BLOCKS,
  dedupeAndSort,
  failureText,
  fillMethodIds,
  maxBlock,
  methodIdFrom,
  type Normalized,
  OrdinalCounter,
  ProviderAnswerError,
  problemText,
  topLevelNativeRecord,
  walletParty,
} from "./util.ts";

export type Row = Record<string, unknown>;

/** Messages that mean "nothing there" (status "0" with result []). */
const EMPTY_MESSAGE = /^no .*found/i;
const RATE_LIMIT = /rate limit|too many requests/i;
const DAILY = /daily/i;

function errorText(httpStatus: number, body: Record<string, unknown>): string {
  const { message, result } = body;
  let text: string;
  if (typeof result === "string" && result && (message === "NOTOK" || typeof message !== "string")) text = result;
  else if (typeof message === "string" && message)
    text = typeof result === "string" && result ? `${message}: ${result}` : message;
  else text = "error without message";
  return httpStatus === 200 ? text : `HTTP ${httpStatus}: ${text}`;
}

function answerError(httpStatus: number, body: Record<string, unknown>): ProviderAnswerError {
  const text = errorText(httpStatus, body);
  return new ProviderAnswerError(text, RATE_LIMIT.test(text) && !DAILY.test(text));
}

/**
 * A list answer: rows, or [] for "No transactions found" / "No token transfers found" / "No internal
 * transactions found" / "No tokens found" (status "0", result []). Errors (status "0" with result null
 * or an error text, NOTOK, non-200) throw ProviderAnswerError; rate-limit texts are marked retryable.
 */
export function parseListEnvelope(httpStatus: number, body: unknown): Row[] {
  if (!isRecord(body))
    throw new ProviderAnswerError(`unexpected answer (HTTP ${httpStatus}): not an {status, message, result} object`);
  const { status, message, result } = body;
  if (httpStatus === 200 && Array.isArray(result)) {
    if (status === "1" || status === 1) return result.filter(isRecord);
    if (result.length === 0) return [];
  }
  if (
    httpStatus === 200 &&
    status === "0" &&
    result === null &&
    typeof message === "string" &&
    EMPTY_MESSAGE.test(message)
  )
    return [];
  throw answerError(httpStatus, body);
}

/** A scalar answer (balance): the result string. */
export function parseScalarEnvelope(httpStatus: number, body: unknown): string {
  if (!isRecord(body))
    throw new ProviderAnswerError(`unexpected answer (HTTP ${httpStatus}): not an {status, message, result} object`);
  if (httpStatus === 200 && (body.status === "1" || body.status === 1) && typeof body.result === "string")
    return body.result;
  throw answerError(httpStatus, body);
}

export interface RowContext {
  chainId: number;
  wallet: string;
  ordinals: OrdinalCounter;
}

/** A tokentx row (ERC-20 only; ERC-721/1155 rows of Blockscout before v9 are skipped). */
export function normalizeTokenTransferRow(row: Row, ctx: RowContext): Normalized {
  if ((row.tokenID !== undefined && row.tokenID !== null && row.tokenID !== "") || row.tokenValue !== undefined)
    return { skip: true };
  const type = row.tokenType ?? row.type;
  if (typeof type === "string" && type !== "" && type !== "ERC-20") return { skip: true };
  const txHash = toTxHash(row.hash ?? row.transactionHash);
  const from = toAddress(row.from);
  const to = toAddress(row.to);
  const token = toAddress(row.contractAddress);
  const amount = toUint(row.value);
  const blockNumber = toInt(row.blockNumber);
  const timestamp = toInt(row.timeStamp);
  if (!txHash || !from || !to || !token || amount === null || blockNumber === null || timestamp === null) {
    return { bad: `tokentx row ${String(row.hash)} lacks hash/from/to/contractAddress/value/blockNumber/timeStamp` };
  }
  if (from !== ctx.wallet && to !== ctx.wallet) return { skip: true };
  const logIndex = toInt(row.logIndex) ?? ctx.ordinals.next(txHash);
  return checked({
    chainId: ctx.chainId,
    txHash,
    logIndex,
    blockNumber,
    timestamp,
    from,
    to,
    token,
    amount,
    fee: "0",
    methodId: methodIdFrom(row.methodId) ?? methodIdFrom(row.input),
    internal: false,
  });
}

/**
 * A txlist row: one native record per transaction (logIndex -1). A failed transaction moved no value
 * (amount "0") but its fee was paid; the fee (gasUsed * gasPrice) is set only when the wallet sent it.
 * Records with neither value nor fee for the wallet are skipped.
 */
export function normalizeTransactionRow(row: Row, ctx: RowContext): Normalized {
  const txHash = toTxHash(row.hash);
  const from = toAddress(row.from);
  const to = toAddress(row.to) ?? toAddress(row.contractAddress);
  const value = toUint(row.value);
  const blockNumber = toInt(row.blockNumber);
  const timestamp = toInt(row.timeStamp);
  if (!txHash || !from || !to || value === null || blockNumber === null || timestamp === null) {
    return { bad: `txlist row ${String(row.hash)} lacks hash/from/to/value/blockNumber/timeStamp` };
  }
  const party = walletParty(ctx.wallet, { from, to, gasUsed: toUint(row.gasUsed), gasPrice: toUint(row.gasPrice) });
  if (!party.mine) return { skip: true };
  const failed = row.isError === "1" || row.txreceipt_status === "0";
  const fee = party.fee;
  if (fee === null) return { bad: `txlist row ${txHash} lacks gasUsed/gasPrice` };
  return topLevelNativeRecord({
    chainId: ctx.chainId,
    txHash,
    blockNumber,
    timestamp,
    from,
    to,
    value,
    fee,
    failed,
    methodId: methodIdFrom(row.methodId) ?? methodIdFrom(row.input),
  });
}

/** A txlistinternal row: an internal native transfer (failed or zero-value traces are skipped). */
export function normalizeInternalRow(row: Row, ctx: RowContext): Normalized {
  const txHash = toTxHash(row.transactionHash ?? row.hash);
  const from = toAddress(row.from);
  const to = toAddress(row.to) ?? toAddress(row.contractAddress);
  const amount = toUint(row.value);
  const blockNumber = toInt(row.blockNumber);
  const timestamp = toInt(row.timeStamp);
  if (!txHash || !from || !to || amount === null || blockNumber === null || timestamp === null) {
    return {
      bad: `txlistinternal row ${String(row.transactionHash ?? row.hash)} lacks hash/from/to/value/blockNumber/timeStamp`,
    };
  }
  if (row.isError === "1" || amount === "0") return { skip: true };
  if (from !== ctx.wallet && to !== ctx.wallet) return { skip: true };
  const logIndex = toInt(row.index) ?? ctx.ordinals.next(txHash);
  return checked({
    chainId: ctx.chainId,
    txHash,
    logIndex,
    blockNumber,
    timestamp,
    from,
    to,
    token: "native",
    amount,
    fee: "0",
    methodId: null,
    internal: true,
  });
}

export interface WalkResult {
  rows: Row[];
  /** Highest block fully read when the walk stopped early; undefined when it reached the end. */
  covered?: number;
  problem?: string;
}

export interface WalkOptions {
  fromBlock: number;
  toBlock?: number;
  pageSize: number;
  /** page * offset may not exceed this (10,000 on Blockscout and Etherscan). */
  maxWindow: number;
  signal?: AbortSignal;
  fetchPage(p: { startBlock: number; endBlock?: number; page: number; offset: number }): Promise<Row[]>;
}

const blockOf = (row: Row): number | null => toInt(row.blockNumber);

/**
 * Reads [fromBlock, toBlock] in ascending block windows: when a page comes back full, the rows of its
 * last block are dropped and the next query starts at that block (so every block is accepted exactly
 * once and complete). A block holding more than a full page is paged through on its own
 * (startblock = endblock), up to the provider's window.
 */
export async function walkBlockRanges(o: WalkOptions): Promise<WalkResult> {
  const accepted: Row[] = [];
  let start = o.fromBlock;
  const fail = (err: unknown, covered: number): WalkResult => ({
    rows: accepted,
    covered,
    problem: failureText(err, o.signal),
  });
  for (;;) {
    throwIfAborted(o.signal);
    let rows: Row[];
    try {
      rows = await o.fetchPage({ startBlock: start, endBlock: o.toBlock, page: 1, offset: o.pageSize });
    } catch (err) {
      return fail(err, start - 1);
    }
    let last = -1;
    let prev = -1;
    for (const row of rows) {
      const b = blockOf(row);
      if (b === null) continue;
      if (b < prev)
        return {
          rows: accepted,
          covered: start - 1,
          problem: "rows are not in ascending block order (sort=asc ignored?)",
        };
      prev = b;
      last = b;
    }
    if (rows.length < o.pageSize) {
      accepted.push(...rows);
      return { rows: accepted };
    }
    if (last < 0) return { rows: accepted, covered: start - 1, problem: "a full page without readable block numbers" };
    if (last > start) {
      for (const row of rows) {
        const b = blockOf(row);
        if (b === null || b < last) accepted.push(row);
      }
      start = last;
      continue;
    }
    // More rows in block `start` than one page holds: page through that block alone.
    const blockRows: Row[] = [];
    for (let page = 1; ; page++) {
      if (page * o.pageSize > o.maxWindow) {
        return {
          rows: accepted,
          covered: start - 1,
          problem: `more than ${o.maxWindow} records in block ${start}; the rest of that block cannot be read`,
        };
      }
      throwIfAborted(o.signal);
      let more: Row[];
      try {
        more = await o.fetchPage({ startBlock: start, endBlock: start, page, offset: o.pageSize });
      } catch (err) {
        return fail(err, start - 1);
      }
      blockRows.push(...more);
      if (more.length < o.pageSize) break;
    }
    accepted.push(...blockRows);
    if (o.toBlock !== undefined && start >= o.toBlock) return { rows: accepted };
    start += 1;
  }
}

export type Action = "tokentx" | "txlist" | "txlistinternal";

export interface EtherscanStyleEndpoint {
  /** UpstreamClient provider name (policies, metering). */
  provider: string;
  /** Full request URL for these query parameters. */
  url(params: Record<string, string | number | undefined>): string;
}

export interface EtherscanStyleOptions {
  upstream: UpstreamClient;
  /** Source name for results and problem texts. */
  name: string;
  /** The endpoint for a chain, or undefined when the source does not serve it. */
  endpoint(chainId: number): EtherscanStyleEndpoint | undefined;
  /** Rows per request (offset); at most `maxWindow`. */
  pageSize: number;
  maxWindow: number;
  /** Newest blocks left uncovered in `toBlock` so the next read sees them again (see coveredTo). */
  safetyMarginBlocks?: number;
  /** Query of the explorer's newest block (a JSON-RPC style `result` in hex); without it `headBlock` says null. */
  headParams?: Record<string, string>;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

const ACTIONS: ReadonlyArray<{ action: Action; normalize: (row: Row, ctx: RowContext) => Normalized }> = [
  { action: "tokentx", normalize: normalizeTokenTransferRow },
  { action: "txlist", normalize: normalizeTransactionRow },
  { action: "txlistinternal", normalize: normalizeInternalRow },
];

/** The shared engine of the Blockscout `/api` and Etherscan v2 history sources. */
export class EtherscanStyleHistory {
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;

  constructor(private readonly o: EtherscanStyleOptions) {
    if (!Number.isInteger(o.pageSize) || o.pageSize < 1 || o.pageSize > o.maxWindow)
      throw new RangeError(`pageSize must be 1..${o.maxWindow}`);
    this.sleep = o.sleep ?? defaultSleep;
    this.random = o.random ?? Math.random;
  }

  endpointFor(chainId: number): EtherscanStyleEndpoint {
    const ep = this.o.endpoint(chainId);
    if (!ep) throw new Error(`${this.o.name} does not serve chain ${chainId}`);
    return ep;
  }

  /**
   * One GET through the UpstreamClient (which retries 429/5xx/timeouts); an answer whose body says
   * "rate limit" with HTTP 200 (Etherscan's NOTOK "Max calls per sec rate limit reached") is retried
   * here with the provider's backoff. Throws UpstreamError or ProviderAnswerError.
   */
  async call<T>(
    ep: EtherscanStyleEndpoint,
    endpoint: string,
    kind: CallKind,
    params: Record<string, string | number | undefined>,
    parse: (status: number, body: unknown) => T,
    signal?: AbortSignal,
  ): Promise<T> {
    const policy = this.o.upstream.policy(ep.provider);
    for (let attempt = 1; ; attempt++) {
      const { status, body } = await withAbort(
        this.o.upstream.json<unknown>({
          provider: ep.provider,
          endpoint,
          kind,
          url: ep.url(params),
          init: signal ? { signal } : undefined,
        }),
        signal,
      );
      try {
        return parse(status, body);
      } catch (err) {
        if (!(err instanceof ProviderAnswerError) || !err.rateLimited || attempt > policy.retries) throw err;
      }
      throwIfAborted(signal);
      const base = (policy.backoffMs ?? 300) * 2 ** (attempt - 1);
      await this.sleep(Math.max(base * (0.5 + this.random()), Math.min(1000, base * 4)));
      throwIfAborted(signal);
    }
  }

  async fetchTransfers(p: HistoryQuery): Promise<HistoryResult> {
    const wallet = checkHistoryQuery(p);
    const ep = this.endpointFor(p.chainId);
    const problems: string[] = [];
    const transfers: NormalizedTransfer[] = [];
    let bad = 0;
    const streams = await Promise.all(
      ACTIONS.map(async ({ action, normalize }) => {
        const walk = await walkBlockRanges({
          fromBlock: p.fromBlock,
          toBlock: p.toBlock,
          pageSize: this.o.pageSize,
          maxWindow: this.o.maxWindow,
          signal: p.signal,
          fetchPage: ({ startBlock, endBlock, page, offset }) =>
            this.call(
              ep,
              action,
              "transactions",
              {
                module: "account",
                action,
                address: wallet,
                startblock: startBlock,
                endblock: endBlock,
                page,
                offset,
                sort: "asc",
              },
              parseListEnvelope,
              p.signal,
            ),
        });
        return { action, normalize, walk };
      }),
    );
    const coverages: Array<number | undefined> = [];
    for (const { action, normalize, walk } of streams) {
      if (walk.problem) problems.push(problemText(this.o.name, p.chainId, action, walk.problem));
      coverages.push(walk.covered);
      const ctx: RowContext = { chainId: p.chainId, wallet, ordinals: new OrdinalCounter() };
      for (const row of walk.rows) {
        const r = normalize(row, ctx);
        if ("ok" in r) transfers.push(r.ok);
        else if ("bad" in r) {
          bad++;
          if (bad <= 5) problems.push(problemText(this.o.name, p.chainId, action, `unreadable row skipped: ${r.bad}`));
        }
      }
    }
    if (bad > 5)
      problems.push(problemText(this.o.name, p.chainId, "history", `${bad} unreadable rows skipped in total`));
    fillMethodIds(transfers);
    const all = dedupeAndSort(transfers);
    return {
      transfers: all,
      toBlock: coveredTo(
        p.fromBlock,
        p.toBlock,
        maxBlock(all),
        coverages,
        p.marginBlocks ?? this.o.safetyMarginBlocks ?? DEFAULT_SAFETY_MARGIN_BLOCKS,
      ),
      partial: problems.length > 0,
      problems,
    };
  }

  /** The block of the address's oldest record in any of the three lists (one row each), null when none or unknown. */
  async firstBlock(chainId: number, address: string, signal?: AbortSignal): Promise<number | null> {
    if (!this.o.headParams) return null;
    const wallet = normalizeAddress(address);
    const ep = this.endpointFor(chainId);
    try {
      const firsts = await Promise.all(
        ACTIONS.map(({ action }) =>
          this.call(
            ep,
            action,
            "transactions",
            { module: "account", action, address: wallet, startblock: 0, page: 1, offset: 1, sort: "asc" },
            parseListEnvelope,
            signal,
          ),
        ),
      );
      const blocks = firsts.flatMap((rows) => rows.map(blockOf)).filter((b): b is number => b !== null);
      return blocks.length > 0 ? Math.min(...blocks) : null;
    } catch (err) {
      failureText(err, signal);
      return null;
    }
  }

  /** The explorer's newest block (`headParams`), null when not configured or not readable. */
  async headBlock(chainId: number, signal?: AbortSignal): Promise<number | null> {
    if (!this.o.headParams) return null;
    try {
      const body = await this.call(
        this.endpointFor(chainId),
        "head",
        "metadata",
        this.o.headParams,
        (_status, b) => (isRecord(b) && typeof b.result === "string" ? Number.parseInt(b.result, 16) : Number.NaN),
        signal,
      );
      return Number.isSafeInteger(body) && body > 0 ? body : null;
    } catch (err) {
      failureText(err, signal);
      return null;
    }
  }
}
