/**
 * Reading a block span in ranges a node accepts: public RPCs cap eth_getLogs (and trace_filter) by
 * block range or result count, each with its own wording; a refused range is halved and tried again.
 * A rate limit is no refusal: the same range is tried again after a wait.
 */

const RATE_LIMIT = /rate.?limit|too many requests|\b429\b/i;

function errorText(err: unknown): string {
  return err instanceof Error ? `${err.message} ${(err as { details?: string }).details ?? ""}` : String(err);
}

/** Whether a node's error says it was asked too often (HTTP 429, a JSON-RPC "rate limit" answer). */
export function isRateLimit(err: unknown): boolean {
  return RATE_LIMIT.test(errorText(err));
}

/** Whether a node's error says the range (or its result) was too large; a rate limit is not. */
export function isRangeError(err: unknown): boolean {
  if (isRateLimit(err)) return false;
  return /range|too many|limit|exceed|10000|timeout/i.test(errorText(err));
}

export interface RangeReadOptions {
  /** Waits before the tries of a rate-limited range (one try per wait); then the rate limit is thrown. */
  rateLimitWaitsMs?: readonly number[];
}

const RATE_LIMIT_WAITS_MS = [500, 1000];

/**
 * Calls `read` for consecutive ranges covering [fromBlock, toBlock], starting with `firstRange`
 * blocks and halving the range whenever the node refuses one; a rate-limited range is waited out and
 * read again at the same size. Other errors are thrown. Resolves with the range last used.
 */
export async function readInRanges(
  fromBlock: number,
  toBlock: number,
  firstRange: number,
  read: (start: number, end: number) => Promise<void>,
  options: RangeReadOptions = {},
): Promise<number> {
  const waits = options.rateLimitWaitsMs ?? RATE_LIMIT_WAITS_MS;
  let range = firstRange;
  let start = fromBlock;
  let limited = 0;
  while (start <= toBlock) {
    const end = Math.min(toBlock, start + range - 1);
    try {
      await read(start, end);
      start = end + 1;
      limited = 0;
    } catch (err) {
      if (isRateLimit(err) && limited < waits.length) await sleep(waits[limited++] ?? 0);
      else if (range > 1 && isRangeError(err)) range = Math.max(1, Math.floor(range / 2));
      else throw err;
    }
  }
  return range;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
