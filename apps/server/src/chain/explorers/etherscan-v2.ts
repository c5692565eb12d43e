/**
 * Etherscan API v2 (https://api.etherscan.io/v2/api?chainid=..., key required): history for Ethereum.
 * PulseChain is not an Etherscan chain. NOTOK bodies: "Invalid API Key ..." and other texts become
 * problems; "Max calls per sec rate limit reached" (HTTP 200) is retried with backoff; the daily quota
 * text is not retried. Free tier: 1,000 rows per request from 2026-07-01 (hence the default page size).
 */
import { ETHEREUM } from "@pulsemanager/core";
import { query } from "../../lib/query-string.ts";
import type { UpstreamClient } from "../../upstream/upstream-client.ts";
import { EtherscanStyleHistory } from "./etherscan-format.ts";
import type { HistoryQuery, HistoryResult, HistorySource } from "./types.ts";

export const ETHERSCAN_V2_URL = "https://api.etherscan.io/v2/api";

export interface EtherscanV2Options {
  upstream: UpstreamClient;
  /** ETHERSCAN_API_KEY; required (construct the source only when it is set). */
  apiKey: string;
  /** Default https://api.etherscan.io/v2/api. */
  baseUrl?: string;
  /** UpstreamClient provider name; default "etherscan". */
  provider?: string;
  /** Chains to serve; default [1]. */
  chainIds?: readonly number[];
  /** Rows per request (offset), 1..10,000; default 1,000. */
  pageSize?: number;
  /** Newest blocks left out of the reported coverage so they are read again next time; default 600. */
  safetyMarginBlocks?: number;
  sleep?: (ms: number) => Promise<void>;
}

export class EtherscanV2Source implements HistorySource {
  readonly name = "etherscan-v2";
  private readonly engine: EtherscanStyleHistory;
  private readonly chains: ReadonlySet<number>;

  constructor(options: EtherscanV2Options) {
    if (!options.apiKey) throw new Error("EtherscanV2Source needs an API key (ETHERSCAN_API_KEY)");
    const base = (options.baseUrl ?? ETHERSCAN_V2_URL).replace(/\/+$/, "");
    const provider = options.provider ?? "etherscan";
    const chains = new Set(options.chainIds ?? [ETHEREUM]);
    this.chains = chains;
    this.engine = new EtherscanStyleHistory({
      upstream: options.upstream,
      name: this.name,
      pageSize: options.pageSize ?? 1000,
      maxWindow: 10_000,
      sleep: options.sleep,
      safetyMarginBlocks: options.safetyMarginBlocks,
      endpoint: (chainId) =>
        chains.has(chainId)
          ? { provider, url: (params) => `${base}?${query({ chainid: chainId, ...params, apikey: options.apiKey })}` }
          : undefined,
    });
  }

  supportsChain(chainId: number): boolean {
    return this.chains.has(chainId);
  }

  fetchTransfers(p: HistoryQuery): Promise<HistoryResult> {
    return this.engine.fetchTransfers(p);
  }
}
