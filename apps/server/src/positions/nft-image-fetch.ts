import { NFT_IMAGE_MAX_BYTES, NFT_IMAGE_TYPES } from "@pulsemanager/core";
import { pinnedFetch } from "../upstream/pinned-fetch.ts";
import { type AddressPolicy, HostNotPublic, resolvePublicAddress } from "../upstream/public-address.ts";
import { BodyTooLarge, readLimited } from "../upstream/read-limited.ts";
import type { UpstreamClient } from "../upstream/upstream-client.ts";

export interface NftImage {
  type: string;
  bytes: Uint8Array;
}

/** Why an image is not shown; the texts name no host, address or status of the image's server. */
export class NftImageRefused extends Error {}

const CACHE_ENTRIES = 200;
const CACHE_MS = 60 * 60_000;
const FAILURE_CACHE_MS = 60_000;
const DEADLINE_MS = 10_000;
const MAX_REDIRECTS = 3;
const REDIRECT_STATUS = new Set([301, 302, 303, 307, 308]);
const NOT_LOADED = "the image could not be loaded";

export interface NftImageFetcherDeps extends Pick<AddressPolicy, "resolve" | "trustedHosts"> {
  upstream: UpstreamClient;
  allowPrivateHosts?: boolean;
  allowHttp?: boolean;
  /** The whole fetch of one image, redirects and body included. */
  deadlineMs?: number;
}

type CacheEntry = { image: NftImage; until: number } | { error: NftImageRefused; until: number };

/**
 * NFT images for the proxy: data: images decoded here, http(s) images fetched through the
 * UpstreamClient (https only unless `allowHttp`). Each hop of a redirect chain (at most 3) is
 * checked: its host's resolved addresses must all be public (unless `allowPrivateHosts`) and the
 * connection goes to the address checked. Only PNG, JPEG, GIF and WebP up to 2 MB, within 10 s
 * in all; images kept in memory for an hour (at most 200), failures for a minute.
 */
export class NftImageFetcher {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(private readonly deps: NftImageFetcherDeps) {}

  async get(source: string): Promise<NftImage> {
    const hit = this.cache.get(source);
    if (hit && hit.until > Date.now()) {
      if ("error" in hit) throw hit.error;
      return hit.image;
    }
    try {
      const image = source.startsWith("data:") ? fromDataUri(source) : await this.withDeadline(source);
      this.remember(source, { image, until: Date.now() + CACHE_MS });
      return image;
    } catch (err) {
      const error = err instanceof NftImageRefused ? err : new NftImageRefused(NOT_LOADED);
      this.remember(source, { error, until: Date.now() + FAILURE_CACHE_MS });
      throw error;
    }
  }

  private remember(source: string, entry: CacheEntry): void {
    this.cache.delete(source);
    if (this.cache.size >= CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(source, entry);
  }

  private async withDeadline(source: string): Promise<NftImage> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new NftImageRefused(NOT_LOADED));
      }, this.deps.deadlineMs ?? DEADLINE_MS);
    });
    try {
      return await Promise.race([this.fetch(source, controller.signal), deadline]);
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  }

  private async fetch(source: string, signal: AbortSignal): Promise<NftImage> {
    let url = new URL(source);
    for (let hop = 0; ; hop++) {
      const res = await this.fetchHop(url, signal);
      const location = res.headers.get("location");
      if (REDIRECT_STATUS.has(res.status) && location && hop < MAX_REDIRECTS) {
        await res.body?.cancel().catch(() => undefined);
        url = new URL(location, url);
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        throw new NftImageRefused(NOT_LOADED);
      }
      const type = allowedType(res.headers.get("content-type"));
      if (Number(res.headers.get("content-length") ?? 0) > NFT_IMAGE_MAX_BYTES)
        throw new NftImageRefused("image too large");
      const bytes = await readLimited(res, NFT_IMAGE_MAX_BYTES, signal).catch((err) => {
        throw err instanceof BodyTooLarge ? new NftImageRefused("image too large") : err;
      });
      return { type, bytes };
    }
  }

  /** One request, to an address checked just now, following no redirect. */
  private async fetchHop(url: URL, signal: AbortSignal): Promise<Response> {
    if (url.protocol !== "https:" && !(this.deps.allowHttp && url.protocol === "http:"))
      throw new NftImageRefused("only https images are fetched");
    const target = await resolvePublicAddress(url.hostname, {
      resolve: this.deps.resolve,
      trustedHosts: this.deps.trustedHosts,
      allowPrivate: this.deps.allowPrivateHosts,
    }).catch((err) => {
      throw err instanceof HostNotPublic ? new NftImageRefused("image host is not public") : err;
    });
    return this.deps.upstream.request({
      provider: "nft-images",
      endpoint: "image",
      kind: "metadata",
      url: url.toString(),
      init: { signal, redirect: "manual" },
      transport: pinnedFetch(target),
    });
  }
}

function allowedType(header: string | null): string {
  const type = (header ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!(NFT_IMAGE_TYPES as readonly string[]).includes(type)) throw new NftImageRefused("image type refused");
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
