export class BodyTooLarge extends Error {}

/**
 * A response body read up to `maxBytes`: reading stops (and the connection is dropped) as soon as
 * the body passes the limit, whatever it announced; an abort of `signal` stops it too.
 */
export async function readLimited(res: Response, maxBytes: number, signal?: AbortSignal): Promise<Uint8Array> {
  const reader = res.body?.getReader();
  if (!reader) return new Uint8Array();
  const stop = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener("abort", stop);
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (signal?.aborted) throw signal.reason ?? new Error("aborted");
      if (done) break;
      size += value.length;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new BodyTooLarge(`body larger than ${maxBytes} bytes`);
      }
      parts.push(value);
    }
  } finally {
    signal?.removeEventListener("abort", stop);
  }
  return new Uint8Array(Buffer.concat(parts));
}
