import type { PublicClient } from "viem";

/**
 * The last block at or before a unix time. Searches by interpolation over block timestamps (blocks
 * come at a nearly steady pace, so a guess from the times lands close: a handful of reads), with a
 * halving step whenever a guess did not shrink the range by half, so an uneven chain never costs more
 * than about twice log2(height) reads. Timestamps are remembered per client.
 */
export class BlockByTime {
  private readonly times = new Map<number, number>();
  private readonly answers = new Map<number, number>();

  constructor(private readonly client: PublicClient) {}

  private async timeOf(n: number): Promise<number> {
    let t = this.times.get(n);
    if (t === undefined) {
      t = Number((await this.client.getBlock({ blockNumber: BigInt(n) })).timestamp);
      this.times.set(n, t);
    }
    return t;
  }

  /** Undefined when the chain did not exist yet at `unix`. */
  async blockAt(unix: number): Promise<number | undefined> {
    const known = this.answers.get(unix);
    if (known !== undefined) return known;
    const head = Number(await this.client.getBlockNumber());
    if ((await this.timeOf(0)) > unix) return undefined;
    if ((await this.timeOf(head)) <= unix) return head;
    // Invariant: time(lo) <= unix < time(hi).
    let lo = 0;
    let hi = head;
    let interpolate = true;
    while (hi - lo > 1) {
      const width = hi - lo;
      const mid = interpolate ? await this.guess(lo, hi, unix) : Math.floor((lo + hi) / 2);
      if ((await this.timeOf(mid)) <= unix) lo = mid;
      else hi = mid;
      interpolate = !interpolate || hi - lo <= width / 2;
    }
    this.answers.set(unix, lo);
    return lo;
  }

  /** The block where `unix` would fall if blocks came at a steady pace between lo and hi (strictly inside). */
  private async guess(lo: number, hi: number, unix: number): Promise<number> {
    const tLo = await this.timeOf(lo);
    const tHi = await this.timeOf(hi);
    const at = lo + Math.floor(((unix - tLo) * (hi - lo)) / Math.max(1, tHi - tLo));
    return Math.min(hi - 1, Math.max(lo + 1, at));
  }
}
