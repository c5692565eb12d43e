import type { PortfolioResult } from "@pulsemanager/core";
import { compressText, type Encoding, MIN_COMPRESS_BYTES } from "../http/compress-json.ts";

export interface PortfolioBody {
  etag: string;
  text: string;
  /** The text compressed in an encoding, made on its first request and kept with the version; undefined for a small text. */
  encoded(encoding: Encoding): Promise<Uint8Array> | undefined;
}

/**
 * The serialised (and compressed) answer of each user's current portfolio version, made once per
 * version: concurrent requests for a version not yet made wait for the one being made.
 */
export class PortfolioBodies {
  private readonly bodies = new Map<string, { etag: string; body: Promise<PortfolioBody> }>();

  static etagOf(result: PortfolioResult): string {
    return `W/"${result.lastUpdated}-${result.fromCache ? "c" : "f"}-${result.stale ? 1 : 0}"`;
  }

  get(userId: string, result: PortfolioResult): Promise<PortfolioBody> {
    const etag = PortfolioBodies.etagOf(result);
    const known = this.bodies.get(userId);
    if (known?.etag === etag) return known.body;
    const body = Promise.resolve().then(() => PortfolioBodies.make(etag, result));
    this.bodies.set(userId, { etag, body });
    body.catch(() => this.bodies.delete(userId));
    return body;
  }

  private static make(etag: string, result: PortfolioResult): PortfolioBody {
    const text = JSON.stringify(result);
    const made = new Map<Encoding, Promise<Uint8Array>>();
    const encoded = (encoding: Encoding) => {
      if (text.length <= MIN_COMPRESS_BYTES) return undefined;
      const known = made.get(encoding);
      if (known) return known;
      const bytes = compressText(text, encoding);
      made.set(encoding, bytes);
      // A failed compression is made again on the next request, not kept with the version.
      bytes.catch(() => made.delete(encoding));
      return bytes;
    };
    return { etag, text, encoded };
  }
}
