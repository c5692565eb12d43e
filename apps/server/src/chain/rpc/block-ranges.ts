/**
 * Reading a block span in ranges a node accepts: public RPCs cap eth_getLogs (and trace_filter) by
 * block range or result count, each with its own wording; a refused range is halved and tried again.
 */

/** Whether a node's error says the range (or its result) was too large; a rate limit is not. */
export function isRangeError(err: unknown): boolean {
  const text = err instanceof Error ? `${err.message} ${(err as { details?: string }).details ?? ""}` : String(err);
  if (/rate.?limit|too many requests|\b429\b/i.test(text)) return false;
  return /range|too many|limit|exceed|10000|timeout/i.test(text);
}

/**
 * Calls `read` for consecutive ranges covering [fromBlock, toBlock], starting with `firstRange`
 * blocks and halving the range whenever the node refuses one. Other errors are thrown.
 */
export async function readInRanges(
  fromBlock: number,
  toBlock: number,
  firstRange: number,
  read: (start: number, end: number) => Promise<void>,
): Promise<void> {
  let range = firstRange;
  let start = fromBlock;
  while (start <= toBlock) {
    const end = Math.min(toBlock, start + range - 1);
    try {
      await read(start, end);
      start = end + 1;
    } catch (err) {
      if (range > 1 && isRangeError(err)) range = Math.max(1, Math.floor(range / 2));
      else throw err;
    }
  }
}
