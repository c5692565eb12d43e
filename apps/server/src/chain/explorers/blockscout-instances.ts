import { ETHEREUM, PULSECHAIN } from "@pulsemanager/core";

/** One Blockscout API of one chain: its URL and the UpstreamClient provider that paces it. */
export interface BlockscoutInstance {
  /** `/api` or `/api/v2` URL, e.g. "https://api.scan.pulsechain.com/api". */
  baseUrl: string;
  /** UpstreamClient provider name (rate-limit policy and metering), e.g. "blockscout-pulsechain". */
  provider: string;
}

/**
 * Each chain's public Blockscout (its Etherscan-compatible `/api`; `/api/v2` lives beside it) and the
 * provider name both APIs share: one instance, one per-IP limit.
 */
const BLOCKSCOUTS: Readonly<Record<number, { apiUrl: string; provider: string }>> = {
  [PULSECHAIN]: { apiUrl: "https://api.scan.pulsechain.com/api", provider: "blockscout-pulsechain" },
  [ETHEREUM]: { apiUrl: "https://eth.blockscout.com/api", provider: "blockscout-ethereum" },
};

/** The UpstreamClient provider of a chain's Blockscout (Ethereum's for a chain without its own). */
export function blockscoutProvider(chainId: number): string {
  return (BLOCKSCOUTS[chainId] ?? (BLOCKSCOUTS[ETHEREUM] as { provider: string })).provider;
}

/** A chain's `/api` at the configured URL (the public one by default). */
export function blockscoutApi(chainId: number, apiUrl = BLOCKSCOUTS[chainId]?.apiUrl ?? ""): BlockscoutInstance {
  return { baseUrl: apiUrl, provider: blockscoutProvider(chainId) };
}

/** A chain's `/api/v2`, beside its configured `/api` URL. */
export function blockscoutV2(chainId: number, apiUrl = BLOCKSCOUTS[chainId]?.apiUrl ?? ""): BlockscoutInstance {
  return { baseUrl: `${apiUrl.replace(/\/api\/?$/, "")}/api/v2`, provider: blockscoutProvider(chainId) };
}

/** Every chain's instance built by `instance` (the sources' defaults). */
export function publicBlockscouts(
  instance: (chainId: number) => BlockscoutInstance,
): Readonly<Record<number, BlockscoutInstance>> {
  return Object.fromEntries(Object.keys(BLOCKSCOUTS).map((id) => [id, instance(Number(id))]));
}
