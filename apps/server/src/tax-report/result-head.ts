import { createGunzip } from "node:zlib";
import type { WalletReportResult } from "@pulsemanager/core";

export type ResultHead = Omit<WalletReportResult, "transactions">;

/** Where result-gzip.ts starts the rows: everything before it is the rest of the result. */
const ROWS_START = ',"transactions":[';

/**
 * Everything of a stored result but its rows (figures, holdings, unknowns, meta): unzipped only as
 * far as the rows begin (gzipReportResult writes them last), so a result of 200,000 rows costs no
 * more than a small one.
 */
export async function readResultHead(gzipped: Buffer): Promise<ResultHead> {
  const unzip = createGunzip();
  const decoder = new TextDecoder();
  let text = "";
  const head = await new Promise<string>((resolve, reject) => {
    let done = false;
    unzip.on("data", (chunk: Buffer) => {
      if (done) return;
      text += decoder.decode(chunk, { stream: true });
      const at = text.indexOf(ROWS_START);
      if (at >= 0) {
        done = true;
        resolve(`${text.slice(0, at)}}`);
        unzip.destroy();
      }
    });
    unzip.on("end", () => {
      if (done) return;
      done = true;
      resolve(text);
    });
    unzip.on("error", (err) => {
      if (!done) reject(err);
    });
    unzip.end(gzipped);
  });
  const parsed = JSON.parse(head) as ResultHead & { transactions?: unknown };
  delete parsed.transactions;
  return parsed;
}
