/**
 * Blockscout REST `/api/v2`: `/addresses/{a}/token-transfers?type=ERC-20`, `/transactions`,
 * `/internal-transactions`, `/token-balances`, `/addresses/{a}`. Lists come newest first in pages of 50
 * with `next_page_params` (sent back verbatim). Both field generations are read: PulseChain's older
 * instance (token.address, tx_hash, block, string log_index, no block number on token transfers) and
 * current Blockscout (token.address_hash, transaction_hash, block_number, integer log_index).
 * Read as in the recorded answers the tests replay (apps/server/test/providers/blockscout-v2.test.ts).
 */
import { type NormalizedTransfer, normalizeAddress } from "@pulsemanager/core";
import { throwIfAborted, withAbort } from "../../lib/abort.ts";
import { isoToUnix, isRecord, toAddress, toInt, toTxHash, toUint } from "../../lib/parse-values.ts";
import { query } from "../../lib/query-string.ts";
import type { UpstreamClient } from "../../upstream/upstream-client.ts";
import { type BlockscoutInstance, blockscoutV2, publicBlockscouts } from "./blockscout-instances.ts";
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
  discoveredToken,
  failedDiscovery,
  failureText,
  fillMethodIds,
  maxBlock,
  methodIdFrom,
  type Normalized,
  ProviderAnswerError,
  problemText,
  topLevelNativeRecord,
  walletParty,
} from "./util.ts";

export const DEFAULT_BLOCKSCOUT_V2 = publicBlockscouts((chainId) => blockscoutV2(chainId));

export interface BlockscoutV2Options {
  upstream: UpstreamClient;
  instances?: Readonly<Record<number, BlockscoutInstance>>;
  /** Safety stop per list walk (50 items a page); default 20,000 pages. */
  maxPages?: number;
  /** Newest blocks left out of the reported coverage so they are read again next time; default 600. */
  safetyMarginBlocks?: number;
}

type Item = Record<string, unknown>;

interface Ctx {
  chainId: number;
  wallet: string;
  fromBlock: number;
  toBlock?: number;
  signal?: AbortSignal;
  base: string;
  provider: string;
  /** tx hash -> block number, from the transaction lists (free block numbers for old token transfers). */
  txBlocks: Map<string, number>;
  /** block hash -> block number. */
  blockHashes: Map<string, number>;
  problems: string[];
  bad: { count: number };
}

/**
 * About how many records an address's history holds: `/api/v2/addresses/{a}/counters` (transactions_count +
 * token_transfers_count, decimal strings; internal transactions are not counted there). Null when unknown.
 */
export async function blockscoutRecordEstimate(
  upstream: UpstreamClient,
  instance: BlockscoutInstance,
  address: string,
  signal?: AbortSignal,
): Promise<number | null> {
  try {
    const { status, body } = await withAbort(
      upstream.json<unknown>({
        provider: instance.provider,
        endpoint: "counters",
        kind: "metadata",
        url: `${instance.baseUrl.replace(/\/+$/, "")}/addresses/${normalizeAddress(address)}/counters`,
        init: signal ? { signal } : undefined,
      }),
      signal,
    );
    if (status !== 200 || !isRecord(body)) return null;
    const txs = toInt(body.transactions_count);
    const tokens = toInt(body.token_transfers_count);
    return txs === null && tokens === null ? null : (txs ?? 0) + (tokens ?? 0);
  } catch (err) {
    failureText(err, signal);
    return null;
  }
}

const hashOf = (v: unknown): `0x${string}` | null => (isRecord(v) ? toAddress(v.hash) : null);
const blockNumberOf = (item: Item): number | null => toInt(item.block_number) ?? toInt(item.block);
const txHashOf = (item: Item): string | null => toTxHash(item.transaction_hash) ?? toTxHash(item.tx_hash);
const selectorOf = (method: unknown): string | null =>
  typeof method === "string" && method.startsWith("0x") ? methodIdFrom(method) : null;

export class BlockscoutV2Source implements HistorySource, TokenDiscovery {
  readonly name = "blockscout-v2";
  private readonly instances: Readonly<Record<number, BlockscoutInstance>>;
  private readonly maxPages: number;

  constructor(private readonly options: BlockscoutV2Options) {
    this.instances = options.instances ?? DEFAULT_BLOCKSCOUT_V2;
    this.maxPages = options.maxPages ?? 20_000;
  }

  supportsChain(chainId: number): boolean {
    return this.instances[chainId] !== undefined;
  }

  estimateRecords(chainId: number, address: string, signal?: AbortSignal): Promise<number | null> {
    const i = this.instances[chainId];
    return i ? blockscoutRecordEstimate(this.options.upstream, i, address, signal) : Promise.resolve(null);
  }

  private instance(chainId: number): { base: string; provider: string } {
    const i = this.instances[chainId];
    if (!i) throw new Error(`${this.name} does not serve chain ${chainId}`);
    return { base: i.baseUrl.replace(/\/+$/, ""), provider: i.provider };
  }

  /**
   * GET a JSON body. 404 {"message": "Not found"} is an address the (older) explorer has never seen:
   * `notFound` is returned. Other non-2xx answers throw ProviderAnswerError.
   */
  private async get<T>(
    ctx: Pick<Ctx, "base" | "provider" | "signal">,
    path: string,
    endpoint: string,
    kind: "transactions" | "balances" | "metadata",
    notFound: T,
    params: Record<string, string | number | undefined> = {},
  ): Promise<unknown | T> {
    const qs = query(params);
    const { status, body } = await withAbort(
      this.options.upstream.json<unknown>({
        provider: ctx.provider,
        endpoint,
        kind,
        url: `${ctx.base}${path}${qs ? `?${qs}` : ""}`,
        init: ctx.signal ? { signal: ctx.signal } : undefined,
      }),
      ctx.signal,
    );
    if (status >= 200 && status < 300) return body;
    const message = isRecord(body) && typeof body.message === "string" ? body.message : "error without message";
    if (status === 404 && /^not found$/i.test(message)) return notFound;
    throw new ProviderAnswerError(`HTTP ${status}: ${message}`, status === 429);
  }

  /**
   * Walks a paginated list newest first; `onPage` returns true to stop (older pages not needed).
   * Returns a problem text when a page failed or the walk could not finish.
   */
  private async walk(
    ctx: Ctx,
    path: string,
    endpoint: string,
    params: Record<string, string>,
    onPage: (items: Item[], next: Item | null) => Promise<boolean>,
  ): Promise<string | undefined> {
    let pageParams: Record<string, string> = {};
    let previous = "";
    for (let page = 1; ; page++) {
      throwIfAborted(ctx.signal);
      if (page > this.maxPages) return `stopped after ${this.maxPages} pages`;
      let body: unknown;
      try {
        body = await this.get(
          ctx,
          path,
          endpoint,
          "transactions",
          { items: [], next_page_params: null },
          { ...params, ...pageParams },
        );
      } catch (err) {
        return failureText(err, ctx.signal);
      }
      if (!isRecord(body) || !Array.isArray(body.items)) return "unexpected answer: no items list";
      const next = isRecord(body.next_page_params) ? body.next_page_params : null;
      let stop: boolean;
      try {
        stop = await onPage(body.items.filter(isRecord), next);
      } catch (err) {
        return failureText(err, ctx.signal);
      }
      if (stop || !next) return undefined;
      const key = JSON.stringify(next);
      if (key === previous) return "the explorer returned the same next_page_params twice";
      previous = key;
      pageParams = {};
      for (const [k, v] of Object.entries(next)) if (v !== null && v !== undefined) pageParams[k] = String(v);
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

  private inRange(ctx: Ctx, block: number): boolean {
    return block >= ctx.fromBlock && (ctx.toBlock === undefined || block <= ctx.toBlock);
  }

  async fetchTransfers(p: HistoryQuery): Promise<HistoryResult> {
    const wallet = checkHistoryQuery(p);
    const { base, provider } = this.instance(p.chainId);
    const ctx: Ctx = {
      chainId: p.chainId,
      wallet,
      fromBlock: p.fromBlock,
      toBlock: p.toBlock,
      signal: p.signal,
      base,
      provider,
      txBlocks: new Map(),
      blockHashes: new Map(),
      problems: [],
      bad: { count: 0 },
    };
    const transfers: NormalizedTransfer[] = [];
    const coverages: Array<number | undefined> = [];
    const stream = async (endpoint: string, run: () => Promise<string | undefined>) => {
      const problem = await run();
      if (problem) ctx.problems.push(problemText(this.name, p.chainId, endpoint, problem));
      coverages.push(problem ? p.fromBlock - 1 : undefined);
    };
    // Transactions first: their block numbers serve the older token-transfer items that have none.
    await Promise.all([
      stream("transactions", () => this.readTransactions(ctx, transfers)),
      stream("internal-transactions", () => this.readInternal(ctx, transfers)),
    ]);
    await stream("token-transfers", () => this.readTokenTransfers(ctx, transfers));
    if (ctx.bad.count > 5)
      ctx.problems.push(
        problemText(this.name, p.chainId, "history", `${ctx.bad.count} unreadable items skipped in total`),
      );
    fillMethodIds(transfers);
    const all = dedupeAndSort(transfers);
    return {
      transfers: all,
      toBlock: coveredTo(
        p.fromBlock,
        p.toBlock,
        maxBlock(all),
        coverages,
        p.marginBlocks ?? this.options.safetyMarginBlocks ?? DEFAULT_SAFETY_MARGIN_BLOCKS,
      ),
      partial: ctx.problems.length > 0,
      problems: ctx.problems,
    };
  }

  private readTransactions(ctx: Ctx, out: NormalizedTransfer[]): Promise<string | undefined> {
    return this.walk(ctx, `/addresses/${ctx.wallet}/transactions`, "transactions", {}, async (items) => {
      let older = false;
      for (const item of items) {
        const block = blockNumberOf(item);
        const hash = toTxHash(item.hash);
        if (block !== null && hash) ctx.txBlocks.set(hash, block);
        if (block === null || item.result === "pending") continue; // not mined yet
        if (block < ctx.fromBlock) {
          older = true;
          continue;
        }
        if (!this.inRange(ctx, block)) continue;
        this.keep(ctx, "transactions", this.normalizeTransaction(ctx, item, block), out);
      }
      return older;
    });
  }

  private normalizeTransaction(ctx: Ctx, item: Item, blockNumber: number): Normalized {
    const txHash = toTxHash(item.hash);
    const from = hashOf(item.from);
    const to = hashOf(item.to) ?? hashOf(item.created_contract);
    const value = toUint(item.value);
    const timestamp = isoToUnix(item.timestamp);
    if (!txHash || !from || !to || value === null || timestamp === null)
      return { bad: `transaction ${String(item.hash)} lacks hash/from/to/value/timestamp` };
    const party = walletParty(ctx.wallet, {
      from,
      to,
      gasUsed: toUint(item.gas_used),
      gasPrice: toUint(item.gas_price),
      paidFee: isRecord(item.fee) ? toUint(item.fee.value) : null,
    });
    if (!party.mine) return { skip: true };
    const failed = item.status === "error" || (typeof item.result === "string" && item.result !== "success");
    const fee = party.fee;
    if (fee === null) return { bad: `transaction ${txHash} lacks gas_used/gas_price and fee` };
    const decoded = isRecord(item.decoded_input) ? item.decoded_input.method_id : undefined;
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
      methodId: methodIdFrom(item.raw_input) ?? methodIdFrom(decoded) ?? selectorOf(item.method),
    });
  }

  /** Item shape UNCONFIRMED against PulseChain's instance (not in the recorded examples); read leniently. */
  private readInternal(ctx: Ctx, out: NormalizedTransfer[]): Promise<string | undefined> {
    return this.walk(
      ctx,
      `/addresses/${ctx.wallet}/internal-transactions`,
      "internal-transactions",
      {},
      async (items) => {
        let older = false;
        for (const item of items) {
          const block = blockNumberOf(item);
          const hash = txHashOf(item);
          if (block !== null && hash) ctx.txBlocks.set(hash, block);
          if (block === null) {
            this.keep(
              ctx,
              "internal-transactions",
              { bad: `internal transaction of ${String(hash)} lacks a block number` },
              out,
            );
            continue;
          }
          if (block < ctx.fromBlock) {
            older = true;
            continue;
          }
          if (!this.inRange(ctx, block)) continue;
          this.keep(ctx, "internal-transactions", this.normalizeInternal(ctx, item, block), out);
        }
        return older;
      },
    );
  }

  private normalizeInternal(ctx: Ctx, item: Item, blockNumber: number): Normalized {
    const txHash = txHashOf(item);
    const from = hashOf(item.from);
    const to = hashOf(item.to) ?? hashOf(item.created_contract);
    const amount = toUint(item.value);
    const timestamp = isoToUnix(item.timestamp);
    const index = toInt(item.index);
    if (!txHash || !from || !to || amount === null || timestamp === null || index === null) {
      return { bad: `internal transaction of ${String(txHash)} lacks from/to/value/timestamp/index` };
    }
    if (item.success === false || (typeof item.error === "string" && item.error !== "") || amount === "0")
      return { skip: true };
    if (from !== ctx.wallet && to !== ctx.wallet) return { skip: true };
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

  private readTokenTransfers(ctx: Ctx, out: NormalizedTransfer[]): Promise<string | undefined> {
    return this.walk(
      ctx,
      `/addresses/${ctx.wallet}/token-transfers`,
      "token-transfers",
      { type: "ERC-20" },
      async (items, next) => {
        const blocks = await this.blocksOf(ctx, items, next);
        let older = false;
        items.forEach((item, i) => {
          const block = blocks[i];
          if (block === undefined || block === null) {
            this.keep(
              ctx,
              "token-transfers",
              { bad: `token transfer ${String(txHashOf(item))} has no block number` },
              out,
            );
            return;
          }
          if (block < ctx.fromBlock) {
            older = true;
            return;
          }
          if (this.inRange(ctx, block))
            this.keep(ctx, "token-transfers", this.normalizeTokenTransfer(ctx, item, block), out);
        });
        return older;
      },
    );
  }

  /**
   * Block numbers of a page of token transfers. Current items carry block_number; older ones only a
   * block hash, so: the transaction lists, known block hashes, the page's own order (newest first, so an
   * item between two items of the same block is in that block; next_page_params names the last item's
   * block) and finally one `/blocks/{hash}` request per still unknown block (cached).
   */
  private async blocksOf(ctx: Ctx, items: Item[], next: Item | null): Promise<Array<number | null>> {
    const blocks = items.map((item): number | null => {
      const known = blockNumberOf(item);
      if (known !== null) return known;
      const tx = txHashOf(item);
      const byTx = tx ? ctx.txBlocks.get(tx) : undefined;
      if (byTx !== undefined) return byTx;
      const bh = toTxHash(item.block_hash);
      return bh ? (ctx.blockHashes.get(bh) ?? null) : null;
    });
    const last = items.length - 1;
    const nextBlock = next ? toInt(next.block_number) : null;
    const lastItem = items[last];
    if (lastItem && blocks[last] === null && nextBlock !== null && toInt(next?.index) === toInt(lastItem.log_index))
      blocks[last] = nextBlock;
    for (let i = 0; i < items.length; i++) {
      if (blocks[i] !== null) continue;
      let before: number | null = null;
      for (let j = i - 1; j >= 0 && before === null; j--) before = blocks[j] ?? null;
      let after: number | null = null;
      for (let j = i + 1; j < items.length && after === null; j++) after = blocks[j] ?? null;
      if (before !== null && before === after) blocks[i] = before;
    }
    for (let i = 0; i < items.length; i++) {
      const item = items[i] as Item;
      const bh = toTxHash(item.block_hash);
      if (!bh) continue;
      const b = blocks[i];
      if (b !== null && b !== undefined) {
        ctx.blockHashes.set(bh, b);
        continue;
      }
      let resolved = ctx.blockHashes.get(bh);
      if (resolved === undefined) {
        const body = await this.get(ctx, `/blocks/${bh}`, "blocks", "metadata", null);
        const height = isRecord(body) ? (toInt(body.height) ?? toInt(body.number)) : null;
        if (height === null) throw new ProviderAnswerError(`block ${bh} not found or without height`);
        ctx.blockHashes.set(bh, height);
        resolved = height;
      }
      blocks[i] = resolved;
    }
    return blocks;
  }

  private normalizeTokenTransfer(ctx: Ctx, item: Item, blockNumber: number): Normalized {
    const token = isRecord(item.token) ? item.token : {};
    const type = item.token_type ?? token.type;
    const total = isRecord(item.total) ? item.total : {};
    if ((typeof type === "string" && type !== "ERC-20") || total.token_id !== undefined) return { skip: true };
    const txHash = txHashOf(item);
    const from = hashOf(item.from);
    const to = hashOf(item.to);
    const tokenAddress = toAddress(token.address_hash) ?? toAddress(token.address);
    const amount = toUint(total.value);
    const logIndex = toInt(item.log_index);
    const timestamp = isoToUnix(item.timestamp);
    if (!txHash || !from || !to || !tokenAddress || amount === null || logIndex === null || timestamp === null) {
      return { bad: `token transfer ${String(txHash)} lacks hash/from/to/token/value/log_index/timestamp` };
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
      token: tokenAddress,
      amount,
      fee: "0",
      methodId: selectorOf(item.method),
      internal: false,
    });
  }

  /** /token-balances (bare array, unpaginated, includes NFTs: only type "ERC-20" is kept). */
  async discoverTokens(p: DiscoveryQuery): Promise<DiscoveryResult> {
    const wallet = normalizeAddress(p.address);
    const { base, provider } = this.instance(p.chainId);
    throwIfAborted(p.signal);
    try {
      const body = await this.get(
        { base, provider, signal: p.signal },
        `/addresses/${wallet}/token-balances`,
        "token-balances",
        "balances",
        [],
      );
      if (!Array.isArray(body)) throw new ProviderAnswerError("unexpected answer: not a list");
      const tokens = new Map<string, DiscoveredToken>();
      for (const entry of body) {
        if (!isRecord(entry) || !isRecord(entry.token)) continue;
        const t = entry.token;
        if (typeof t.type === "string" && t.type !== "ERC-20") continue;
        const address = toAddress(t.address_hash) ?? toAddress(t.address);
        if (!address) continue;
        tokens.set(address, discoveredToken(address, { ...t, balance: entry.value }));
      }
      return { tokens: [...tokens.values()], partial: false, problems: [] };
    } catch (err) {
      return failedDiscovery(this.name, p.chainId, "token-balances", err, p.signal);
    }
  }

  /** /addresses/{a} coin_balance; an address the explorer never saw (404) has balance "0". */
  async nativeBalance(p: DiscoveryQuery): Promise<NativeBalanceResult> {
    const wallet = normalizeAddress(p.address);
    const { base, provider } = this.instance(p.chainId);
    throwIfAborted(p.signal);
    try {
      const body = await this.get({ base, provider, signal: p.signal }, `/addresses/${wallet}`, "address", "balances", {
        coin_balance: "0",
      });
      const balance = isRecord(body) ? (body.coin_balance === null ? "0" : toUint(body.coin_balance)) : null;
      if (balance === null) throw new ProviderAnswerError("unexpected answer: no coin_balance");
      return { balance, problems: [] };
    } catch (err) {
      return { balance: null, problems: [problemText(this.name, p.chainId, "address", failureText(err, p.signal))] };
    }
  }
}
