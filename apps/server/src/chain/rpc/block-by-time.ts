import type { PublicClient } from "viem";

/** One time being searched: time(lo) <= unix < time(hi). */
interface Search {
  unix: number;
  lo: number;
  hi: number;
  interpolate: boolean;
}

/**
 * The last block at or before a unix time. Searches by interpolation over block timestamps (blocks
 * come at a nearly steady pace, so a guess from the times lands close: a handful of reads), with a
 * halving step whenever a guess did not shrink the range by half, so an uneven chain never costs more
 * than about twice log2(height) reads. Many times are searched together: the head is read once, each
 * round's guesses are read at once (one batched request), and every block read narrows every search.
 * Timestamps are remembered per client.
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
    return (await this.blocksAt([unix])).get(unix);
  }

  /** The block of each time (undefined: the chain did not exist yet then). */
  async blocksAt(unixes: readonly number[]): Promise<Map<number, number | undefined>> {
    const out = new Map<number, number | undefined>();
    const wanted = [...new Set(unixes)].filter((u) => {
      const known = this.answers.get(u);
      if (known !== undefined) out.set(u, known);
      return known === undefined;
    });
    if (wanted.length === 0) return out;
    const head = Number(await this.client.getBlockNumber());
    const [first, last] = await Promise.all([this.timeOf(0), this.timeOf(head)]);
    let open: Search[] = [];
    for (const unix of wanted) {
      if (first > unix) out.set(unix, undefined);
      else if (last <= unix) out.set(unix, head);
      else open.push({ unix, lo: 0, hi: head, interpolate: true });
    }
    while (open.length > 0) {
      const guesses = new Map(open.map((s) => [s, this.guess(s)]));
      const read = [...new Set(guesses.values())];
      await Promise.all(read.map((n) => this.timeOf(n)));
      for (const s of open) {
        const width = s.hi - s.lo;
        for (const n of read) this.narrow(s, n);
        s.interpolate = !s.interpolate || s.hi - s.lo <= width / 2;
      }
      open = open.filter((s) => {
        if (s.hi - s.lo > 1) return true;
        this.answers.set(s.unix, s.lo);
        out.set(s.unix, s.lo);
        return false;
      });
    }
    return out;
  }

  /** A read block moves a bound of the search inward when it lies inside its range. */
  private narrow(s: Search, n: number): void {
    if (n <= s.lo || n >= s.hi) return;
    if ((this.times.get(n) as number) <= s.unix) s.lo = n;
    else s.hi = n;
  }

  /**
   * The next block to read: where `unix` would fall if blocks came at a steady pace between lo and hi
   * (strictly inside), or the middle on a halving step. Both bounds' times are known.
   */
  private guess(s: Search): number {
    if (!s.interpolate) return Math.floor((s.lo + s.hi) / 2);
    const tLo = this.times.get(s.lo) as number;
    const tHi = this.times.get(s.hi) as number;
    const at = s.lo + Math.floor(((s.unix - tLo) * (s.hi - s.lo)) / Math.max(1, tHi - tLo));
    return Math.min(s.hi - 1, Math.max(s.lo + 1, at));
  }
}
