import { afterEach, describe, expect, it } from "vitest";
import { blockscoutNfts } from "../../src/chain/nfts/nft-blockscout.ts";
import { NftImageFetcher, NftImageRefused } from "../../src/positions/nft-image-fetch.ts";
import { EMPTY_WALLET, example, type Fake, loadProviderFile, startFake, testUpstream, WALLET } from "./fake-http.ts";

const file = loadProviderFile("blockscout-v2-nft.json");
const PLS = "https://api.scan.pulsechain.com/api/v2";
const ETH = "https://eth.blockscout.com/api/v2";
const ex = (key: string) => example(file, `GET ${key}`);

let fake: Fake | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** Blockscout's NFT list in the recorded format: the examples by path and query, anything else 404. */
function explorer(base: string) {
  return startFake((req) => {
    const key = `${base}${req.path.replace(/^\/api\/v2/, "")}?${decodeURIComponent(req.query.toString())}`;
    try {
      return { json: ex(key) };
    } catch {
      return {
        status: 404,
        json: ex(`${PLS}/addresses/${EMPTY_WALLET}/nft?type=ERC-721,ERC-1155 [address never seen, older versions]`),
      };
    }
  });
}

describe("Blockscout v2 NFT list", () => {
  it("reads both pages of PulseChain's older field names, repeating the type filter, ERC-721 and ERC-1155", async () => {
    fake = await explorer(PLS);
    const { upstream } = testUpstream();
    const nfts = await blockscoutNfts(
      upstream,
      { baseUrl: `${fake.url}/api/v2`, provider: "blockscout-pulsechain" },
      369,
      WALLET,
    );
    expect(fake.requests.map((r) => r.query.get("type"))).toEqual(["ERC-721,ERC-1155", "ERC-721,ERC-1155"]);
    expect(fake.requests[1]?.query.get("token_id")).toBe("7");
    expect(nfts).toEqual([
      {
        chainId: 369,
        wallet: WALLET,
        standard: "ERC-721",
        contract: "0x5e1a7f0c2d9b3e4f60718293a4b5c6d7e8f90a1b",
        tokenId: "1234",
        amount: "1",
        collection: "Pulse Punks",
        name: "Pulse Punk #1234",
        imageSource: "https://ipfs.io/ipfs/bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/1234.png",
      },
      {
        chainId: 369,
        wallet: WALLET,
        standard: "ERC-1155",
        contract: "0x3c9d2e1f0a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d",
        tokenId: "7",
        amount: "3",
        collection: "Hex Heroes Items",
        name: "Health Potion",
        imageSource: "https://example.org/items/7.png",
      },
    ]);
  });

  it("reads current Blockscout's field names (token.address_hash) on Ethereum", async () => {
    fake = await explorer(ETH);
    const { upstream } = testUpstream();
    const nfts = await blockscoutNfts(
      upstream,
      { baseUrl: `${fake.url}/api/v2`, provider: "blockscout-ethereum" },
      1,
      WALLET,
    );
    expect(nfts.map((n) => [n.contract, n.tokenId, n.name])).toEqual([
      ["0x5e1a7f0c2d9b3e4f60718293a4b5c6d7e8f90a1b", "1234", "Pulse Punk #1234"],
    ]);
  });

  it("an address the explorer never saw (404 Not found) holds no NFTs", async () => {
    fake = await explorer(PLS);
    const { upstream } = testUpstream();
    expect(
      await blockscoutNfts(
        upstream,
        { baseUrl: `${fake.url}/api/v2`, provider: "blockscout-pulsechain" },
        369,
        EMPTY_WALLET,
      ),
    ).toEqual([]);
  });
});

describe("NFT image fetching", () => {
  const PNG = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR42mPIs/lAEmIY1TCqYfhqAAB1zZoQ+gQkBwAAAABJRU5ErkJggg==",
    "base64",
  );

  async function images() {
    fake = await startFake((req) => {
      if (req.path === "/a.png") return { text: PNG.toString("latin1"), contentType: "image/png" };
      if (req.path === "/page.html") return { text: "<script>alert(1)</script>", contentType: "text/html" };
      if (req.path === "/huge.gif") return { text: "x".repeat(2 * 1024 * 1024 + 1), contentType: "image/gif" };
      return { status: 404, text: "no" };
    });
    return fake.url;
  }

  it("passes PNG, JPEG, GIF and WebP up to 2 MB, fetched once and then cached", async () => {
    const base = await images();
    const { upstream } = testUpstream();
    const fetcher = new NftImageFetcher({ upstream, allowHttp: true, allowPrivateHosts: true });
    const image = await fetcher.get(`${base}/a.png`);
    expect(image.type).toBe("image/png");
    expect(image.bytes.length).toBeGreaterThan(50);
    await fetcher.get(`${base}/a.png`);
    expect(fake?.requests.filter((r) => r.path === "/a.png")).toHaveLength(1);
  });

  it("refuses other types, larger images, plain http and private hosts", async () => {
    const base = await images();
    const { upstream } = testUpstream();
    const local = new NftImageFetcher({ upstream, allowHttp: true, allowPrivateHosts: true });
    await expect(local.get(`${base}/page.html`)).rejects.toThrow(/image type refused/);
    await expect(local.get(`${base}/huge.gif`)).rejects.toThrow(/too large/);
    const strict = new NftImageFetcher({ upstream });
    await expect(strict.get(`${base}/a.png`)).rejects.toBeInstanceOf(NftImageRefused);
    await expect(strict.get("https://127.0.0.1/a.png")).rejects.toThrow(/not public/);
    await expect(strict.get("https://192.168.1.2/a.png")).rejects.toThrow(/not public/);
    await expect(strict.get("data:text/html;base64,PHA+")).rejects.toThrow(/refused/);
    const data = await strict.get(`data:image/png;base64,${PNG.toString("base64")}`);
    expect(Buffer.from(data.bytes).equals(PNG)).toBe(true);
  });
});
