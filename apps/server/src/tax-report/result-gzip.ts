import { once } from "node:events";
import { createGzip } from "node:zlib";
import type { WalletReportResult } from "@pulsemanager/core";

/** Elements per piece handed to zlib: one piece is serialised while zlib compresses the one before. */
const ELEMENTS_PER_PIECE = 2000;
/**
 * Elements per JSON.stringify call. V8 builds a longer result (over ~16 K characters) from parts, and
 * turning it into bytes first joins them: for the 200k bench's rows that join took ~0.4 s (stringify
 * itself ~0.2 s). Sixteen rows stay about within one part, and their strings are written into one buffer.
 */
const ELEMENTS_PER_STRING = 16;
const COMMA = 0x2c;
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

/**
 * `before`, then the JSON of `items` without the array's brackets, as UTF-8 bytes (what JSON.stringify
 * writes between them).
 */
function elementsJson(items: readonly unknown[], before = ""): Buffer {
  const strings: string[] = [];
  let bytes = Buffer.byteLength(before);
  for (let i = 0; i < items.length; i += ELEMENTS_PER_STRING) {
    const json = JSON.stringify(items.slice(i, i + ELEMENTS_PER_STRING));
    strings.push(json);
    // Without its two brackets, with a comma before all but the first.
    bytes += Buffer.byteLength(json) - (i === 0 ? 2 : 1);
  }
  const out = Buffer.allocUnsafe(bytes);
  let at = out.write(before);
  for (let j = 0; j < strings.length; j++) {
    if (j > 0) out[at++] = COMMA;
    at += out.write((strings[j] as string).slice(1, -1), at);
  }
  return out;
}

/**
 * The same bytes handed to `output` as zlib makes them (a store writes them while the rest is made).
 * The keys in the result's order, the rows last (result-head.ts reads what comes before them). The
 * text between pieces goes out with the next piece: a write of its own would be a step of zlib that
 * ends while the next piece is serialised, and zlib would wait for the main thread instead of
 * compressing the piece meanwhile (serialising and compressing took turns: ~0.8 s instead of ~0.45 s).
 */
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
  let drained: Promise<unknown> = Promise.resolve();
  // At most one piece waits for zlib while the next is serialised.
  const write = async (bytes: string | Buffer) => {
    await drained;
    drained = zip.write(bytes) ? Promise.resolve() : Promise.race([once(zip, "drain"), done]);
  };

  const { transactions, ...rest } = result;
  let text = "{";
  let first = true;
  for (const [key, value] of [...Object.entries(rest), ["transactions", transactions] as const]) {
    if (value === undefined) continue;
    text += `${first ? "" : ","}${JSON.stringify(key)}:`;
    first = false;
    if (!Array.isArray(value) || value.length === 0) {
      text += JSON.stringify(value);
      continue;
    }
    text += "[";
    for (let i = 0; i < value.length; i += ELEMENTS_PER_PIECE) {
      await write(elementsJson(value.slice(i, i + ELEMENTS_PER_PIECE), text));
      text = ",";
    }
    text = "]";
  }
  await write(`${text}}`);
  await drained;
  zip.end();
  await done;
}
