import {
  type Abi,
  type Address,
  decodeFunctionResult,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  type Hex,
  keccak256,
  toHex,
} from "viem";
import type { Rpc } from "./rpc.ts";
import type { SeededChainHistory, SeededTransaction, SeededTransfer, TransferKind } from "./types.ts";

export const TRANSFER_TOPIC = keccak256(toHex("Transfer(address,address,uint256)"));
export const DEPOSIT_TOPIC = keccak256(toHex("Deposit(address,uint256)"));
export const WITHDRAWAL_TOPIC = keccak256(toHex("Withdrawal(address,uint256)"));
export const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000" as const;

export type TxKind = SeededTransaction["kind"] | "setup" | "trade";

export interface TxRequest {
  from: Address;
  to?: Address;
  data?: Hex;
  value?: bigint;
  gas?: bigint;
  kind: TxKind;
  step: string;
}

interface RpcLog {
  address: Hex;
  topics: Hex[];
  data: Hex;
  logIndex: Hex;
}

export interface RpcReceipt {
  transactionHash: Hex;
  status: Hex;
  blockNumber: Hex;
  blockTimestamp?: Hex;
  from: Hex;
  to: Hex | null;
  contractAddress: Hex | null;
  gasUsed: Hex;
  effectiveGasPrice: Hex;
  logs: RpcLog[];
}

interface RpcTx {
  hash: Hex;
  input: Hex;
  value: Hex;
}

interface ParityTrace {
  type: string;
  action: { from?: Hex; to?: Hex; value?: Hex; callType?: string };
  traceAddress: number[];
  error?: string;
}

const lower = (a: string): Address => a.toLowerCase() as Address;
const topicAddress = (topic: Hex | undefined): Address => lower(`0x${(topic ?? "0x").slice(-40)}`);

/**
 * Sends transactions to an anvil with automine off, mines them into blocks at chosen timestamps and
 * records, from the receipts and traces, every value movement that involves a tracked (user) wallet.
 * All transactions carry explicit gas and gas price, so nothing depends on estimation or wall time.
 */
export class ChainWriter {
  readonly history: SeededChainHistory;
  private readonly tracked: Set<Address>;
  private readonly pending: { hash: Hex; req: TxRequest }[] = [];
  private lastTimestamp: number;
  /** Addresses whose Transfers to a user are rewards (the printer's distributor). */
  rewardSources = new Set<Address>();
  /** Addresses that receive a fee from a user (the printer token itself). */
  feeSinks = new Set<Address>();
  /** The wrapped native token: its Deposit / Withdrawal events count too. */
  wrappedNative: Address | undefined;

  constructor(
    readonly rpc: Rpc,
    readonly chainId: number,
    users: Address[],
    genesisTimestamp: number,
    private readonly gasPrice: bigint,
  ) {
    this.tracked = new Set(users.map(lower));
    this.lastTimestamp = genesisTimestamp;
    this.history = {
      chainId,
      transfers: [],
      transactions: [],
      initialNativeBalances: {},
      wallets: users.map(lower),
    };
  }

  get timestamp(): number {
    return this.lastTimestamp;
  }

  /** The next block (default 12 s later) is dated from `timestamp` on: a quiet stretch with no blocks. */
  skipTo(timestamp: number): void {
    if (timestamp < this.lastTimestamp)
      throw new Error(`devchain: cannot go back from ${this.lastTimestamp} to ${timestamp}`);
    this.lastTimestamp = timestamp;
  }

  /** Queues a transaction for the next block; returns its hash. */
  async queue(req: TxRequest): Promise<Hex> {
    const tx: Record<string, string> = {
      from: req.from,
      gas: toHex(req.gas ?? 1_500_000n),
      gasPrice: toHex(this.gasPrice),
    };
    if (req.to) tx.to = req.to;
    if (req.data) tx.data = req.data;
    if (req.value) tx.value = toHex(req.value);
    const hash = await this.rpc.request<Hex>("eth_sendTransaction", [tx]);
    this.pending.push({ hash, req });
    return hash;
  }

  /**
   * Mines every queued transaction into one block at `timestamp` (default: 12 s after the last
   * block), checks each succeeded and records what it moved.
   */
  async mine(timestamp?: number): Promise<RpcReceipt[]> {
    const ts = timestamp ?? this.lastTimestamp + 12;
    if (ts <= this.lastTimestamp) throw new Error(`devchain: block time ${ts} is not after ${this.lastTimestamp}`);
    await this.rpc.request("evm_mine", [{ timestamp: ts, blocks: 1 }]);
    this.lastTimestamp = ts;
    const batch = this.pending.splice(0);
    const receipts = await this.rpc.batch<RpcReceipt | null>(
      batch.map((p) => ({ method: "eth_getTransactionReceipt", params: [p.hash] })),
    );
    const done: RpcReceipt[] = [];
    for (const [i, p] of batch.entries()) {
      const receipt = receipts[i];
      if (!receipt) throw new Error(`devchain: "${p.req.step}" was not mined (block gas limit or gas price?)`);
      if (receipt.status !== "0x1") {
        const reason = await this.revertReason(p.req, Number(receipt.blockNumber) - 1);
        throw new Error(`devchain: "${p.req.step}" reverted${reason ? `: ${reason}` : ""}`);
      }
      done.push(receipt);
    }
    await this.record(batch, done);
    return done;
  }

  /** One transaction in its own block. */
  async send(req: TxRequest, timestamp?: number): Promise<RpcReceipt> {
    await this.queue(req);
    const [receipt] = await this.mine(timestamp);
    if (!receipt) throw new Error("devchain: no receipt");
    return receipt;
  }

  async deploy(
    from: Address,
    artifact: { abi: Abi; bytecode: Hex },
    args: readonly unknown[],
    step: string,
    gas = 6_000_000n,
  ): Promise<Address> {
    const data = encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args });
    const receipt = await this.send({ from, data, gas, kind: "setup", step });
    if (!receipt.contractAddress) throw new Error(`devchain: ${step}: no contract address`);
    return getAddress(receipt.contractAddress);
  }

  call(
    from: Address,
    to: Address,
    abi: Abi,
    functionName: string,
    args: readonly unknown[],
    opts: Partial<TxRequest> & { step: string; kind: TxKind },
  ): TxRequest {
    return { from, to, data: encodeFunctionData({ abi, functionName, args }), ...opts };
  }

  async read<T>(to: Address, abi: Abi, functionName: string, args: readonly unknown[] = []): Promise<T> {
    const data = encodeFunctionData({ abi, functionName, args });
    const result = await this.rpc.request<Hex>("eth_call", [{ to, data }, "latest"]);
    return decodeFunctionResult({ abi, functionName, data: result }) as T;
  }

  async setTracking(): Promise<void> {
    const balances = await this.rpc.batch<Hex>(
      this.history.wallets.map((w) => ({ method: "eth_getBalance", params: [w, "0x0"] })),
    );
    for (const [i, w] of this.history.wallets.entries()) {
      this.history.initialNativeBalances[w] = BigInt(balances[i] ?? "0x0").toString();
    }
  }

  private async revertReason(req: TxRequest, block: number): Promise<string | undefined> {
    try {
      const tx: Record<string, string> = { from: req.from, gas: toHex(req.gas ?? 1_500_000n) };
      if (req.to) tx.to = req.to;
      if (req.data) tx.data = req.data;
      if (req.value) tx.value = toHex(req.value);
      await this.rpc.request("eth_call", [tx, toHex(block)]);
      return undefined;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  private isTracked(a: Address): boolean {
    return this.tracked.has(a);
  }

  private kindFor(req: TxRequest, from: Address, to: Address): TransferKind {
    if (this.rewardSources.has(from)) return "reward";
    if (this.feeSinks.has(to) && this.isTracked(from) && (req.kind === "sell" || req.kind === "buy")) return "fee";
    const k = req.kind;
    if (k === "setup" || k === "trade" || k === "approve" || k === "claim") {
      throw new Error(`devchain: "${req.step}" (${k}) moved value of a user wallet unexpectedly (${from} -> ${to})`);
    }
    return k;
  }

  private async record(batch: { hash: Hex; req: TxRequest }[], receipts: RpcReceipt[]): Promise<void> {
    if (batch.length === 0) return;
    const txs = await this.rpc.batch<RpcTx>(
      batch.map((p) => ({ method: "eth_getTransactionByHash", params: [p.hash] })),
    );
    const needsTrace = batch.map((p) => p.req.kind !== "setup");
    const traces = await this.rpc.batch<ParityTrace[]>(
      batch.filter((_, i) => needsTrace[i]).map((p) => ({ method: "trace_transaction", params: [p.hash] })),
    );
    let traceCursor = 0;
    for (const [i, p] of batch.entries()) {
      const receipt = receipts[i];
      const tx = txs[i];
      if (!receipt || !tx) continue;
      const blockNumber = Number(receipt.blockNumber);
      const timestamp = this.lastTimestamp;
      const txFrom = lower(receipt.from);
      const fee = (BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice)).toString();
      const methodId = tx.input && tx.input.length >= 10 ? (tx.input.slice(0, 10).toLowerCase() as Hex) : null;
      const base = {
        chainId: this.chainId,
        txHash: receipt.transactionHash,
        blockNumber,
        timestamp,
        txFrom,
        fee,
        methodId,
        step: p.req.step,
      };
      if (this.isTracked(txFrom)) {
        const k = p.req.kind;
        if (k === "setup" || k === "trade")
          throw new Error(`devchain: "${p.req.step}" sent by a user wallet needs a user kind`);
        this.history.transactions.push({
          chainId: this.chainId,
          txHash: receipt.transactionHash,
          blockNumber,
          timestamp,
          from: txFrom,
          to: receipt.to ? lower(receipt.to) : null,
          value: BigInt(tx.value).toString(),
          gasUsed: BigInt(receipt.gasUsed).toString(),
          effectiveGasPrice: BigInt(receipt.effectiveGasPrice).toString(),
          fee,
          methodId,
          kind: k,
          step: p.req.step,
        });
      }
      const value = BigInt(tx.value);
      const txTo = receipt.to ? lower(receipt.to) : null;
      if (value > 0n && txTo && (this.isTracked(txFrom) || this.isTracked(txTo))) {
        this.history.transfers.push({
          ...base,
          logIndex: null,
          from: txFrom,
          to: txTo,
          token: "native",
          amount: value.toString(),
          kind: this.kindFor(p.req, txFrom, txTo),
          source: "tx",
          event: null,
          traceIndex: null,
        });
      }
      for (const log of receipt.logs) {
        const topic = log.topics[0];
        const token = lower(log.address);
        let from: Address;
        let to: Address;
        let event: SeededTransfer["event"];
        if (topic === TRANSFER_TOPIC && log.topics.length === 3) {
          from = topicAddress(log.topics[1]);
          to = topicAddress(log.topics[2]);
          event = "Transfer";
        } else if (topic === DEPOSIT_TOPIC && token === this.wrappedNative && log.topics.length === 2) {
          from = ZERO_ADDRESS;
          to = topicAddress(log.topics[1]);
          event = "Deposit";
        } else if (topic === WITHDRAWAL_TOPIC && token === this.wrappedNative && log.topics.length === 2) {
          from = topicAddress(log.topics[1]);
          to = ZERO_ADDRESS;
          event = "Withdrawal";
        } else {
          continue;
        }
        if (!this.isTracked(from) && !this.isTracked(to)) continue;
        this.history.transfers.push({
          ...base,
          logIndex: Number(log.logIndex),
          from,
          to,
          token,
          amount: BigInt(log.data).toString(),
          kind: this.kindFor(p.req, from, to),
          source: "log",
          event,
          traceIndex: null,
        });
      }
      if (needsTrace[i]) {
        const trace = traces[traceCursor++] ?? [];
        for (const [index, t] of trace.entries()) {
          if (t.type !== "call" || t.traceAddress.length === 0 || t.error) continue;
          const v = BigInt(t.action.value ?? "0x0");
          if (v === 0n || !t.action.from || !t.action.to) continue;
          const from = lower(t.action.from);
          const to = lower(t.action.to);
          if (!this.isTracked(from) && !this.isTracked(to)) continue;
          this.history.transfers.push({
            ...base,
            logIndex: null,
            from,
            to,
            token: "native",
            amount: v.toString(),
            kind: this.kindFor(p.req, from, to),
            source: "internal",
            event: null,
            traceIndex: index,
          });
        }
      }
    }
  }
}
