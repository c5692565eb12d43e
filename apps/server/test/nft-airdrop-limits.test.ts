import {
  decodeFunctionData,
  encodeFunctionResult,
  type Hex,
  keccak256,
  type PublicClient,
  pad,
  parseAbi,
  toHex,
} from "viem";
import { describe, expect, it } from "vitest";
import { discoverNftsByLogs, type Log } from "../src/chain/nfts/nft-rpc.ts";
import { rpcNftSource } from "../src/chain/nfts/nft-sources.ts";
import type { ChainServices } from "../src/chain/services.ts";
import { listNfts } from "../src/positions/position-reads.ts";

const aggregate3Abi = parseAbi([
  "struct Call3 { address target; bool allowFailure; bytes callData; }",
  "struct Result { bool success; bytes returnData; }",
  "function aggregate3(Call3[] calls) payable returns (Result[] returnData)",
]);
const nftAbi = parseAbi([
  "function ownerOf(uint256 id) view returns (address)",
  "function tokenURI(uint256 id) view returns (string)",
  "function name() view returns (string)",
]);
const TRANSFER = keccak256(toHex("Transfer(address,address,uint256)"));
const WALLET = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const COLLECTION = "0x00000000000000000000000000000000000000c1";
/** Like a node's gas cap on eth_call: an answer this large is refused as a whole. */
const NODE_ANSWER_MAX_HEX = 2_000_000;
const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

function dataJson(json: unknown): string {
  return `data:application/json;base64,${Buffer.from(JSON.stringify(json)).toString("base64")}`;
}

/** A node holding one collection whose tokens all belong to WALLET, answering Multicall3's aggregate3. */
function fakeNode(uris: Map<bigint, string>, refuseAll = false): PublicClient {
  const answer = (callData: Hex): Hex => {
    const { functionName, args } = decodeFunctionData({ abi: nftAbi, data: callData });
    if (functionName === "name") return encodeFunctionResult({ abi: nftAbi, functionName, result: "Drops" });
    if (functionName === "ownerOf") return encodeFunctionResult({ abi: nftAbi, functionName, result: WALLET });
    return encodeFunctionResult({ abi: nftAbi, functionName, result: uris.get(args[0] as bigint) ?? "" });
  };
  return {
    getBlockNumber: async () => 0n,
    request: async ({ method, params }: { method: string; params: [{ data: Hex }] }) => {
      if (method === "eth_getLogs") return [];
      if (method !== "eth_call" || refuseAll) throw new Error("node refused the call");
      const { args } = decodeFunctionData({ abi: aggregate3Abi, data: params[0].data });
      const results = args[0].map((c) => ({ success: true, returnData: answer(c.callData) }));
      const encoded = encodeFunctionResult({ abi: aggregate3Abi, functionName: "aggregate3", result: results });
      if (encoded.length > NODE_ANSWER_MAX_HEX) throw new Error("execution reverted: out of gas");
      return encoded;
    },
  } as unknown as PublicClient;
}

function mints(ids: bigint[]): Log[] {
  return ids.map((id) => ({
    address: COLLECTION,
    topics: [TRANSFER, pad("0x00", { size: 32 }), pad(WALLET as Hex, { size: 32 }), toHex(id, { size: 32 })],
    data: "0x",
  }));
}

describe("airdropped NFTs with huge data: URIs", () => {
  it("five 1 MB data: URIs neither hide the other NFTs nor land in the portfolio answer", async () => {
    const uris = new Map<bigint, string>();
    for (let id = 1n; id <= 6n; id++)
      uris.set(id, dataJson({ name: `Pixel #${id}`, image: `data:image/png;base64,${PNG_1PX}` }));
    const huge = `data:image/png;base64,${"A".repeat(1024 * 1024)}`;
    for (let id = 101n; id <= 105n; id++) uris.set(id, dataJson({ name: `Spam #${id}`, image: huge }));
    const nfts = await discoverNftsByLogs(fakeNode(uris), 369, [WALLET], mints([...uris.keys()]));

    expect(nfts.map((n) => n.tokenId).sort()).toEqual([
      "1",
      "101",
      "102",
      "103",
      "104",
      "105",
      "2",
      "3",
      "4",
      "5",
      "6",
    ]);
    for (const n of nfts.filter((n) => Number(n.tokenId) < 100)) {
      expect(n.name).toBe(`Pixel #${n.tokenId}`);
      expect(n.imageSource).toBe(`data:image/png;base64,${PNG_1PX}`);
    }
    for (const n of nfts.filter((n) => Number(n.tokenId) > 100)) expect(n.imageSource).toBeNull();
    expect(JSON.stringify(nfts).length).toBeLessThan(20_000);
  });

  it("a 100 KB data: image in small metadata is listed without the image", async () => {
    const uris = new Map([[7n, dataJson({ name: "Big", image: `data:image/png;base64,${"A".repeat(100_000)}` })]]);
    const [nft] = await discoverNftsByLogs(fakeNode(uris), 369, [WALLET], mints([7n]));
    expect(nft?.name).toBe("Big");
    expect(nft?.imageSource).toBeNull();
  });

  it("NFTs whose ownership cannot be read are a problem the page shows, not silently none", async () => {
    const uris = new Map([[1n, dataJson({ name: "Pixel #1" })]]);
    const client = fakeNode(uris, true);
    const chain = { nfts: new Map([[369, rpcNftSource(client, 369)]]) } as unknown as ChainServices;
    const problems: string[] = [];
    expect(await listNfts(chain, 369, [WALLET], problems, mints([1n]))).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^NFTs on chain 369: NFT ownership could not be read/);
  });
});
