/**
 * What the report tests on stored history share: transfer rows as the history sync stores them
 * (PulseChain after the fork, one block per transaction), an explorer with nothing new, euro rates
 * stored per day, and a report job run to its result.
 */
import { taxReportJobSchema, type WalletReportResult, walletReportResultSchema } from "@pulsemanager/core";
import { expect } from "vitest";
import type { Db } from "../../src/db/client.ts";
import { fxRates } from "../../src/db/schema.ts";
import { type Fake, startFake } from "../providers/fake-http.ts";
import type { HttpClient } from "./http-client.ts";

export const txHash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
/** Unix seconds of a UTC day at noon. */
export const noonOf = (day: string) => Date.parse(`${day}T12:00:00Z`) / 1000;

/**
 * A maker of stored transfer rows on PulseChain from `firstBlock` on (after the fork's block 17,233,000:
 * the records are the user's own); a transaction's first record (logIndex 0) opens a new block.
 */
export function transferRows(firstBlock: number) {
  let block = firstBlock;
  return (tx: number, day: string, from: string, to: string, token: string, amount: bigint, logIndex = 0) => ({
    chainId: 369,
    txHash: txHash(tx),
    kind: "l",
    logIndex,
    blockNumber: logIndex === 0 ? ++block : block,
    timestamp: noonOf(day),
    fromAddress: from,
    toAddress: to,
    token,
    amount: amount.toString(),
    fee: "0",
    source: "test",
  });
}

/** A Blockscout `/api` with nothing new for anyone (`failFor`: an address whose reads fail with 502). */
export function startQuietExplorer(failFor?: string): Promise<Fake> {
  return startFake(async (req) => {
    if (req.query.get("action") === "eth_block_number") return { json: { jsonrpc: "2.0", id: 1, result: "0x1400000" } };
    if (failFor && req.query.get("address")?.toLowerCase() === failFor) return { status: 502, text: "Bad Gateway" };
    return { json: { status: "0", message: "No transactions found", result: [] } };
  });
}

/** The server's settings for reading both chains' history from that explorer, no DefiLlama, no ECB. */
export function quietExplorerEnv(explorer: Fake): Record<string, string> {
  return {
    PULSECHAIN_HISTORY_SOURCE: "blockscout",
    ETHEREUM_HISTORY_SOURCE: "blockscout",
    PULSECHAIN_BLOCKSCOUT_URL: `${explorer.url}/api`,
    ETHEREUM_BLOCKSCOUT_URL: `${explorer.url}/api`,
    DEFILLAMA_URL: "off",
    ECB_URL: "off",
  };
}

/** The same ECB rate (USD per EUR) stored for every day from `from` to `to` ("YYYY-MM-DD" or unix ms). */
export async function storeEurRates(db: Db, from: string | number, to: string | number, usdPerEur = "1.1") {
  const days: { day: string; usdPerEur: string }[] = [];
  const start = typeof from === "number" ? from : Date.parse(from);
  const end = typeof to === "number" ? to : Date.parse(to);
  for (let d = start; d <= end; d += 86_400_000) days.push({ day: new Date(d).toISOString().slice(0, 10), usdPerEur });
  await db.insert(fxRates).values(days);
}

/** Runs a report job to its end and answers its id and result; a failed job fails the test. */
export async function runReport(client: HttpClient, body: Record<string, unknown>) {
  const start = await client.post("/api/wallet-report", body);
  expect(start.status).toBe(202);
  const id = start.json.jobId as string;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const job = taxReportJobSchema.parse((await client.get(`/api/wallet-report/${id}`)).json);
    if (job.status === "completed") break;
    if (job.status === "failed" || Date.now() > deadline) throw new Error(JSON.stringify(job));
    await new Promise((r) => setTimeout(r, 100));
  }
  const result: WalletReportResult = walletReportResultSchema.parse(
    (await client.get(`/api/wallet-report/${id}/result`)).json,
  );
  return { id, result };
}
