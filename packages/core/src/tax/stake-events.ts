/**
 * HEX stakes in the tax report (README.md, "HEX stakes"): starting a stake and ending it are no
 * disposals. The staked lots move into the stake (a wallet key of their own, so that ending a stake
 * returns exactly its lots with their acquisition dates and costs); at the end the principal moves
 * back and only the yield above it is income; a penalty that eats into the principal leaves the
 * stake without proceeds.
 */

/** A stake's start or end as the stake contract's event told it (StakeStart / StakeEnd). */
export interface StakeEvent {
  chainId: number;
  txHash: string;
  /** The staker: one of the user's wallets, lower-case. */
  wallet: string;
  stakeId: string;
  phase: "start" | "end";
  /** The staked token's contract (HEX), lower-case. */
  token: string;
  /** The stake's principal in base units. */
  principal: bigint;
  /** At the end: what the staker got back (principal + yield - penalty), base units; 0 at the start. */
  returned: bigint;
}

/** Which part of a stake an event books. */
export type StakePhase = "start" | "end" | "yield" | "penalty";

/** The wallet key the staked lots wait under: readable as it is in the CSV, the PDF and the page. */
export function stakeWallet(wallet: string, stakeId: string): string {
  return `${wallet} (HEX-Stake ${stakeId})`;
}

const STAKE_WALLET = /^(\S+) \(HEX-Stake (\d+)\)$/;

/** The staker's wallet and the stake id of a stake's wallet key; null for any other wallet. */
export function parseStakeWallet(key: string): { wallet: string; stakeId: string } | null {
  const m = STAKE_WALLET.exec(key);
  return m ? { wallet: m[1] as string, stakeId: m[2] as string } : null;
}

/** The stake events of the user's wallets, found by transaction. */
export class StakeEvents {
  private readonly byTx = new Map<string, StakeEvent[]>();

  constructor(events: readonly StakeEvent[]) {
    for (const e of events) {
      const key = `${e.chainId}:${e.txHash}`;
      const list = this.byTx.get(key);
      if (list) list.push(e);
      else this.byTx.set(key, [e]);
    }
  }

  get size(): number {
    return this.byTx.size;
  }

  of(chainId: number, txHash: string): readonly StakeEvent[] | undefined {
    return this.byTx.get(`${chainId}:${txHash}`);
  }
}
