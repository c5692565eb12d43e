/**
 * An ERC-721 collection on chain 369, deployed by account 13 after the HEX stakes: B holds two
 * tokens whose tokenURI is a data: URI with a name and a PNG image, E one token without metadata
 * (README.md, "NFTs").
 */
import type { Address } from "viem";
import type { Artifacts } from "./artifacts.ts";
import { deployMany, enableAccount } from "./common.ts";
import type { DevchainWallets } from "./types.ts";
import type { ChainWriter } from "./writer.ts";

export const NFT_COLLECTION = { name: "Pulse Pixels", symbol: "PIXEL" } as const;

/** 16 x 16 single-colour PNGs. */
const PNGS = [
  "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR42mPIs/lAEmIY1TCqYfhqAAB1zZoQ+gQkBwAAAABJRU5ErkJggg==",
  "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR42mP4MMuGJMQwqmFUw/DVAAAP2MYQ0IY3gQAAAABJRU5ErkJggg==",
];

function metadataUri(name: string, png: string): string {
  const json = JSON.stringify({ name, image: `data:image/png;base64,${png}` });
  return `data:application/json;base64,${Buffer.from(json).toString("base64")}`;
}

/** What is minted: token id, holder (a user index) and tokenURI ("" = no metadata). */
export function nftMints(users: Address[]): { tokenId: bigint; to: Address; uri: string }[] {
  return [
    { tokenId: 1n, to: users[1] as Address, uri: metadataUri("Pulse Pixel #1", PNGS[0] as string) },
    { tokenId: 2n, to: users[1] as Address, uri: metadataUri("Pulse Pixel #2", PNGS[1] as string) },
    { tokenId: 3n, to: users[4] as Address, uri: "" },
  ];
}

/** The first transaction of account 13 (its address never moves), then the mints in one block. */
export async function deployNfts(
  w: ChainWriter,
  art: Artifacts,
  wallets: DevchainWallets,
  opts: { seed: boolean; at?: number },
): Promise<Address> {
  const from = wallets.nftDeployer;
  await enableAccount(w.rpc, from, 10_000_000);
  const [collection] = await deployMany(
    w,
    [
      {
        from,
        artifact: art.own.NftCollection,
        args: [NFT_COLLECTION.name, NFT_COLLECTION.symbol],
        step: "deploy the NFT collection",
      },
    ],
    opts.at,
  );
  if (!collection) throw new Error("devchain: no NFT collection");
  if (!opts.seed) return collection;
  for (const m of nftMints(wallets.users)) {
    await w.queue(
      w.call(from, collection, art.own.NftCollection.abi, "mint", [m.to, m.tokenId, m.uri], {
        kind: "setup",
        step: `mint NFT #${m.tokenId}`,
        gas: 1_000_000n,
      }),
    );
  }
  await w.mine(opts.at === undefined ? undefined : opts.at + 60);
  return collection;
}
