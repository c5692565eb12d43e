import { type NftPosition, nftImageQuerySchema, type PortfolioResult } from "@pulsemanager/core";
import { Hono } from "hono";
import { jsonError, validationError } from "../http/errors.ts";
import { userOf } from "../http/session-user.ts";
import type { FixedWindowLimiter } from "../rate-limit/fixed-window.ts";
import { perUserLimit, type UserRateRule } from "../rate-limit/per-user-limit.ts";
import { type NftImageFetcher, NftImageRefused } from "./nft-image-fetch.ts";

/** An image may be fetched from its host (and the portfolio read first): this many per user. */
export const NFT_IMAGES: UserRateRule = { name: "nft-image", max: 120, windowSeconds: 60 };

/**
 * GET /api/nft-image?chainId&contract&tokenId: the image of an NFT one of the user's wallets
 * holds (as the user's portfolio lists it), fetched by the server; anything else is 404; beyond
 * NFT_IMAGES a 429 (the browser keeps each image an hour, so a page of NFTs stays well below it).
 */
export function nftImageRoutes(deps: {
  portfolio: (userId: string) => Promise<PortfolioResult>;
  images: NftImageFetcher;
  limiter?: FixedWindowLimiter;
}) {
  const app = new Hono();
  app.get("/", perUserLimit(deps.limiter, NFT_IMAGES), async (c) => {
    const parsed = nftImageQuerySchema.safeParse(c.req.query());
    if (!parsed.success) return validationError(c, parsed.error);
    const { chainId, contract, tokenId } = parsed.data;
    const owned = (await deps.portfolio(userOf(c).id)).positions.find(
      (p): p is NftPosition =>
        p.kind === "nft" &&
        p.chainId === chainId &&
        p.contractAddress === contract.toLowerCase() &&
        p.tokenId === tokenId,
    );
    if (!owned?.imageSource) return jsonError(c, 404, "NOT_FOUND", "No such NFT image in your wallets");
    try {
      const image = await deps.images.get(owned.imageSource);
      c.header("Content-Type", image.type);
      c.header("Cache-Control", "private, max-age=3600");
      c.header("Content-Security-Policy", "default-src 'none'");
      return c.body(image.bytes as Uint8Array<ArrayBuffer>);
    } catch (err) {
      // Refused or unreachable: the page shows its placeholder either way.
      const why = err instanceof NftImageRefused ? err.message : "it could not be loaded";
      return jsonError(c, 404, "NOT_FOUND", `The image is not shown: ${why}`);
    }
  });
  return app;
}
