import type { UpstreamClient } from "../../upstream/upstream-client.ts";
import { imageSourceOf, metadataOf, type NftItem } from "./nft-items.ts";

/** At most this many pages of 50 per wallet: a wallet with thousands of NFTs lists the first 200. */
const MAX_PAGES = 4;

interface NftPage {
  items?: Instance[];
  next_page_params?: Record<string, unknown> | null;
}

interface Instance {
  id?: unknown;
  image_url?: unknown;
  metadata?: unknown;
  token?: { address?: unknown; address_hash?: unknown; name?: unknown; type?: unknown } | null;
  token_type?: unknown;
  value?: unknown;
}

/**
 * NFTs from Blockscout's /api/v2/addresses/{a}/nft?type=ERC-721,ERC-1155 (both field-name
 * generations: token.address / token.address_hash), following next_page_params and repeating the
 * type filter. A 404 (an address the explorer never saw) is no NFTs.
 */
export async function blockscoutNfts(
  upstream: UpstreamClient,
  source: { baseUrl: string; provider: string },
  chainId: number,
  wallet: string,
): Promise<NftItem[]> {
  const out: NftItem[] = [];
  let params: Record<string, string> | null = {};
  for (let page = 0; page < MAX_PAGES && params; page++) {
    const qs: URLSearchParams = new URLSearchParams({ type: "ERC-721,ERC-1155", ...params });
    const answer: { status: number; body: NftPage } = await upstream.json<NftPage>({
      provider: source.provider,
      endpoint: "addresses/nft",
      kind: "balances",
      url: `${source.baseUrl}/addresses/${wallet}/nft?${qs}`,
    });
    const { status, body } = answer;
    if (status === 404) return out;
    if (status < 200 || status >= 300) throw new Error(`NFT list: HTTP ${status}`);
    for (const item of body.items ?? []) {
      const nft = toItem(chainId, wallet, item);
      if (nft) out.push(nft);
    }
    const next: Record<string, unknown> | null | undefined = body.next_page_params;
    params = next ? Object.fromEntries(Object.entries(next).map(([k, v]) => [k, String(v)])) : null;
  }
  return out;
}

function toItem(chainId: number, wallet: string, item: Instance): NftItem | null {
  const contract = item.token?.address_hash ?? item.token?.address;
  const type = item.token_type ?? item.token?.type;
  if (typeof contract !== "string" || typeof item.id !== "string") return null;
  if (type !== "ERC-721" && type !== "ERC-1155") return null;
  const meta = metadataOf(item.metadata);
  return {
    chainId,
    wallet: wallet.toLowerCase(),
    standard: type,
    contract: contract.toLowerCase(),
    tokenId: item.id,
    amount: typeof item.value === "string" ? item.value : "1",
    collection: typeof item.token?.name === "string" ? item.token.name.slice(0, 64) : null,
    name: meta.name,
    imageSource: imageSourceOf(item.image_url) ?? meta.image,
  };
}
