import { once } from "node:events";
import { createGzip } from "node:zlib";
import type { WalletReportResult } from "@pulsemanager/core";

const ROWS_PER_CHUNK = 2000;

/**
 * The result as gzip-compressed JSON, serialised once and written in pieces: a report of 200,000
 * rows is a few hundred MB of JSON, close to the longest string V8 allows, so it is never built as one
 * string. The next piece is serialised while zlib (on its own thread) compresses the last ones.
 */
export async function gzipReportResult(result: WalletReportResult): Promise<Buffer> {
  const zip = createGzip({ level: 6 });
  const parts: Buffer[] = [];
  zip.on("data", (b: Buffer) => parts.push(b));
  const done = new Promise<void>((resolve, reject) => {
    zip.on("end", resolve);
    zip.on("error", reject);
  });
  const write = async (s: string) => {
    if (!zip.write(s)) await Promise.race([once(zip, "drain"), done]);
  };

  const { transactions, ...rest } = result;
  const head = JSON.stringify(rest);
  // `rest` serialised without its closing brace, then the rows, then the brace.
  await write(`${head.slice(0, -1)},"transactions":[`);
  for (let i = 0; i < transactions.length; i += ROWS_PER_CHUNK) {
    // One array's JSON without its brackets: the rows as JSON.stringify writes each.
    const chunk = JSON.stringify(transactions.slice(i, i + ROWS_PER_CHUNK));
    await write((i > 0 ? "," : "") + chunk.slice(1, -1));
  }
  await write("]}");
  zip.end();
  await done;
  return Buffer.concat(parts);
}
