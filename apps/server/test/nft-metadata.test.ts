import { describe, expect, it } from "vitest";
import { imageSourceOf, metadataFromDataUri, metadataOf } from "../src/chain/nfts/nft-items.ts";

describe("NFT metadata", () => {
  it("reads name and image from a data: tokenURI, base64 or percent-encoded", () => {
    const json = JSON.stringify({ name: "Pixel #1", image: "data:image/png;base64,AAAA" });
    expect(metadataFromDataUri(`data:application/json;base64,${Buffer.from(json).toString("base64")}`)).toEqual({
      name: "Pixel #1",
      image: "data:image/png;base64,AAAA",
    });
    expect(metadataFromDataUri(`data:application/json;charset=utf-8,${encodeURIComponent(json)}`).name).toBe(
      "Pixel #1",
    );
  });

  it("gives nothing for other tokenURIs and broken JSON (nothing is fetched for them)", () => {
    expect(metadataFromDataUri("https://example.org/1.json")).toEqual({ name: null, image: null });
    expect(metadataFromDataUri("data:application/json,{broken")).toEqual({ name: null, image: null });
    expect(metadataFromDataUri("")).toEqual({ name: null, image: null });
  });

  it("rewrites ipfs:// to a gateway, keeps https and data: images, drops other schemes and non-strings", () => {
    expect(imageSourceOf("ipfs://bafy/1.png")).toBe("https://ipfs.io/ipfs/bafy/1.png");
    expect(imageSourceOf("ipfs://ipfs/bafy/1.png")).toBe("https://ipfs.io/ipfs/bafy/1.png");
    expect(imageSourceOf("https://example.org/1.png")).toBe("https://example.org/1.png");
    expect(imageSourceOf("javascript:alert(1)")).toBeNull();
    expect(imageSourceOf("file:///etc/passwd")).toBeNull();
    expect(imageSourceOf(42)).toBeNull();
    expect(metadataOf({ name: 7, image_url: "https://example.org/a.gif" })).toEqual({
      name: null,
      image: "https://example.org/a.gif",
    });
  });
});
