/**
 * Blockscout's Etherscan-compatible `/api` (PulseChain: api.scan.pulsechain.com/api; Ethereum:
 * eth.blockscout.com/api): history (tokentx, txlist, txlistinternal), token discovery (tokenlist) and
 * the native balance (balance). No key needed.
 */
import { normalizeAddress } from "@pulsemanager/core";
import { throwIfAborted } from "../../lib/abort.ts";
import { toAddress, toUint } from "../../lib/parse-values.ts";
import { query } from "../../lib/query-string.ts";
import type { UpstreamClient } from "../../upstream/upstream-client.ts";
import { type BlockscoutInstance, blockscoutApi, publicBlockscouts } from "./blockscout-instances.ts";
import { blockscoutRecordEstimate } from "./blockscout-v2.ts";
import { EtherscanStyleHistory, parseListEnvelope, parseScalarEnvelope } from "./etherscan-format.ts";
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
import { discoveredToken, failedDiscovery, failureText, problemText } from "./util.ts";

export const DEFAULT_BLOCKSCOUT_API = publicBlockscouts((chainId) => blockscoutApi(chainId));

export interface BlockscoutEtherscanOptions {
  upstream: UpstreamClient;
  /** Instances by chain id; defaults to DEFAULT_BLOCKSCOUT_API. */
  instances?: Readonly<Record<number, BlockscoutInstance>>;
  /** Rows per request (offset), 1..10,000 (Blockscout's maximum and its page × offset window); default 1,000. */
  pageSize?: number;
  /** Newest blocks left out of the reported coverage so they are read again next time; default 600. */
  safetyMarginBlocks?: number;
  /** Waits between retries of a rate-limit answer that came with HTTP 200 (tests pass a no-op). */
  sleep?: (ms: number) => Promise<void>;
}

export class BlockscoutEtherscanSource implements HistorySource, TokenDiscovery {
  readonly name = "blockscout-api";
  private readonly engine: EtherscanStyleHistory;
  private readonly instances: Readonly<Record<number, BlockscoutInstance>>;

  constructor(private readonly options: BlockscoutEtherscanOptions) {
    this.instances = options.instances ?? DEFAULT_BLOCKSCOUT_API;
    this.engine = new EtherscanStyleHistory({
      upstream: options.upstream,
      name: this.name,
      pageSize: options.pageSize ?? 1000,
      maxWindow: 10_000,
      sleep: options.sleep,
      safetyMarginBlocks: options.safetyMarginBlocks,
      headParams: { module: "block", action: "eth_block_number" },
      endpoint: (chainId) => {
        const instance = this.instances[chainId];
        if (!instance) return undefined;
        const base = instance.baseUrl.replace(/\/+$/, "");
        return { provider: instance.provider, url: (params) => `${base}?${query(params)}` };
      },
    });
  }

  supportsChain(chainId: number): boolean {
    return this.instances[chainId] !== undefined;
  }

  fetchTransfers(p: HistoryQuery): Promise<HistoryResult> {
    return this.engine.fetchTransfers(p);
  }

  /** `?module=block&action=eth_block_number`: the newest block the explorer has indexed. */
  headBlock(chainId: number, signal?: AbortSignal): Promise<number | null> {
    return this.engine.headBlock(chainId, signal);
  }

  /** The oldest record's block (tokentx / txlist / txlistinternal, one row each, sort=asc). */
  firstBlock(chainId: number, address: string, signal?: AbortSignal): Promise<number | null> {
    return this.engine.firstBlock(chainId, address, signal);
  }

  /** The same instance's `/api/v2/addresses/{a}/counters`. */
  estimateRecords(chainId: number, address: string, signal?: AbortSignal): Promise<number | null> {
    const i = this.instances[chainId];
    if (!i) return Promise.resolve(null);
    const v2 = { baseUrl: `${i.baseUrl.replace(/\/+$/, "")}/v2`, provider: i.provider };
    return blockscoutRecordEstimate(this.options.upstream, v2, address, signal);
  }

  /** tokenlist: every ERC-20 the explorer has seen at the address, with its indexed balance. */
  async discoverTokens(p: DiscoveryQuery): Promise<DiscoveryResult> {
    const wallet = normalizeAddress(p.address);
    const ep = this.engine.endpointFor(p.chainId);
    throwIfAborted(p.signal);
    try {
      const rows = await this.engine.call(
        ep,
        "tokenlist",
        "balances",
        { module: "account", action: "tokenlist", address: wallet },
        parseListEnvelope,
        p.signal,
      );
      const tokens = new Map<string, DiscoveredToken>();
      for (const row of rows) {
        const address = toAddress(row.contractAddress);
        if (!address) continue;
        if (typeof row.type === "string" && row.type !== "" && row.type !== "ERC-20") continue;
        tokens.set(address, discoveredToken(address, row));
      }
      return { tokens: [...tokens.values()], partial: false, problems: [] };
    } catch (err) {
      return failedDiscovery(this.name, p.chainId, "tokenlist", err, p.signal);
    }
  }

  /** balance: the native coin balance in base units as the explorer indexed it. */
  async nativeBalance(p: DiscoveryQuery): Promise<NativeBalanceResult> {
    const wallet = normalizeAddress(p.address);
    const ep = this.engine.endpointFor(p.chainId);
    throwIfAborted(p.signal);
    try {
      const raw = await this.engine.call(
        ep,
        "balance",
        "balances",
        { module: "account", action: "balance", address: wallet },
        parseScalarEnvelope,
        p.signal,
      );
      const balance = toUint(raw);
      return balance === null
        ? { balance: null, problems: [problemText(this.name, p.chainId, "balance", `not an integer: ${raw}`)] }
        : { balance, problems: [] };
    } catch (err) {
      return { balance: null, problems: [problemText(this.name, p.chainId, "balance", failureText(err, p.signal))] };
    }
  }
}
