/** An NFT a wallet holds, as found on chain or by the explorer. */
export interface NftItem {
  chainId: number;
  wallet: string;
  standard: "ERC-721" | "ERC-1155";
  contract: string;
  tokenId: string;
  amount: string;
  collection: string | null;
  name: string | null;
  /** Where the server fetches the image from (http(s) or a data: URI); null without one. */
  imageSource: string | null;
}

export interface NftMetadata {
  name: string | null;
  image: string | null;
}

const IPFS = /^ipfs:\/\/(ipfs\/)?/;
/**
 * What one NFT may carry into the portfolio answer (anyone can airdrop an NFT to a wallet): an image
 * link or a data: image up to 48 KB of text (larger ones are listed without image), a data: metadata
 * JSON up to 256 KB (larger ones are not read).
 */
export const NFT_IMAGE_SOURCE_MAX_CHARS = 48 * 1024;
export const NFT_METADATA_MAX_CHARS = 256 * 1024;

/** ipfs:// as a public gateway URL (as Blockscout rewrites it); http(s) and data: images as they are; anything else none. */
export function imageSourceOf(image: unknown): string | null {
  if (typeof image !== "string" || image.length === 0 || image.length > NFT_IMAGE_SOURCE_MAX_CHARS) return null;
  if (IPFS.test(image)) return image.replace(IPFS, "https://ipfs.io/ipfs/");
  if (/^https?:\/\//.test(image) || /^data:image\//.test(image)) return image;
  return null;
}

/** Name and image of a metadata JSON (any shape: only strings are taken). */
export function metadataOf(json: unknown): NftMetadata {
  if (typeof json !== "object" || json === null) return { name: null, image: null };
  const m = json as Record<string, unknown>;
  const name = typeof m.name === "string" ? m.name.slice(0, 120) : null;
  return { name, image: imageSourceOf(m.image_url ?? m.image) };
}

/** A tokenURI that carries its metadata itself (data:application/json, base64 or not); other URIs: none. */
export function metadataFromDataUri(uri: string): NftMetadata {
  if (uri.length > NFT_METADATA_MAX_CHARS) return { name: null, image: null };
  const match = /^data:application\/json(;charset=[\w-]+)?(;base64)?,(.*)$/s.exec(uri);
  if (!match) return { name: null, image: null };
  try {
    const text = match[2] ? Buffer.from(match[3] ?? "", "base64").toString("utf8") : decodeURIComponent(match[3] ?? "");
    return metadataOf(JSON.parse(text));
  } catch {
    return { name: null, image: null };
  }
}
