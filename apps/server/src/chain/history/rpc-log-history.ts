import type { NormalizedTransfer } from "@pulsemanager/core";
import { type Hash, type Log, type PublicClient, pad, toHex } from "viem";
import type { HistoryResult, HistorySource } from "../explorers/types.ts";
import { readInRanges } from "../rpc/block-ranges.ts";

/** keccak256("Transfer(address,address,uint256)") */
export const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
/** WETH9-style wrapping emits Deposit(dst, wad) / Withdrawal(src, wad) instead of Transfer. */
export const DEPOSIT_TOPIC = "0xe1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c";
export const WITHDRAWAL_TOPIC = "0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65";
const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";

export interface RpcHistoryOptions {
  chainId: number;
  /** The wrapped native contract (WPLS, WETH): its Deposit and Withdrawal events count as mint and burn. */
  wrappedNative?: string;
  /** First block range for eth_getLogs; halved when the node refuses a range. */
  logRangeBlocks?: number;
  /** First block range for trace_filter; halved when the node refuses a range (anvil allows 300). */
  traceRangeBlocks?: number;
  /** Native transfers need every block's transactions: scanned only up to this many blocks. */
  nativeScanMaxBlocks?: number;
  /** Blocks fetched together in one JSON-RPC batch. */
  blockBatch?: number;
}

interface TxFacts {
  from: string;
  to: string | null;
  value: bigint;
  input: string;
  fee: bigint;
  success: boolean;
  blockNumber: number;
  transactionIndex: number;
}

/**
 * History from a plain JSON-RPC node: ERC-20 Transfer logs in and out (eth_getLogs
 * in chunked ranges), top-level native transfers by scanning blocks as far as
 * allowed, internal native transfers through trace_filter (in ranges the node accepts) when the node
 * has it.
 */
export class RpcLogHistorySource implements HistorySource {
  readonly name = "rpc";
  readonly local = true;
  private traceSupported: boolean | undefined;
  /** The trace_filter range the node last accepted. */
  private traceRange: number | undefined;

  constructor(
    private readonly client: PublicClient,
    private readonly options: RpcHistoryOptions,
  ) {}

  async fetchTransfers(p: {
    chainId: number;
    address: string;
    fromBlock: number;
    toBlock?: number;
  }): Promise<HistoryResult> {
    const wallet = p.address.toLowerCase();
    const head = p.toBlock ?? Number(await this.client.getBlockNumber());
    const problems: string[] = [];
    if (p.fromBlock > head) return { transfers: [], toBlock: head, partial: false, problems };

    const logs = await this.transferLogs(wallet, p.fromBlock, head);
    const times = new Map<number, number>();
    const native = await this.nativeTransactions(wallet, p.fromBlock, head, problems, times);
    const internal = await this.internalTransfers(wallet, p.fromBlock, head, problems);

    const txHashes = new Set<string>([
      ...logs.map((l) => l.transactionHash as string),
      ...native.keys(),
      ...internal.map((i) => i.txHash),
    ]);
    const facts = await this.txFacts([...txHashes]);
    const blockTimes = await this.blockTimestamps([...new Set([...facts.values()].map((f) => f.blockNumber))], times);

    const ctx: RecordContext = { chainId: this.options.chainId, wallet, facts, blockTimes };
    const out = [...logRecords(logs, ctx), ...nativeRecords(native, ctx), ...internalRecords(internal, ctx)];
    out.sort(
      (a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex || Number(a.internal) - Number(b.internal),
    );
    return { transfers: out, toBlock: head, partial: problems.length > 0, problems };
  }

  /** Transfer logs where the wallet is sender or receiver, in ranges the node accepts. */
  private async transferLogs(wallet: string, fromBlock: number, toBlock: number): Promise<Log[]> {
    const topic = pad(wallet as `0x${string}`, { size: 32 });
    const all = new Map<string, Log>();
    const wrapped = this.options.wrappedNative?.toLowerCase();
    await readInRanges(fromBlock, toBlock, this.options.logRangeBlocks ?? 100_000, async (start, end) => {
      const [outgoing, incoming, wrapping] = await Promise.all([
        this.getLogs(start, end, [TRANSFER_TOPIC, topic]),
        this.getLogs(start, end, [TRANSFER_TOPIC, null, topic]),
        wrapped ? this.getLogs(start, end, [[DEPOSIT_TOPIC, WITHDRAWAL_TOPIC], topic], wrapped) : Promise.resolve([]),
      ]);
      for (const log of [...outgoing, ...incoming]) {
        // Only ERC-20 style logs (3 topics); ERC-721 Transfer has the id as 4th topic.
        if (log.topics.length !== 3) continue;
        all.set(`${log.transactionHash}:${log.logIndex}`, log);
      }
      for (const log of wrapping) all.set(`${log.transactionHash}:${log.logIndex}`, log);
    });
    return [...all.values()];
  }

  private getLogs(
    fromBlock: number,
    toBlock: number,
    topics: (string | string[] | null)[],
    address?: string,
  ): Promise<Log[]> {
    return this.client.request({
      method: "eth_getLogs",
      params: [
        {
          fromBlock: toHex(fromBlock),
          toBlock: toHex(toBlock),
          topics: topics as never,
          ...(address ? { address: address as `0x${string}` } : {}),
        },
      ],
    }) as unknown as Promise<Log[]>;
  }

  /** Top-level transactions sent by the wallet, or paying it value, by reading whole blocks. */
  private async nativeTransactions(
    wallet: string,
    fromBlock: number,
    toBlock: number,
    problems: string[],
    times: Map<number, number>,
  ): Promise<Map<string, { from: string; to: string | null; value: bigint }>> {
    const found = new Map<string, { from: string; to: string | null; value: bigint }>();
    const max = this.options.nativeScanMaxBlocks ?? 50_000;
    let start = fromBlock;
    if (toBlock - fromBlock + 1 > max) {
      start = toBlock - max + 1;
      problems.push(
        `native transfers before block ${start} were not read: a plain RPC node has no address index (use an explorer source)`,
      );
    }
    const batch = this.options.blockBatch ?? 100;
    for (let b = start; b <= toBlock; b += batch) {
      const numbers = Array.from({ length: Math.min(batch, toBlock - b + 1) }, (_, i) => b + i);
      const blocks = await Promise.all(
        numbers.map((n) => this.client.getBlock({ blockNumber: BigInt(n), includeTransactions: true })),
      );
      for (const block of blocks) {
        times.set(Number(block.number), Number(block.timestamp));
        for (const tx of block.transactions) {
          const from = tx.from.toLowerCase();
          const to = tx.to?.toLowerCase() ?? null;
          if (from === wallet || (to === wallet && tx.value > 0n)) found.set(tx.hash, { from, to, value: tx.value });
        }
      }
    }
    return found;
  }

  /** Internal value transfers (contract -> wallet), where the node offers trace_filter. */
  private async internalTransfers(
    wallet: string,
    fromBlock: number,
    toBlock: number,
    problems: string[],
  ): Promise<{ txHash: string; index: number; from: string; to: string; value: bigint }[]> {
    if (this.traceSupported === false) {
      problems.push("internal native transfers not read: the node has no trace_filter");
      return [];
    }
    type Trace = {
      type: string;
      action: { from?: string; to?: string; value?: string; callType?: string };
      transactionHash: string;
      traceAddress: number[];
      error?: string;
    };
    const traces: Trace[] = [];
    try {
      const firstRange = this.traceRange ?? this.options.traceRangeBlocks ?? 100_000;
      const range = await readInRanges(fromBlock, toBlock, firstRange, async (start, end) => {
        const chunk: Trace[] = [];
        for (const direction of ["toAddress", "fromAddress"] as const) {
          const res = (await this.client.request({
            method: "trace_filter" as never,
            params: [{ fromBlock: toHex(start), toBlock: toHex(end), [direction]: [wallet] }] as never,
          })) as Trace[];
          chunk.push(...res);
        }
        traces.push(...chunk);
      });
      this.traceRange = range;
      this.traceSupported = true;
    } catch (err) {
      // Only a node that does not know the method is remembered as such; a failed call (a timeout, a
      // busy node) must not switch internal transfers off for every later read of this process.
      if (isMethodUnsupported(err)) {
        this.traceSupported = false;
        problems.push("internal native transfers not read: the node has no trace_filter");
      } else problems.push("internal native transfers not read: the node did not answer trace_filter");
      return [];
    }
    const out = new Map<string, { txHash: string; index: number; from: string; to: string; value: bigint }>();
    const perTx = new Map<string, number>();
    for (const t of traces) {
      // Top-level calls are the transactions themselves (read above); only nested calls are internal.
      if (t.type !== "call" || t.error || t.traceAddress.length === 0) continue;
      if (t.action.callType && t.action.callType !== "call") continue;
      const value = BigInt(t.action.value ?? "0x0");
      if (value === 0n) continue;
      const from = (t.action.from ?? "").toLowerCase();
      const to = (t.action.to ?? "").toLowerCase();
      if (from !== wallet && to !== wallet) continue;
      const key = `${t.transactionHash}:${t.traceAddress.join(".")}`;
      if (out.has(key)) continue;
      const index = perTx.get(t.transactionHash) ?? 0;
      perTx.set(t.transactionHash, index + 1);
      out.set(key, { txHash: t.transactionHash, index, from, to, value });
    }
    return [...out.values()];
  }

  private async txFacts(hashes: string[]): Promise<Map<string, TxFacts>> {
    const facts = new Map<string, TxFacts>();
    const chunk = 100;
    for (let i = 0; i < hashes.length; i += chunk) {
      const part = hashes.slice(i, i + chunk) as Hash[];
      const [txs, receipts] = await Promise.all([
        Promise.all(part.map((hash) => this.client.getTransaction({ hash }))),
        Promise.all(part.map((hash) => this.client.getTransactionReceipt({ hash }))),
      ]);
      part.forEach((hash, k) => {
        const tx = txs[k];
        const receipt = receipts[k];
        if (!tx || !receipt) return;
        facts.set(hash, {
          from: tx.from.toLowerCase(),
          to: tx.to?.toLowerCase() ?? null,
          value: tx.value,
          input: tx.input,
          fee: receipt.gasUsed * receipt.effectiveGasPrice,
          success: receipt.status === "success",
          blockNumber: Number(receipt.blockNumber),
          transactionIndex: receipt.transactionIndex,
        });
      });
    }
    return facts;
  }

  private async blockTimestamps(numbers: number[], times: Map<number, number>): Promise<Map<number, number>> {
    const missing = numbers.filter((n) => !times.has(n));
    const batch = this.options.blockBatch ?? 100;
    for (let i = 0; i < missing.length; i += batch) {
      const part = missing.slice(i, i + batch);
      const blocks = await Promise.all(part.map((n) => this.client.getBlock({ blockNumber: BigInt(n) })));
      for (const [k, b] of blocks.entries()) times.set(part[k] as number, Number(b.timestamp));
    }
    return times;
  }
}

/** What turns a read into transfer records: each transaction's facts and each block's time. */
interface RecordContext {
  chainId: number;
  wallet: string;
  facts: ReadonlyMap<string, TxFacts>;
  blockTimes: ReadonlyMap<number, number>;
}

function methodOf(ctx: RecordContext, hash: string): string | null {
  const input = ctx.facts.get(hash)?.input ?? "0x";
  return input.length >= 10 ? input.slice(0, 10).toLowerCase() : null;
}

/** ERC-20 Transfer logs (and the wrapped native's Deposit and Withdrawal) as records. */
function logRecords(logs: readonly Log[], ctx: RecordContext): NormalizedTransfer[] {
  return logs.flatMap((log) => {
    const hash = log.transactionHash as string;
    if (!ctx.facts.has(hash)) return [];
    const topic0 = log.topics[0];
    const from = topic0 === DEPOSIT_TOPIC ? ZERO_ADDRESS : topicAddress(log.topics[1]);
    const to =
      topic0 === DEPOSIT_TOPIC
        ? topicAddress(log.topics[1])
        : topic0 === WITHDRAWAL_TOPIC
          ? ZERO_ADDRESS
          : topicAddress(log.topics[2]);
    return [
      {
        chainId: ctx.chainId,
        txHash: hash,
        logIndex: Number(log.logIndex),
        blockNumber: Number(log.blockNumber),
        timestamp: ctx.blockTimes.get(Number(log.blockNumber)) ?? 0,
        from: from as `0x${string}`,
        to: to as `0x${string}`,
        token: (log.address as string).toLowerCase() as `0x${string}`,
        amount: BigInt(log.data === "0x" ? 0 : log.data).toString(),
        fee: "0",
        methodId: methodOf(ctx, hash),
        internal: false,
      },
    ];
  });
}

/** Top-level native transfers; the fee is carried once per transaction, on this record, when the wallet sent it. */
function nativeRecords(
  native: ReadonlyMap<string, { from: string; to: string | null; value: bigint }>,
  ctx: RecordContext,
): NormalizedTransfer[] {
  return [...native].flatMap(([hash, tx]) => {
    const f = ctx.facts.get(hash);
    if (!f) return [];
    return [
      {
        chainId: ctx.chainId,
        txHash: hash,
        logIndex: -1,
        blockNumber: f.blockNumber,
        timestamp: ctx.blockTimes.get(f.blockNumber) ?? 0,
        from: tx.from as `0x${string}`,
        to: (tx.to ?? ZERO_ADDRESS) as `0x${string}`,
        token: "native" as const,
        // A failed transaction moved no value, but its fee was paid.
        amount: f.success ? tx.value.toString() : "0",
        fee: f.from === ctx.wallet ? f.fee.toString() : "0",
        methodId: methodOf(ctx, hash),
        internal: false,
      },
    ];
  });
}

/** Internal native transfers of successful transactions. */
function internalRecords(
  internal: readonly { txHash: string; index: number; from: string; to: string; value: bigint }[],
  ctx: RecordContext,
): NormalizedTransfer[] {
  return internal.flatMap((t) => {
    const f = ctx.facts.get(t.txHash);
    if (!f?.success) return [];
    return [
      {
        chainId: ctx.chainId,
        txHash: t.txHash,
        logIndex: t.index,
        blockNumber: f.blockNumber,
        timestamp: ctx.blockTimes.get(f.blockNumber) ?? 0,
        from: t.from as `0x${string}`,
        to: t.to as `0x${string}`,
        token: "native" as const,
        amount: t.value.toString(),
        fee: "0",
        methodId: methodOf(ctx, t.txHash),
        internal: true,
      },
    ];
  });
}

function topicAddress(topic: string | undefined): `0x${string}` {
  return `0x${(topic ?? "").slice(-40).toLowerCase()}` as `0x${string}`;
}

/** Whether a node's error says it does not offer the method at all (JSON-RPC -32601 or its wording). */
export function isMethodUnsupported(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  const text = err instanceof Error ? `${err.message} ${(err as { details?: string }).details ?? ""}` : String(err);
  return code === -32601 || /method not found|not supported|unsupported method|does not exist/i.test(text);
}
