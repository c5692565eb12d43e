import type { PublicClient } from "viem";

/**
 * The last block at or before a unix time, by binary search over block
 * timestamps (about log2(height) reads, remembered per client).
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
    let lo = 0;
    let hi = head;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if ((await this.timeOf(mid)) <= unix) lo = mid;
      else hi = mid;
    }
    this.answers.set(unix, lo);
    return lo;
  }
}
