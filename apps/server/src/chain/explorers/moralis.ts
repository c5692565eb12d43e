/**
 * Moralis Data API v2.2 (https://deep-index.moralis.io/api/v2.2, header X-API-Key): ERC-20 transfers
 * (`/{a}/erc20/transfers`), native transactions with their internal transfers (`/{a}?include=internal_transactions`),
 * token discovery (`/wallets/{a}/tokens` or `/{a}/erc20`) and the native balance (`/{a}/balance`).
 * Cursor pagination; requests are sent oldest first (order=ASC) with from_block/to_block.
 * Read as in the recorded answers the tests replay (apps/server/test/providers/moralis.test.ts). The
 * native-transaction item shape is not among the recorded examples (UNCONFIRMED; fields from the Moralis
 * API reference) and is read leniently.
 */
import { ETHEREUM, type NormalizedTransfer, normalizeAddress, PULSECHAIN } from "@pulsemanager/core";
import { throwIfAborted, withAbort } from "../../lib/abort.ts";
import { isoToUnix, isRecord, toAddress, toInt, toText, toTxHash, toUint } from "../../lib/parse-values.ts";
import { query } from "../../lib/query-string.ts";
import type { UpstreamClient } from "../../upstream/upstream-client.ts";
import type {
  DiscoveredToken,
  DiscoveryQuery,
  DiscoveryResult,
  HistoryQuery,
  HistoryResult,
  HistorySource,
  NativeBalanceResult,
  TokenDiscovery,
} from "./types.ts";
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

export const MORALIS_URL = "https://deep-index.moralis.io/api/v2.2";

/** Moralis chain names ("pulse" = 0x171 = 369, "eth" = 0x1). */
export const MORALIS_CHAINS: Readonly<Record<number, string>> = { [PULSECHAIN]: "pulse", [ETHEREUM]: "eth" };

const NATIVE_PLACEHOLDER = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";

export interface MoralisOptions {
  upstream: UpstreamClient;
  /** MORALIS_API_KEY; required. */
  apiKey: string;
  /** Default https://deep-index.moralis.io/api/v2.2. */
  baseUrl?: string;
  /** UpstreamClient provider name; default "moralis". */
  provider?: string;
  /** Chain names by id; default MORALIS_CHAINS (use "0x171"/"0x1" if preferred). */
  chains?: Readonly<Record<number, string>>;
  /** Items per page (limit); default 100 (Moralis' maximum for these endpoints). */
  pageSize?: number;
  /** Discovery endpoint: "wallet-tokens" (/wallets/{a}/tokens, balances + prices, paginated) or "erc20" (/{a}/erc20, bare array). Default "wallet-tokens". */
  discovery?: "wallet-tokens" | "erc20";
  /** Safety stop per list walk; default 10,000 pages. */
  maxPages?: number;
  /** Newest blocks left out of the reported coverage so they are read again next time; default 600. */
  safetyMarginBlocks?: number;
}

type Item = Record<string, unknown>;

interface Ctx {
  chainId: number;
  chain: string;
  wallet: string;
  signal?: AbortSignal;
  problems: string[];
  bad: { count: number };
}

/** The query of an endpoint's pages: chain, order, block range, page size. */
type PageRange = Record<string, string | number | undefined>;

/** What one endpoint's pages gave: the transfers, the highest block seen, the problem that stopped the walk. */
interface EndpointRead {
  transfers: NormalizedTransfer[];
  maxBlock: number;
  problem: string | undefined;
}

export class MoralisSource implements HistorySource, TokenDiscovery {
  readonly name = "moralis";
  private readonly base: string;
  private readonly provider: string;
  private readonly chains: Readonly<Record<number, string>>;
  private readonly pageSize: number;
  private readonly maxPages: number;

  constructor(private readonly options: MoralisOptions) {
    if (!options.apiKey) throw new Error("MoralisSource needs an API key (MORALIS_API_KEY)");
    this.base = (options.baseUrl ?? MORALIS_URL).replace(/\/+$/, "");
    this.provider = options.provider ?? "moralis";
    this.chains = options.chains ?? MORALIS_CHAINS;
    this.pageSize = options.pageSize ?? 100;
    this.maxPages = options.maxPages ?? 10_000;
  }

  supportsChain(chainId: number): boolean {
    return this.chains[chainId] !== undefined;
  }

  private chain(chainId: number): string {
    const c = this.chains[chainId];
    if (!c) throw new Error(`${this.name} does not serve chain ${chainId}`);
    return c;
  }

  /** GET with the key header; non-2xx answers ({"message"}) throw ProviderAnswerError. */
  private async get(
    path: string,
    endpoint: string,
    kind: "transactions" | "balances",
    params: Record<string, string | number | undefined>,
    signal?: AbortSignal,
  ): Promise<unknown> {
    const { status, body } = await withAbort(
      this.options.upstream.json<unknown>({
        provider: this.provider,
        endpoint,
        kind,
        url: `${this.base}${path}?${query(params)}`,
        init: { headers: { "X-API-Key": this.options.apiKey, accept: "application/json" }, signal },
      }),
      signal,
    );
    if (status >= 200 && status < 300) return body;
    const message = isRecord(body) && typeof body.message === "string" ? body.message : "error without message";
    throw new ProviderAnswerError(`HTTP ${status}: ${message}`, status === 429);
  }

  /** Follows `cursor` until it is null or ""; `onPage` gets each page's result list. Returns a problem text on failure. */
  private async walk(
    ctx: Ctx,
    path: string,
    endpoint: string,
    kind: "transactions" | "balances",
    params: Record<string, string | number | undefined>,
    onPage: (items: Item[]) => void,
  ): Promise<string | undefined> {
    let cursor: string | undefined;
    for (let page = 1; ; page++) {
      throwIfAborted(ctx.signal);
      if (page > this.maxPages) return `stopped after ${this.maxPages} pages`;
      let body: unknown;
      try {
        body = await this.get(path, endpoint, kind, { ...params, cursor }, ctx.signal);
      } catch (err) {
        return failureText(err, ctx.signal);
      }
      if (!isRecord(body) || !Array.isArray(body.result)) return "unexpected answer: no result list";
      onPage(body.result.filter(isRecord));
      const next = typeof body.cursor === "string" && body.cursor !== "" ? body.cursor : undefined;
      if (!next) return undefined;
      if (next === cursor) return "the same cursor came back twice";
      cursor = next;
    }
  }

  private keep(ctx: Ctx, endpoint: string, r: Normalized, out: NormalizedTransfer[]): void {
    if ("ok" in r) out.push(r.ok);
    else if ("bad" in r) {
      ctx.bad.count++;
      if (ctx.bad.count <= 5)
        ctx.problems.push(problemText(this.name, ctx.chainId, endpoint, `unreadable item skipped: ${r.bad}`));
    }
  }

  async fetchTransfers(p: HistoryQuery): Promise<HistoryResult> {
    const wallet = checkHistoryQuery(p);
    const ctx: Ctx = {
      chainId: p.chainId,
      chain: this.chain(p.chainId),
      wallet,
      signal: p.signal,
      problems: [],
      bad: { count: 0 },
    };
    const range = {
      chain: ctx.chain,
      order: "ASC",
      from_block: p.fromBlock,
      to_block: p.toBlock,
      limit: this.pageSize,
    };
    const [tokens, native] = await Promise.all([
      this.readTokenTransfers(ctx, range, p.fromBlock),
      this.readTransactions(ctx, range, p.fromBlock),
    ]);
    // Pages are oldest first: after a failure everything below the last block seen is complete (that
    // block itself may continue on the page that failed).
    const coverages: Array<number | undefined> = [];
    if (tokens.problem) {
      ctx.problems.push(problemText(this.name, p.chainId, "erc20/transfers", tokens.problem));
      coverages.push(Math.max(p.fromBlock - 1, tokens.maxBlock - 1));
    }
    if (native.problem) {
      ctx.problems.push(problemText(this.name, p.chainId, "transactions", native.problem));
      coverages.push(Math.max(p.fromBlock - 1, native.maxBlock - 1));
    }
    if (ctx.bad.count > 5)
      ctx.problems.push(
        problemText(this.name, p.chainId, "history", `${ctx.bad.count} unreadable items skipped in total`),
      );
    const transfers = [...native.transfers, ...tokens.transfers];
    fillMethodIds(transfers);
    const all = dedupeAndSort(transfers);
    return {
      transfers: all,
      toBlock: coveredTo(
        p.fromBlock,
        p.toBlock,
        maxBlock(all),
        coverages,
        this.options.safetyMarginBlocks ?? DEFAULT_SAFETY_MARGIN_BLOCKS,
      ),
      partial: ctx.problems.length > 0,
      problems: ctx.problems,
    };
  }

  /** The wallet's token transfers in the range, the highest block seen, and the problem that stopped the walk. */
  private async readTokenTransfers(ctx: Ctx, range: PageRange, fromBlock: number): Promise<EndpointRead> {
    const read: EndpointRead = { transfers: [], maxBlock: fromBlock - 1, problem: undefined };
    read.problem = await this.walk(
      ctx,
      `/${ctx.wallet}/erc20/transfers`,
      "erc20/transfers",
      "transactions",
      range,
      (items) => {
        for (const item of items) {
          const r = this.normalizeTokenTransfer(ctx, item);
          const b = toInt(item.block_number);
          if (b !== null && b > read.maxBlock) read.maxBlock = b;
          this.keep(ctx, "erc20/transfers", r, read.transfers);
        }
      },
    );
    return read;
  }

  /** The wallet's transactions with their internal transfers (native coin) in the range, like readTokenTransfers. */
  private async readTransactions(ctx: Ctx, range: PageRange, fromBlock: number): Promise<EndpointRead> {
    const read: EndpointRead = { transfers: [], maxBlock: fromBlock - 1, problem: undefined };
    const params = { ...range, include: "internal_transactions" };
    read.problem = await this.walk(ctx, `/${ctx.wallet}`, "transactions", "transactions", params, (items) => {
      for (const item of items) {
        const b = toInt(item.block_number);
        if (b !== null && b > read.maxBlock) read.maxBlock = b;
        this.keep(ctx, "transactions", this.normalizeTransaction(ctx, item), read.transfers);
        const ordinals = new OrdinalCounter();
        const internals = Array.isArray(item.internal_transactions) ? item.internal_transactions.filter(isRecord) : [];
        for (const internal of internals)
          this.keep(ctx, "transactions", this.normalizeInternal(ctx, item, internal, ordinals), read.transfers);
      }
    });
    return read;
  }

  private normalizeTokenTransfer(ctx: Ctx, item: Item): Normalized {
    const txHash = toTxHash(item.transaction_hash);
    const from = toAddress(item.from_address);
    const to = toAddress(item.to_address);
    const token = toAddress(item.address);
    const amount = toUint(item.value);
    const blockNumber = toInt(item.block_number);
    const logIndex = toInt(item.log_index);
    const timestamp = isoToUnix(item.block_timestamp);
    if (
      !txHash ||
      !from ||
      !to ||
      !token ||
      amount === null ||
      blockNumber === null ||
      logIndex === null ||
      timestamp === null
    ) {
      return {
        bad: `erc20 transfer ${String(item.transaction_hash)} lacks hash/from/to/address/value/block/log_index/timestamp`,
      };
    }
    if (from !== ctx.wallet && to !== ctx.wallet) return { skip: true };
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
      methodId: null,
      internal: false,
    });
  }

  private normalizeTransaction(ctx: Ctx, item: Item): Normalized {
    const txHash = toTxHash(item.hash);
    const from = toAddress(item.from_address);
    const to = toAddress(item.to_address) ?? toAddress(item.receipt_contract_address);
    const value = toUint(item.value);
    const blockNumber = toInt(item.block_number);
    const timestamp = isoToUnix(item.block_timestamp);
    if (!txHash || !from || !to || value === null || blockNumber === null || timestamp === null) {
      return { bad: `transaction ${String(item.hash)} lacks hash/from/to/value/block_number/block_timestamp` };
    }
    const party = walletParty(ctx.wallet, {
      from,
      to,
      gasUsed: toUint(item.receipt_gas_used),
      gasPrice: toUint(item.gas_price),
    });
    if (!party.mine) return { skip: true };
    const failed = item.receipt_status === "0" || item.receipt_status === 0;
    const fee = party.fee;
    if (fee === null) return { bad: `transaction ${txHash} lacks receipt_gas_used/gas_price` };
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
      methodId: methodIdFrom(item.input),
    });
  }

  private normalizeInternal(ctx: Ctx, parent: Item, item: Item, ordinals: OrdinalCounter): Normalized {
    const txHash = toTxHash(item.transaction_hash) ?? toTxHash(parent.hash);
    const from = toAddress(item.from);
    const to = toAddress(item.to);
    const amount = toUint(item.value);
    const blockNumber = toInt(item.block_number) ?? toInt(parent.block_number);
    const timestamp = isoToUnix(parent.block_timestamp);
    if (!txHash || !from || !to || amount === null || blockNumber === null || timestamp === null) {
      return { bad: `internal transaction of ${String(parent.hash)} lacks from/to/value/block` };
    }
    const index = ordinals.next(txHash);
    if (amount === "0" || (from !== ctx.wallet && to !== ctx.wallet)) return { skip: true };
    if (parent.receipt_status === "0" || parent.receipt_status === 0) return { skip: true };
    return checked({
      chainId: ctx.chainId,
      txHash,
      logIndex: index,
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

  async discoverTokens(p: DiscoveryQuery): Promise<DiscoveryResult> {
    const wallet = normalizeAddress(p.address);
    const chain = this.chain(p.chainId);
    throwIfAborted(p.signal);
    const tokens = new Map<string, DiscoveredToken>();
    const add = (item: Item) => {
      const address = toAddress(item.token_address);
      if (!address || address === NATIVE_PLACEHOLDER || item.native_token === true) return;
      tokens.set(address, {
        address,
        symbol: toText(item.symbol),
        name: toText(item.name),
        decimals: toInt(item.decimals),
        balance: toUint(item.balance),
        ...(typeof item.possible_spam === "boolean" ? { possibleSpam: item.possible_spam } : {}),
      });
    };
    if ((this.options.discovery ?? "wallet-tokens") === "erc20") {
      try {
        const body = await this.get(`/${wallet}/erc20`, "erc20", "balances", { chain }, p.signal);
        if (!Array.isArray(body)) throw new ProviderAnswerError("unexpected answer: not a list");
        for (const item of body) if (isRecord(item)) add(item);
        return { tokens: [...tokens.values()], partial: false, problems: [] };
      } catch (err) {
        return {
          tokens: [],
          partial: true,
          problems: [problemText(this.name, p.chainId, "erc20", failureText(err, p.signal))],
        };
      }
    }
    const ctx: Ctx = { chainId: p.chainId, chain, wallet, signal: p.signal, problems: [], bad: { count: 0 } };
    const problem = await this.walk(
      ctx,
      `/wallets/${wallet}/tokens`,
      "wallets/tokens",
      "balances",
      { chain },
      (items) => {
        for (const item of items) add(item);
      },
    );
    const problems = problem ? [problemText(this.name, p.chainId, "wallets/tokens", problem)] : [];
    return { tokens: [...tokens.values()], partial: problems.length > 0, problems };
  }

  /** /{a}/balance: {"balance": "<wei>"}. */
  async nativeBalance(p: DiscoveryQuery): Promise<NativeBalanceResult> {
    const wallet = normalizeAddress(p.address);
    const chain = this.chain(p.chainId);
    throwIfAborted(p.signal);
    try {
      const body = await this.get(`/${wallet}/balance`, "balance", "balances", { chain }, p.signal);
      const balance = isRecord(body) ? toUint(body.balance) : null;
      if (balance === null) throw new ProviderAnswerError("unexpected answer: no balance");
      return { balance, problems: [] };
    } catch (err) {
      return { balance: null, problems: [problemText(this.name, p.chainId, "balance", failureText(err, p.signal))] };
    }
  }
}
