import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Devchain, SeededHistory } from "../src/index.ts";

export const SNAPSHOT_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), "snapshot", "addresses.json");

const sha256 = (value: unknown): string => createHash("sha256").update(JSON.stringify(value)).digest("hex");

/** Addresses of a started devchain in a stable, reviewable shape (the bulk token list as count, ends and hash). */
export function addressSnapshot(devchain: Devchain): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [id, chain] of Object.entries(devchain.toJSON().chains)) {
    const { bulkTokens, ...contracts } = chain.contracts;
    out[id] = {
      contracts,
      bulkTokens: {
        count: bulkTokens.length,
        first: bulkTokens[0],
        last: bulkTokens.at(-1),
        sha256: sha256(bulkTokens),
      },
      wallets: chain.wallets,
    };
  }
  return out;
}

/** A digest of everything seeded (hashes, blocks, times, amounts): equal digests mean an identical story. */
export function historyDigest(
  seeded: SeededHistory,
): Record<string, { transfers: number; transactions: number; sha256: string }> {
  const out: Record<string, { transfers: number; transactions: number; sha256: string }> = {};
  for (const [id, h] of Object.entries(seeded)) {
    out[id] = { transfers: h.transfers.length, transactions: h.transactions.length, sha256: sha256(h) };
  }
  return out;
}

export interface Snapshot {
  note: string;
  addresses: Record<string, unknown>;
  history: Record<string, { transfers: number; transactions: number; sha256: string }>;
}

export function readSnapshot(): Snapshot | undefined {
  return existsSync(SNAPSHOT_FILE) ? (JSON.parse(readFileSync(SNAPSHOT_FILE, "utf8")) as Snapshot) : undefined;
}

export function writeSnapshot(snapshot: Snapshot): void {
  writeFileSync(SNAPSHOT_FILE, `${JSON.stringify(snapshot, null, 2)}\n`);
}
