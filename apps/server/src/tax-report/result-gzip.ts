import { once } from "node:events";
import { createGzip } from "node:zlib";
import type { WalletReportResult } from "@pulsemanager/core";

const ROWS_PER_CHUNK = 2000;
/**
 * zlib's level 3 instead of its default 6: on the 200k bench's result (75 MB of JSON) serialising and
 * compressing takes ~1.2 s of CPU instead of ~1.8 s (level 0, no compression: ~1.3 s), for 10.8 MB of
 * gzip instead of 9.2 (+18 %). Levels 1-2 save no more CPU and grow it further; 4 costs as much as 6.
 */
const GZIP_LEVEL = 3;
/**
 * zlib's output per step on its thread (default 16 KB, ~100 KB of this JSON): with 1 MB one step
 * compresses a whole piece of rows while the next is serialised; with 16 KB zlib waits for the main
 * thread after every step, so serialising and compressing took turns.
 */
const GZIP_CHUNK_BYTES = 1024 * 1024;

/**
 * The result as gzip-compressed JSON, serialised once and written in pieces: a report of 200,000
 * rows is a few hundred MB of JSON, close to the longest string V8 allows, so it is never built as one
 * string. The next piece is serialised while zlib (on its own thread) compresses the last one.
 */
export async function gzipReportResult(result: WalletReportResult): Promise<Buffer> {
  const parts: Buffer[] = [];
  await writeReportResultGzip(result, (b) => parts.push(b));
  return Buffer.concat(parts);
}

/** The same bytes handed to `output` as zlib makes them (a store writes them while the rest is made). */
export async function writeReportResultGzip(
  result: WalletReportResult,
  output: (bytes: Buffer) => void,
): Promise<void> {
  const zip = createGzip({ level: GZIP_LEVEL, chunkSize: GZIP_CHUNK_BYTES });
  zip.on("data", output);
  const done = new Promise<void>((resolve, reject) => {
    zip.on("end", resolve);
    zip.on("error", reject);
  });
  const write = async (bytes: string | Buffer) => {
    if (!zip.write(bytes)) await Promise.race([once(zip, "drain"), done]);
  };

  const { transactions, ...rest } = result;
  const head = JSON.stringify(rest);
  // `rest` serialised without its closing brace, then the rows, then the brace.
  let written = write(`${head.slice(0, -1)},"transactions":[`);
  for (let i = 0; i < transactions.length; i += ROWS_PER_CHUNK) {
    // One array's JSON, encoded as a whole and written without its brackets (one byte each). Slicing
    // the string first made a string of parts that took ~0.4 s longer to encode for the 200k bench's rows.
    const chunk = Buffer.from(JSON.stringify(transactions.slice(i, i + ROWS_PER_CHUNK)));
    // Serialised while zlib compresses the piece before; at most one piece waits.
    await written;
    if (i > 0) zip.write(",");
    written = write(chunk.subarray(1, -1));
  }
  await written;
  await write("]}");
  zip.end();
  await done;
}
