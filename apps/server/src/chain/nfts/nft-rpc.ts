import { type Abi, decodeAbiParameters, keccak256, type PublicClient, pad, toHex } from "viem";
import { multicallChunked } from "../balances/multicall-balances.ts";
import { TRANSFER_TOPIC } from "../history/rpc-log-history.ts";
import { metadataFromDataUri, type NftItem } from "./nft-items.ts";

const SINGLE_TOPIC = keccak256(toHex("TransferSingle(address,address,address,uint256,uint256)"));
const BATCH_TOPIC = keccak256(toHex("TransferBatch(address,address,address,uint256[],uint256[])"));

const nftAbi = [
  { type: "function", name: "name", stateMutability: "view", inputs: [], outputs: [{ type: "string" }] },
  {
    type: "function",
    name: "ownerOf",
    stateMutability: "view",
    inputs: [{ type: "uint256" }],
    outputs: [{ type: "address" }],
  },
  {
    type: "function",
    name: "tokenURI",
    stateMutability: "view",
    inputs: [{ type: "uint256" }],
    outputs: [{ type: "string" }],
  },
  {
    type: "function",
    name: "balanceOf",
    stateMutability: "view",
    inputs: [{ type: "address" }, { type: "uint256" }],
    outputs: [{ type: "uint256" }],
  },
  {
    type: "function",
    name: "uri",
    stateMutability: "view",
    inputs: [{ type: "uint256" }],
    outputs: [{ type: "string" }],
  },
] as const satisfies Abi;

interface Candidate {
  wallet: string;
  standard: NftItem["standard"];
  contract: string;
  tokenId: bigint;
}

export type Log = { address: string; topics: string[]; data: `0x${string}` };

/**
 * NFTs on a plain node: every ERC-721 Transfer (the id as fourth topic) and ERC-1155
 * TransferSingle / TransferBatch that reached a wallet, kept only while the wallet still holds
 * the token (ownerOf / balanceOf), with the collection's name and what a data: tokenURI says.
 */
export async function discoverNftsByLogs(
  client: PublicClient,
  chainId: number,
  wallets: readonly string[],
  /** The wallets' incoming Transfer logs when the caller has read them already (token discovery). */
  known?: readonly Log[],
): Promise<NftItem[]> {
  if (wallets.length === 0) return [];
  const topics = wallets.map((w) => pad(w.toLowerCase() as `0x${string}`, { size: 32 }));
  const [erc721, erc1155] = await Promise.all([
    known ?? getLogs(client, [TRANSFER_TOPIC, null, topics]),
    getLogs(client, [[SINGLE_TOPIC, BATCH_TOPIC], null, null, topics]),
  ]);
  const seen = new Map<string, Candidate>();
  const add = (c: Candidate) => seen.set(`${c.wallet}:${c.contract}:${c.tokenId}`, c);
  for (const log of erc721) {
    if (log.topics.length !== 4) continue;
    add({
      wallet: topicAddress(log.topics[2]),
      standard: "ERC-721",
      contract: lower(log.address),
      tokenId: BigInt(log.topics[3] as string),
    });
  }
  for (const log of erc1155) {
    const wallet = topicAddress(log.topics[3]);
    const ids =
      log.topics[0] === SINGLE_TOPIC
        ? [decodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], log.data)[0]]
        : decodeAbiParameters([{ type: "uint256[]" }, { type: "uint256[]" }], log.data)[0];
    for (const tokenId of ids) add({ wallet, standard: "ERC-1155", contract: lower(log.address), tokenId });
  }
  return describe(client, chainId, [...seen.values()]);
}

/** tokenURIs are read a few per call: one huge answer (an airdropped NFT) then costs only its neighbours' metadata. */
const URI_CHUNK = 10;

type Read = Awaited<ReturnType<typeof multicallChunked>>[number];

/** A read the node did not answer (a chunk refused), as opposed to a call that reverted (a burned token). */
const unanswered = (r: Read | undefined) => r?.status === "failure" && !/ reverted$/.test(r.error.message);

function nftCall(c: Candidate, functionName: string, args: readonly unknown[]) {
  return { address: c.contract as `0x${string}`, abi: nftAbi as Abi, functionName, args };
}

async function describe(client: PublicClient, chainId: number, candidates: Candidate[]): Promise<NftItem[]> {
  const reads = await multicallChunked(
    client,
    candidates.flatMap((c) =>
      c.standard === "ERC-721"
        ? [nftCall(c, "ownerOf", [c.tokenId]), nftCall(c, "name", [])]
        : [nftCall(c, "balanceOf", [c.wallet, c.tokenId]), nftCall(c, "name", [])],
    ),
    1000,
  );
  const failed = reads.find((r, i) => i % 2 === 0 && unanswered(r));
  if (failed?.status === "failure") throw new Error(`NFT ownership could not be read (${failed.error.message})`);
  const held = candidates.filter((c, i) => amountHeld(c, reads[i * 2]) > 0n);
  const uris = await readUris(client, held);
  return held.map((c, i) => {
    const name = reads[candidates.indexOf(c) * 2 + 1];
    const uri = uris[i];
    const meta = uri?.status === "success" ? metadataFromDataUri(String(uri.result)) : { name: null, image: null };
    return {
      chainId,
      wallet: c.wallet,
      standard: c.standard,
      contract: c.contract,
      tokenId: c.tokenId.toString(),
      amount: amountHeld(c, reads[candidates.indexOf(c) * 2]).toString(),
      collection: name?.status === "success" ? String(name.result).slice(0, 64) || null : null,
      name: meta.name,
      imageSource: meta.image,
    };
  });
}

function amountHeld(c: Candidate, held: Read | undefined): bigint {
  if (held?.status !== "success") return 0n;
  if (c.standard === "ERC-1155") return held.result as bigint;
  return lower(String(held.result)) === c.wallet ? 1n : 0n;
}

/** The tokenURIs, a few per call; a call the node refuses is read again one by one. */
async function readUris(client: PublicClient, held: Candidate[]): Promise<Read[]> {
  const calls = held.map((c) => nftCall(c, c.standard === "ERC-721" ? "tokenURI" : "uri", [c.tokenId]));
  const reads = await multicallChunked(client, calls, URI_CHUNK);
  const again = reads.flatMap((r, i) => (unanswered(r) ? [i] : []));
  if (again.length === 0) return reads;
  const single = await multicallChunked(
    client,
    again.map((i) => calls[i] as (typeof calls)[number]),
    1,
  );
  again.forEach((index, k) => {
    reads[index] = single[k] as Read;
  });
  return reads;
}

async function getLogs(client: PublicClient, topics: unknown[]): Promise<Log[]> {
  const head = Number(await client.getBlockNumber());
  const out: Log[] = [];
  let range = 1_000_000;
  let start = 0;
  while (start <= head) {
    const end = Math.min(head, start + range - 1);
    try {
      const logs = (await client.request({
        method: "eth_getLogs",
        params: [{ fromBlock: toHex(start), toBlock: toHex(end), topics: topics as never }],
      })) as Log[];
      out.push(...logs);
      start = end + 1;
    } catch (err) {
      if (range <= 1000) throw err;
      range = Math.floor(range / 4);
    }
  }
  return out;
}

const lower = (a: string) => a.toLowerCase();
const topicAddress = (topic: string | undefined) => `0x${(topic ?? "").slice(-40)}`.toLowerCase();
