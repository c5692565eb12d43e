/**
 * The transaction inspector's live reads of one token's transfers at a wallet, straight from a history
 * source (nothing is stored): Blockscout's Etherscan-style `/api` (tokentx filtered by contract),
 * Blockscout `/api/v2` (the address's ERC-20 token transfers) and plain RPC logs (Transfer events of
 * the token contract to or from the wallet). Every read stops at a deadline and then says so: a
 * diagnostic must answer even when a provider crawls.
 */
import { type Log, type PublicClient, pad, toHex } from "viem";
import { isoToUnix, isRecord, toAddress, toInt, toTxHash, toUint } from "../../lib/parse-values.ts";
import { query } from "../../lib/query-string.ts";
import type { UpstreamClient } from "../../upstream/upstream-client.ts";
import { blockscoutApi, blockscoutV2 } from "../explorers/blockscout-instances.ts";
import {
  EtherscanStyleHistory,
  normalizeTokenTransferRow,
  parseListEnvelope,
  walkBlockRanges,
} from "../explorers/etherscan-format.ts";
import { OrdinalCounter, ProviderAnswerError } from "../explorers/util.ts";
import { DEPOSIT_TOPIC, TRANSFER_TOPIC, WITHDRAWAL_TOPIC } from "../history/rpc-log-history.ts";
import { readInRanges } from "../rpc/block-ranges.ts";
import type { ChainConfig } from "../services.ts";

/** One transfer of the token as a source reports it (amount in base units, addresses lower-case). */
export interface TokenRow {
  txHash: string;
  logIndex: number;
  blockNumber: number | null;
  timestamp: number | null;
  from: string;
  to: string;
  amount: string;
}

export interface TokenQuery {
  chainId: number;
  /** Lower-case wallet address. */
  wallet: string;
  /** Lower-case token contract. */
  token: string;
  /** Date.now() after which the read stops (what was read so far is kept, `error` says why). */
  deadline: number;
}

export interface TokenRead {
  rows: TokenRow[];
  /** The first page was full: the source has more. */
  hasMore: boolean;
  /** Why the read failed or stopped early; no URL and no key. */
  error: string | null;
}

export type SourceName = "blockscout-api" | "blockscout-v2" | "rpc";

export interface TokenReader {
  readonly name: SourceName;
  /** The first page of transfers, oldest first (the quick diagnostic). */
  firstPage(q: TokenQuery): Promise<TokenRead>;
  /** Every transfer, oldest first (the comparison). */
  all(q: TokenQuery): Promise<TokenRead>;
}

/** Rows of a first page. */
export const FIRST_PAGE_ROWS = 100;

const ZERO = "0x0000000000000000000000000000000000000000";

/** Problem texts may come from libraries and providers: URLs (which can carry keys) never leave. */
export function safeText(text: string): string {
  return text
    .replace(/[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi, "<url>")
    .replace(/(api[-_]?key|apikey|key|token|secret)=([^&\s]+)/gi, "$1=<hidden>")
    .slice(0, 300);
}

export function errorText(err: unknown): string {
  if (err instanceof Error) {
    const short = (err as Error & { shortMessage?: string }).shortMessage;
    return safeText(short ?? err.message);
  }
  return safeText(String(err));
}

class DeadlineError extends Error {
  constructor() {
    super("time limit reached before the read was complete");
  }
}

function checkDeadline(q: TokenQuery): void {
  if (Date.now() > q.deadline) throw new DeadlineError();
}

/** Oldest first: by block where both know it, else by time; then by log index. */
export function compareRows(a: TokenRow, b: TokenRow): number {
  if (a.blockNumber !== null && b.blockNumber !== null && a.blockNumber !== b.blockNumber)
    return a.blockNumber - b.blockNumber;
  if ((a.blockNumber === null || b.blockNumber === null) && (a.timestamp ?? 0) !== (b.timestamp ?? 0))
    return (a.timestamp ?? 0) - (b.timestamp ?? 0);
  return a.logIndex - b.logIndex || a.txHash.localeCompare(b.txHash);
}

/** Blockscout's Etherscan-compatible `/api`: tokentx with contractaddress, walked by block ranges. */
export class BlockscoutApiTokenReader implements TokenReader {
  readonly name = "blockscout-api";
  private readonly engine: EtherscanStyleHistory;

  constructor(upstream: UpstreamClient, baseUrl: string, provider: string) {
    const base = baseUrl.replace(/\/+$/, "");
    this.engine = new EtherscanStyleHistory({
      upstream,
      name: this.name,
      pageSize: 1000,
      maxWindow: 10_000,
      endpoint: () => ({ provider, url: (params) => `${base}?${query(params)}` }),
    });
  }

  private async page(
    q: TokenQuery,
    p: { startBlock: number; endBlock?: number; page: number; offset: number },
  ): Promise<Record<string, unknown>[]> {
    checkDeadline(q);
    const ep = this.engine.endpointFor(q.chainId);
    return this.engine.call(
      ep,
      "tokentx",
      "transactions",
      {
        module: "account",
        action: "tokentx",
        address: q.wallet,
        contractaddress: q.token,
        startblock: p.startBlock,
        endblock: p.endBlock,
        page: p.page,
        offset: p.offset,
        sort: "asc",
      },
      parseListEnvelope,
    );
  }

  private rowsOf(q: TokenQuery, raw: Record<string, unknown>[]): TokenRow[] {
    const ctx = { chainId: q.chainId, wallet: q.wallet, ordinals: new OrdinalCounter() };
    const rows: TokenRow[] = [];
    for (const r of raw) {
      const n = normalizeTokenTransferRow(r, ctx);
      if (!("ok" in n) || n.ok.token !== q.token) continue;
      const t = n.ok;
      rows.push({
        txHash: t.txHash,
        logIndex: t.logIndex,
        blockNumber: t.blockNumber,
        timestamp: t.timestamp,
        from: t.from,
        to: t.to,
        amount: t.amount,
      });
    }
    return rows.sort(compareRows);
  }

  async firstPage(q: TokenQuery): Promise<TokenRead> {
    try {
      const raw = await this.page(q, { startBlock: 0, page: 1, offset: FIRST_PAGE_ROWS });
      return { rows: this.rowsOf(q, raw), hasMore: raw.length >= FIRST_PAGE_ROWS, error: null };
    } catch (err) {
      return { rows: [], hasMore: false, error: errorText(err) };
    }
  }

  async all(q: TokenQuery): Promise<TokenRead> {
    const walk = await walkBlockRanges({
      fromBlock: 0,
      pageSize: 1000,
      maxWindow: 10_000,
      // The walk keeps what it read when a page fails; the deadline fails a page like a provider would.
      fetchPage: (p) =>
        this.page(q, p).catch((err: unknown) => {
          throw err instanceof DeadlineError ? new ProviderAnswerError(err.message) : err;
        }),
    }).catch((err: unknown) => ({ rows: [], problem: errorText(err) }));
    return { rows: this.rowsOf(q, walk.rows), hasMore: false, error: walk.problem ? safeText(walk.problem) : null };
  }
}

type Item = Record<string, unknown>;

/** Blockscout REST `/api/v2`: /addresses/{a}/token-transfers?type=ERC-20&token=…, newest first, 50 a page. */
export class BlockscoutV2TokenReader implements TokenReader {
  readonly name = "blockscout-v2";
  private readonly base: string;

  constructor(
    private readonly upstream: UpstreamClient,
    baseUrl: string,
    private readonly provider: string,
    private readonly maxPages = 2000,
  ) {
    this.base = baseUrl.replace(/\/+$/, "");
  }

  private async page(q: TokenQuery, params: Record<string, string>): Promise<{ items: Item[]; next: Item | null }> {
    checkDeadline(q);
    const qs = query({ type: "ERC-20", token: q.token, ...params });
    const { status, body } = await this.upstream.json<unknown>({
      provider: this.provider,
      endpoint: "token-transfers",
      kind: "transactions",
      url: `${this.base}/addresses/${q.wallet}/token-transfers?${qs}`,
    });
    const message = isRecord(body) && typeof body.message === "string" ? body.message : "error without message";
    // Older explorers answer 404 for an address they have never seen: nothing there.
    if (status === 404 && /^not found$/i.test(message)) return { items: [], next: null };
    if (status < 200 || status >= 300) throw new ProviderAnswerError(`HTTP ${status}: ${message}`, status === 429);
    if (!isRecord(body) || !Array.isArray(body.items))
      throw new ProviderAnswerError("unexpected answer: no items list");
    return { items: body.items.filter(isRecord), next: isRecord(body.next_page_params) ? body.next_page_params : null };
  }

  /** Both field generations (token.address / address_hash, tx_hash / transaction_hash, block / block_number). */
  private rowOf(q: TokenQuery, item: Item): TokenRow | null {
    const token = isRecord(item.token) ? item.token : {};
    const type = item.token_type ?? token.type;
    const total = isRecord(item.total) ? item.total : {};
    if ((typeof type === "string" && type !== "ERC-20") || total.token_id !== undefined) return null;
    const tokenAddress = toAddress(token.address_hash) ?? toAddress(token.address);
    if (tokenAddress !== q.token) return null;
    const hashOf = (v: unknown) => (isRecord(v) ? toAddress(v.hash) : null);
    const txHash = toTxHash(item.transaction_hash) ?? toTxHash(item.tx_hash);
    const from = hashOf(item.from);
    const to = hashOf(item.to);
    const amount = toUint(total.value);
    if (!txHash || !from || !to || amount === null) return null;
    if (from !== q.wallet && to !== q.wallet) return null;
    return {
      txHash,
      logIndex: toInt(item.log_index) ?? 0,
      blockNumber: toInt(item.block_number) ?? toInt(item.block),
      timestamp: isoToUnix(item.timestamp),
      from,
      to,
      amount,
    };
  }

  async firstPage(q: TokenQuery): Promise<TokenRead> {
    try {
      const { items, next } = await this.page(q, {});
      const rows = items.map((i) => this.rowOf(q, i)).filter((r): r is TokenRow => r !== null);
      return { rows: rows.sort(compareRows), hasMore: next !== null, error: null };
    } catch (err) {
      return { rows: [], hasMore: false, error: errorText(err) };
    }
  }

  async all(q: TokenQuery): Promise<TokenRead> {
    const rows: TokenRow[] = [];
    let params: Record<string, string> = {};
    let previous = "";
    let error: string | null = null;
    try {
      for (let page = 1; ; page++) {
        if (page > this.maxPages) {
          error = `stopped after ${this.maxPages} pages`;
          break;
        }
        const { items, next } = await this.page(q, params);
        for (const item of items) {
          const row = this.rowOf(q, item);
          if (row) rows.push(row);
        }
        if (!next) break;
        const key = JSON.stringify(next);
        if (key === previous) {
          error = "the explorer returned the same next_page_params twice";
          break;
        }
        previous = key;
        params = {};
        for (const [k, v] of Object.entries(next)) if (v !== null && v !== undefined) params[k] = String(v);
      }
    } catch (err) {
      error = errorText(err);
    }
    return { rows: rows.sort(compareRows), hasMore: false, error };
  }
}

/**
 * A plain JSON-RPC node: eth_getLogs of the token contract's Transfer events from or to the wallet
 * (and, for the wrapped native coin, its Deposit and Withdrawal events), from block 0 in ranges the
 * node accepts (the main path's range reader: halved on a range error, a rate limit waited out). Logs carry no time: the inspector asks for the blocks of
 * the rows it shows.
 */
export class RpcTokenReader implements TokenReader {
  readonly name = "rpc";

  constructor(
    private readonly client: PublicClient,
    private readonly options: {
      wrappedNative?: string;
      rangeBlocks?: number;
      rateLimitWaitsMs?: readonly number[];
    } = {},
  ) {}

  private getLogs(token: string, from: number, to: number, topics: (string | string[] | null)[]): Promise<Log[]> {
    return this.client.request({
      method: "eth_getLogs",
      params: [
        { address: token as `0x${string}`, fromBlock: toHex(from), toBlock: toHex(to), topics: topics as never },
      ],
    }) as unknown as Promise<Log[]>;
  }

  async all(q: TokenQuery): Promise<TokenRead> {
    const topic = pad(q.wallet as `0x${string}`, { size: 32 });
    const wrapped = this.options.wrappedNative?.toLowerCase() === q.token;
    const logs = new Map<string, Log>();
    let error: string | null = null;
    try {
      const head = Number(await this.client.getBlockNumber());
      await readInRanges(
        0,
        head,
        this.options.rangeBlocks ?? 500_000,
        async (start, end) => {
          checkDeadline(q);
          const [outgoing, incoming, wrapping] = await Promise.all([
            this.getLogs(q.token, start, end, [TRANSFER_TOPIC, topic]),
            this.getLogs(q.token, start, end, [TRANSFER_TOPIC, null, topic]),
            wrapped ? this.getLogs(q.token, start, end, [[DEPOSIT_TOPIC, WITHDRAWAL_TOPIC], topic]) : [],
          ]);
          for (const log of [...outgoing, ...incoming])
            if (log.topics.length === 3) logs.set(`${log.transactionHash}:${log.logIndex}`, log);
          for (const log of wrapping) logs.set(`${log.transactionHash}:${log.logIndex}`, log);
        },
        this.options.rateLimitWaitsMs ? { rateLimitWaitsMs: this.options.rateLimitWaitsMs } : {},
      );
    } catch (err) {
      error = err instanceof DeadlineError ? err.message : errorText(err);
    }
    const rows = [...logs.values()].map((log): TokenRow => {
      const topic0 = log.topics[0];
      const address = (t: string | undefined) => `0x${(t ?? "").slice(-40).toLowerCase()}`;
      const from = topic0 === DEPOSIT_TOPIC ? ZERO : address(log.topics[1]);
      const to =
        topic0 === DEPOSIT_TOPIC ? address(log.topics[1]) : topic0 === WITHDRAWAL_TOPIC ? ZERO : address(log.topics[2]);
      return {
        txHash: (log.transactionHash as string).toLowerCase(),
        logIndex: Number(log.logIndex),
        blockNumber: Number(log.blockNumber),
        timestamp: null,
        from,
        to,
        amount: BigInt(log.data === "0x" ? 0 : log.data).toString(),
      };
    });
    return { rows: rows.sort(compareRows), hasMore: false, error };
  }

  async firstPage(q: TokenQuery): Promise<TokenRead> {
    const read = await this.all(q);
    return {
      rows: read.rows.slice(0, FIRST_PAGE_ROWS),
      hasMore: read.rows.length > FIRST_PAGE_ROWS,
      error: read.error,
    };
  }

  /** Unix times of blocks. */
  async blockTimes(blocks: readonly number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    const found = await Promise.all(
      [...new Set(blocks)].map(async (n) => [
        n,
        Number((await this.client.getBlock({ blockNumber: BigInt(n) })).timestamp),
      ]),
    );
    for (const [n, time] of found) out.set(n as number, time as number);
    return out;
  }
}

export interface InspectorSources {
  /** Every source the installation can ask for the chain. */
  readers: TokenReader[];
  /** The one its history is synced from (or the nearest the inspector can ask). */
  primary: TokenReader | undefined;
}

/**
 * The history sources of a chain: a chain deployed locally (the devchain) only has its node (no
 * explorer indexes it); a mainnet chain has the configured Blockscout's `/api` and `/api/v2` and its
 * RPC node.
 */
export function inspectorSources(
  config: Pick<ChainConfig, "deployments" | "blockscoutUrls" | "history">,
  chain: { upstream: UpstreamClient; clients: ReadonlyMap<number, PublicClient>; wrappedNative?: string },
  chainId: number,
): InspectorSources {
  const client = chain.clients.get(chainId);
  const rpc = client
    ? new RpcTokenReader(client, chain.wrappedNative ? { wrappedNative: chain.wrappedNative } : {})
    : undefined;
  if (config.deployments.some((d) => d.chainId === chainId)) return { readers: rpc ? [rpc] : [], primary: rpc };
  const readers: TokenReader[] = [];
  const base = config.blockscoutUrls[chainId];
  if (base && base !== "off") {
    const api = blockscoutApi(chainId, base);
    const v2 = blockscoutV2(chainId, base);
    readers.push(new BlockscoutApiTokenReader(chain.upstream, api.baseUrl, api.provider));
    readers.push(new BlockscoutV2TokenReader(chain.upstream, v2.baseUrl, v2.provider));
  }
  if (rpc) readers.push(rpc);
  const kind = config.history[chainId] ?? "blockscout";
  const wanted: SourceName = kind === "blockscout-v2" ? "blockscout-v2" : kind === "rpc" ? "rpc" : "blockscout-api";
  return { readers, primary: readers.find((r) => r.name === wanted) ?? readers[0] };
}
