import { NFT_IMAGE_MAX_BYTES, NFT_IMAGE_TYPES } from "@pulsemanager/core";
import type { UpstreamClient } from "../upstream/upstream-client.ts";

export interface NftImage {
  type: string;
  bytes: Uint8Array;
}

export class NftImageRefused extends Error {}

const CACHE_ENTRIES = 200;
const CACHE_MS = 60 * 60_000;

/** Loopback, private and link-local hosts: an NFT's metadata must not make the server ask inside its own network. */
const PRIVATE_HOST =
  /^(localhost|127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|0\.|\[?::1\]?$|\[?f[cd][0-9a-f]{2}:|\[?fe80:)/i;

/**
 * NFT images for the proxy: data: images decoded here, http(s) images fetched through the
 * UpstreamClient (https only unless `allowHttp`; no private hosts unless `allowPrivateHosts`),
 * only PNG, JPEG, GIF and WebP up to 2 MB, kept in memory for an hour (at most 200).
 */
export class NftImageFetcher {
  private readonly cache = new Map<string, { image: NftImage; until: number }>();

  constructor(private readonly deps: { upstream: UpstreamClient; allowPrivateHosts?: boolean; allowHttp?: boolean }) {}

  async get(source: string): Promise<NftImage> {
    const hit = this.cache.get(source);
    if (hit && hit.until > Date.now()) return hit.image;
    const image = source.startsWith("data:") ? fromDataUri(source) : await this.fetch(source);
    if (this.cache.size >= CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(source, { image, until: Date.now() + CACHE_MS });
    return image;
  }

  private async fetch(source: string): Promise<NftImage> {
    const url = new URL(source);
    if (url.protocol !== "https:" && !(this.deps.allowHttp && url.protocol === "http:"))
      throw new NftImageRefused("only https images are fetched");
    if (!this.deps.allowPrivateHosts && PRIVATE_HOST.test(url.hostname))
      throw new NftImageRefused("image host is not public");
    const res = await this.deps.upstream.request({
      provider: "nft-images",
      endpoint: "image",
      kind: "metadata",
      url: source,
    });
    if (!res.ok) throw new NftImageRefused(`image answered HTTP ${res.status}`);
    const type = allowedType(res.headers.get("content-type"));
    if (Number(res.headers.get("content-length") ?? 0) > NFT_IMAGE_MAX_BYTES)
      throw new NftImageRefused("image too large");
    return { type, bytes: await readLimited(res) };
  }
}

function allowedType(header: string | null): string {
  const type = (header ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!(NFT_IMAGE_TYPES as readonly string[]).includes(type))
    throw new NftImageRefused(`image type ${type || "unknown"} refused`);
  return type;
}

function fromDataUri(uri: string): NftImage {
  const match = /^data:([\w/+.-]+);base64,(.*)$/s.exec(uri);
  if (!match) throw new NftImageRefused("not a base64 data: image");
  const type = allowedType(match[1] ?? null);
  const bytes = new Uint8Array(Buffer.from(match[2] ?? "", "base64"));
  if (bytes.length > NFT_IMAGE_MAX_BYTES) throw new NftImageRefused("image too large");
  return { type, bytes };
}

/** The body, stopped as soon as it passes the limit (a server may send more than it announced). */
async function readLimited(res: Response): Promise<Uint8Array> {
  const reader = res.body?.getReader();
  if (!reader) return new Uint8Array();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > NFT_IMAGE_MAX_BYTES) {
      await reader.cancel();
      throw new NftImageRefused("image too large");
    }
    parts.push(value);
  }
  return new Uint8Array(Buffer.concat(parts));
}
