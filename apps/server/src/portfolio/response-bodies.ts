import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { PortfolioResult } from "@pulsemanager/core";

const gzipAsync = promisify(gzip);
const MIN_GZIP_BYTES = 1024;

export interface PortfolioBody {
  etag: string;
  text: string;
  gzip: Uint8Array | undefined;
}

/**
 * The serialised (and gzipped) answer of each user's current portfolio version, made once per
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
    const body = PortfolioBodies.make(etag, result);
    this.bodies.set(userId, { etag, body });
    body.catch(() => this.bodies.delete(userId));
    return body;
  }

  private static async make(etag: string, result: PortfolioResult): Promise<PortfolioBody> {
    const text = JSON.stringify(result);
    const zipped = text.length > MIN_GZIP_BYTES ? new Uint8Array(await gzipAsync(text)) : undefined;
    return { etag, text, gzip: zipped };
  }
}
